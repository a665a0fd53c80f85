import { AGENT_TEMPLATE_FILES, type AgentTemplateName, type AgentTemplates } from '../engine/v0/index.ts';
import { DEFAULT_AGENT_TEMPLATES } from './defaults.ts';
import { JinjaTemplate, TemplateError } from './jinja.ts';

/** Template texts by name; the names left out keep the inspector's own wording. */
export type AgentTemplateSources = Partial<Record<AgentTemplateName, string>>;

const NAMES = Object.keys(AGENT_TEMPLATE_FILES) as AgentTemplateName[];

/** Which template a file name is (`additional_info.j2` → additional_info), or null. */
export function agentTemplateNameOf(fileName: string): AgentTemplateName | null {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return NAMES.find((name) => AGENT_TEMPLATE_FILES[name] === base) ?? null;
}

/**
 * Compiles the agent's templates for the engine's template port. A syntax error is reported at once,
 * naming the file, rather than at the first step that needs the template.
 */
export function compileAgentTemplates(sources: AgentTemplateSources = {}): AgentTemplates {
  const compiled = {} as Record<AgentTemplateName, JinjaTemplate>;
  for (const name of NAMES) {
    try {
      compiled[name] = new JinjaTemplate(sources[name] ?? DEFAULT_AGENT_TEMPLATES[name]);
    } catch (error) {
      throw new TemplateError(
        `${AGENT_TEMPLATE_FILES[name]}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return { render: (name, context) => compiled[name].render(context) };
}

export { TemplateError };
