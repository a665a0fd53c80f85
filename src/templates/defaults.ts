import { type AgentTemplateName } from '../engine/v0/index.ts';

/*
 * The inspector's own wording for the templates OpenHands' agent renders. They take the same variables as
 * OpenHands' files (additional_info.j2, microagent_info.j2, system_prompt.j2), so a user who loads their
 * agent's own templates reads the exact text their agent read; until then, these stand in.
 */

const ADDITIONAL_INFO = `{% if repository_info %}
<repository>
Repository {{ repository_info.repo_name }}, checked out at {{ repository_info.repo_directory }}.
{% if repository_info.branch_name %}Branch in use: {{ repository_info.branch_name }} (keep working on it unless asked to switch).
{% endif %}
</repository>
{% endif %}
{% if repository_instructions -%}
<repository_notes>
{{ repository_instructions }}
</repository_notes>
{% endif %}
{% if runtime_info -%}
<environment>
{% if runtime_info.working_dir %}Working directory: {{ runtime_info.working_dir }}
{% endif %}
{% if runtime_info.available_hosts %}Hosts that serve this workspace:
{% for host, port in runtime_info.available_hosts.items() -%}
* {{ host }} (port {{ port }})
{% endfor %}
{% endif %}
{% if runtime_info.additional_agent_instructions %}{{ runtime_info.additional_agent_instructions }}
{% endif %}
{% if runtime_info.custom_secrets_descriptions %}Secrets available as environment variables:
{% for secret_name, secret_description in runtime_info.custom_secrets_descriptions.items() -%}
* \${{ secret_name }}: {{ secret_description }}
{% endfor %}
{% endif %}
{% if runtime_info.date %}Today is {{ runtime_info.date }}.
{% endif %}
</environment>
{% if conversation_instructions and conversation_instructions.content -%}
<conversation_notes>
{{ conversation_instructions.content }}
</conversation_notes>
{% endif %}
{% endif %}
`;

const MICROAGENT_INFO = `{% for agent_info in triggered_agents %}
<knowledge source="{{ agent_info.name }}" trigger="{{ agent_info.trigger }}">
{{ agent_info.content }}
</knowledge>
{% endfor %}
`;

const SYSTEM_PROMPT = `[This log recorded no system message. The agent's own system_prompt.j2 would stand here: load your agent's templates to read its exact text.]
`;

export const DEFAULT_AGENT_TEMPLATES: Readonly<Record<AgentTemplateName, string>> = {
  additional_info: ADDITIONAL_INFO,
  microagent_info: MICROAGENT_INFO,
  system_prompt: SYSTEM_PROMPT,
};
