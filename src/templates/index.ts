export {
  type AgentTemplateSources,
  TemplateError,
  agentTemplateNameOf,
  compileAgentTemplates,
} from './agentTemplates.ts';
export { DEFAULT_AGENT_TEMPLATES } from './defaults.ts';
