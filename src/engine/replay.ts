import { type Condenser, OpenHandsFailure, isCondensation } from './condenser.ts';
import {
  type ActionEvent,
  type CondensationArgs,
  condensationArgsProblem,
  makeAction,
} from './events.ts';
import { type ForgottenIds, forgottenIds } from './forgotten.ts';
import type { PreparedLog, ReplayMode } from './history.ts';
import { type LlmWork, LlmUnavailable } from './llm.ts';
import { type TokenEstimator, ZERO_TOKENS, cachingTextCounts, positionTokens, viewTokens } from './tokens.ts';
import { type View, type ViewPosition, ViewTracker } from './view.ts';

/** At most this many condenser calls per step; then the replay stops rather than loop forever. */
export const MAX_CONDENSER_CALLS_PER_STEP = 10;

export interface CondensationRecord {
  /** Id of the condensation action (one past the log's largest id, counting up, when the replay made it). */
  readonly id: number;
  readonly stepIndex: number;
  readonly args: CondensationArgs;
  /** Every id it forgets, as OpenHands lists them (sorted, duplicates kept), a range left unexpanded. */
  readonly forgotten: ForgottenIds;
  /** Index of the LLM call whose answer made it (its summary or ranking), if one did. */
  readonly llmCall: number | null;
}

export type FailureKind = 'openhands' | 'llm' | 'loop' | 'internal';

export interface ReplayFailure {
  readonly kind: FailureKind;
  /** Plain words: what happened and what OpenHands would do. */
  readonly message: string;
  /** The exception OpenHands' code raises here, when it is one of its own failures. */
  readonly pythonError: string | null;
}

export interface ReplayStep {
  readonly index: number;
  /** The logged event the agent produced after this LLM call. */
  readonly beforeEventId: number;
  readonly beforeEventIndex: number;
  readonly condensations: readonly CondensationRecord[];
  /** Where the history stood at the step's last condenser call; null when the step failed. */
  readonly position: ViewPosition | null;
  /** Size of the view the agent got (after every condenser of the configuration). */
  readonly viewLength: number;
  readonly viewTokens: number;
  readonly unhandledCondensationRequest: boolean;
  readonly failure: ReplayFailure | null;
}

export interface ReplayResult {
  readonly mode: ReplayMode;
  readonly steps: readonly ReplayStep[];
  readonly condensations: readonly CondensationRecord[];
  /** How many LLM answers the replay consumed. */
  readonly llmCalls: number;
}

export interface ReplayInput {
  /** The whole log, prepared once (see prepareLog). */
  readonly log: PreparedLog;
  readonly mode: ReplayMode;
  /** Required to re-simulate; ignored as recorded. */
  readonly condenser?: Condenser;
  readonly tokens?: TokenEstimator;
  /**
   * Called after each step with the view the agent got (null when the step failed): to report
   * progress, or to write a trace out while replaying instead of keeping every view.
   */
  readonly onStep?: (step: ReplayStep, view: View | null) => void;
}

function failureOf(error: unknown): ReplayFailure {
  if (error instanceof OpenHandsFailure) {
    return { kind: 'openhands', message: `OpenHands would fail here: ${error.message}`, pythonError: error.pythonError };
  }
  if (error instanceof LlmUnavailable) return { kind: 'llm', message: error.message, pythonError: null };
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message: `The inspector failed while replaying this step: ${detail}`, pythonError: null };
}

function syntheticCondensation(id: number, args: CondensationArgs): ActionEvent {
  const base = { id, index: -1, source: 'agent', cause: null, responseId: null, loggedMessage: null, hidden: false } as const;
  return makeAction(base, 'condensation', {}, args);
}

/**
 * Replays a log as OpenHands' agent loop would have: walks the events in order and, just before each
 * agent LLM call, asks the condenser for the view (re-simulate) or takes the view the recorded history
 * gives (as recorded). Yields the condensers' LLM requests to the caller. Pure and deterministic.
 */
export function* replay(input: ReplayInput): LlmWork<ReplayResult> {
  const { log, mode, condenser } = input;
  const { events, stepBefore } = log;
  const inHistory = log.inHistory[mode];
  if (mode === 'resimulate' && !condenser) throw new Error('re-simulating needs a condenser');
  const tokens = cachingTextCounts(input.tokens ?? ZERO_TOKENS);
  const tracker = new ViewTracker(log.sortedIds, input.tokens ? (event) => tokens.event(event) : undefined);
  const steps: ReplayStep[] = [];
  const allCondensations: CondensationRecord[] = [];
  let nextId = log.maxId + 1;
  let llmCalls = 0;

  for (let eventIndex = 0; eventIndex < events.length; eventIndex++) {
    const event = events[eventIndex]!;
    if (stepBefore[eventIndex]) {
      const index = steps.length;
      const condensations: CondensationRecord[] = [];
      let position: ViewPosition | null = null;
      let base: View | null = null;
      let finalView: View | null = null;
      let failure: ReplayFailure | null = null;
      try {
        for (let call = 0; call < MAX_CONDENSER_CALLS_PER_STEP && !finalView; call++) {
          position = tracker.position();
          base = tracker.view();
          if (mode === 'recorded' || !condenser) {
            finalView = base;
            break;
          }
          const direct = condenser.passThrough(base);
          if (direct) {
            finalView = direct;
            break;
          }
          // Driven by hand rather than with yield*, to count the LLM answers that pass through.
          const callsBefore = llmCalls;
          const work = condenser.condense(base);
          let next = work.next();
          while (!next.done) {
            const answer = yield next.value;
            llmCalls++;
            next = work.next(answer);
          }
          const result = next.value;
          if (!isCondensation(result)) {
            finalView = result;
            break;
          }
          const problem = condensationArgsProblem(result.args);
          if (problem) {
            throw new OpenHandsFailure(`the condenser produced an invalid condensation: ${problem}`, 'ValueError: Invalid configuration of the optional fields.');
          }
          const action = syntheticCondensation(nextId++, result.args);
          tracker.append(action);
          const record: CondensationRecord = {
            id: action.id,
            stepIndex: index,
            args: result.args,
            forgotten: forgottenIds(result.args),
            llmCall: llmCalls > callsBefore ? llmCalls - 1 : null,
          };
          condensations.push(record);
          allCondensations.push(record);
        }
        if (!finalView) {
          failure = {
            kind: 'loop',
            message: `The condenser condensed ${MAX_CONDENSER_CALLS_PER_STEP} times in a row at this step without handing the agent a view; OpenHands would keep condensing, one agent iteration each. The replay stops here.`,
            pythonError: null,
          };
        }
      } catch (error) {
        failure = failureOf(error);
      }
      const step: ReplayStep = {
        index,
        beforeEventId: event.id,
        beforeEventIndex: event.index,
        condensations,
        position: failure ? null : position,
        viewLength: finalView && !failure ? finalView.length : 0,
        viewTokens:
          !input.tokens || !finalView || failure || !position
            ? 0
            : finalView === base
              ? positionTokens(position, tokens)
              : viewTokens(finalView, tokens),
        unhandledCondensationRequest: finalView?.unhandledCondensationRequest ?? false,
        failure,
      };
      steps.push(step);
      input.onStep?.(step, failure ? null : finalView);
      if (failure) break;
    }
    if (inHistory[eventIndex]) tracker.append(event);
  }
  return { mode, steps, condensations: allCondensations, llmCalls };
}
