import type { ReplayMode } from '../core/index.ts';
import type { ActionEvent, LogEvent } from './events.ts';

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
  return !event.hidden;
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
    if (event.kind !== 'action' || event.source !== 'agent' || NOT_LLM_ACTIONS.has(event.type) || event.hidden)
      return false;
    const sameResponse = event.responseId !== null && event.responseId === this.previousResponseId;
    this.previousResponseId = event.responseId;
    return !sameResponse;
  }
}

/**
 * What a replay needs to know about a log whatever the condenser: where the steps are and which
 * events enter the history. Computed once per log, so that re-running with other settings is cheap.
 */
export interface PreparedLog {
  readonly events: readonly LogEvent[];
  /** stepBefore[i] = 1 when an agent LLM call happens just before events[i]. */
  readonly stepBefore: Uint8Array;
  readonly inHistory: Readonly<Record<ReplayMode, Uint8Array>>;
  /** Every id in the log, ascending. */
  readonly sortedIds: readonly number[];
  readonly maxId: number;
  /** Index of the first user message that enters the history (the agent's initial user message); -1 if none. */
  readonly firstUserMessage: number;
}

/** The initial user message the agent finds in its history at the step before `events[eventIndex]`. */
export function initialUserMessageAt(log: PreparedLog, eventIndex: number): ActionEvent | null {
  const first = log.firstUserMessage;
  return first >= 0 && first < eventIndex ? (log.events[first] as ActionEvent) : null;
}

export function prepareLog(events: readonly LogEvent[]): PreparedLog {
  const detector = new StepDetector();
  const stepBefore = new Uint8Array(events.length);
  const recorded = new Uint8Array(events.length);
  const resimulate = new Uint8Array(events.length);
  let maxId = -1;
  let firstUserMessage = -1;
  events.forEach((event, i) => {
    if (
      firstUserMessage < 0 &&
      event.kind === 'action' &&
      event.type === 'message' &&
      event.source === 'user' &&
      !event.hidden
    )
      firstUserMessage = i;
    stepBefore[i] = detector.isStepBefore(event) ? 1 : 0;
    recorded[i] = entersHistory(event, 'recorded') ? 1 : 0;
    resimulate[i] = entersHistory(event, 'resimulate') ? 1 : 0;
    if (event.id > maxId) maxId = event.id;
  });
  const sortedIds = events.map((event) => event.id).sort((a, b) => a - b);
  return { events, stepBefore, inHistory: { recorded, resimulate }, sortedIds, maxId, firstUserMessage };
}
