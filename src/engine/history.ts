import type { LogEvent } from './events.ts';

/** How a replay treats the log: what the agent saw, or what it would have seen with another condenser. */
export type ReplayMode = 'recorded' | 'resimulate';

function isHidden(event: LogEvent): boolean {
  const bag = event.kind === 'action' ? event.args : event.extras;
  return bag.hidden === true;
}

/**
 * The agent controller's history filter: no null or agent-state events, nothing hidden. Re-simulation
 * also drops the log's own condensations, since the chosen condenser makes its own.
 */
export function entersHistory(event: LogEvent, mode: ReplayMode): boolean {
  if (event.kind === 'action') {
    if (event.type === 'null' || event.type === 'change_agent_state') return false;
    if (mode === 'resimulate' && event.type === 'condensation') return false;
  } else if (event.type === 'null' || event.type === 'agent_state_changed') {
    return false;
  }
  return !isHidden(event);
}

/** Agent actions that are not the answer of an agent LLM call. */
const NOT_LLM_ACTIONS = new Set(['system', 'condensation', 'change_agent_state', 'null', 'recall']);

/**
 * Finds the agent's LLM calls: one just before each agent action, except the later actions of a
 * multi-tool-call response, which OpenHands hands out from a queue without calling the condenser.
 * Hidden actions never reach the agent's history, so they mark no call either.
 */
export class StepDetector {
  private previousResponseId: string | null = null;

  /** True when an LLM call (a step) happens just before `event`. Call once per event, in log order. */
  isStepBefore(event: LogEvent): boolean {
    if (event.kind !== 'action' || event.source !== 'agent' || NOT_LLM_ACTIONS.has(event.type) || isHidden(event)) return false;
    const sameResponse = event.responseId !== null && event.responseId === this.previousResponseId;
    this.previousResponseId = event.responseId;
    return !sameResponse;
  }
}
