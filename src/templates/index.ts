// The agent's Jinja prompt templates: compiled with Jinja2's defaults, our own default wording,
// and the user's own templates loaded in their place.
export {
  type AgentTemplateSources,
  TemplateError,
  agentTemplateNameOf,
  compileAgentTemplates,
} from './agentTemplates.ts';
export { DEFAULT_AGENT_TEMPLATES } from './defaults.ts';
