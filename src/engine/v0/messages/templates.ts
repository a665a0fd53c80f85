import { pyStrip } from '../../core/index.ts';
import { AgentMessagesError } from './draft.ts';

/**
 * The template port. OpenHands renders recall observations and, for logs without a system message, the
 * system prompt from Jinja templates; the engine hands the context to whoever renders them (a Jinja-
 * compatible engine outside the core) and strips the result as OpenHands does.
 */

export type AgentTemplateName = 'system_prompt' | 'additional_info' | 'microagent_info';

export const AGENT_TEMPLATE_FILES: Readonly<Record<AgentTemplateName, string>> = {
  system_prompt: 'system_prompt.j2',
  additional_info: 'additional_info.j2',
  microagent_info: 'microagent_info.j2',
};

export interface AgentTemplates {
  /** Renders one template; throws with a one-line reason when it cannot (syntax, runaway loop...). */
  render(name: AgentTemplateName, context: Readonly<Record<string, unknown>>): string;
}

/** Renders and strips (OpenHands calls `.strip()` on every rendered template); failures name the file. */
export function renderTemplate(
  templates: AgentTemplates,
  name: AgentTemplateName,
  context: Readonly<Record<string, unknown>>,
): string {
  try {
    return pyStrip(templates.render(name, context));
  } catch (error) {
    throw new AgentMessagesError(
      `template ${AGENT_TEMPLATE_FILES[name]}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
