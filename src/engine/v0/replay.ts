import { OpenHandsFailure, LlmUnavailable, replayLoop } from '../core/index.ts';
import type { ReplayFailure, ReplayMode, LlmWork, LoopCondenser, LoopHistory } from '../core/index.ts';
import { type Condensation, type Condenser, isCondensation } from './condenser.ts';
import {
  type ActionEvent,
  type CondensationArgs,
  type LogEvent,
  condensationArgsProblem,
  makeAction,
} from './events.ts';
import { type ForgottenIds, forgottenIds } from './forgotten.ts';
import type { PreparedLog } from './history.ts';
import { type TokenEstimator, ZERO_TOKENS, cachingTextCounts, positionTokens, viewTokensInTurn } from './tokens.ts';
import { type View, type ViewPosition, ViewTracker } from './view.ts';

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
    return {
      kind: 'openhands',
      message: `OpenHands would fail here: ${error.message}`,
      pythonError: error.pythonError,
    };
  }
  if (error instanceof LlmUnavailable) return { kind: 'llm', message: error.message, pythonError: null };
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message: `The inspector failed while replaying this step: ${detail}`, pythonError: null };
}

function syntheticCondensation(id: number, args: CondensationArgs): ActionEvent {
  const base = {
    id,
    index: -1,
    source: 'agent',
    cause: null,
    responseId: null,
    loggedMessage: null,
    hidden: false,
  } as const;
  return makeAction(base, 'condensation', {}, args);
}

/**
 * Replays a log as OpenHands' agent loop would have (the shared replay loop over V0's View and
 * condensers): just before each agent LLM call, the condenser's view (re-simulate) or the view the
 * recorded history gives (as recorded). Yields the condensers' LLM requests. Pure and deterministic.
 */
export function* replay(input: ReplayInput): LlmWork<ReplayResult> {
  const { log, mode, condenser } = input;
  if (mode === 'resimulate' && !condenser) throw new Error('re-simulating needs a condenser');
  const tokens = cachingTextCounts(input.tokens ?? ZERO_TOKENS);
  const transformedTokens = viewTokensInTurn(tokens);
  const tracker = new ViewTracker(log.sortedIds, input.tokens ? (event) => tokens.event(event) : undefined);
  const steps: ReplayStep[] = [];
  const allCondensations: CondensationRecord[] = [];
  let nextId = log.maxId + 1;
  const history: LoopHistory<LogEvent, View, Condensation, CondensationRecord> = {
    view: () => tracker.view(),
    append: (event) => tracker.append(event),
    condensed(result, stepIndex, llmCall) {
      const problem = condensationArgsProblem(result.args);
      if (problem) {
        throw new OpenHandsFailure(
          `the condenser produced an invalid condensation: ${problem}`,
          'ValueError: Invalid configuration of the optional fields.',
        );
      }
      const action = syntheticCondensation(nextId++, result.args);
      tracker.append(action);
      const record: CondensationRecord = {
        id: action.id,
        stepIndex,
        args: result.args,
        forgotten: forgottenIds(result.args),
        llmCall,
      };
      allCondensations.push(record);
      return record;
    },
  };
  const active: LoopCondenser<View, Condensation> | null =
    mode === 'resimulate' && condenser
      ? {
          condense: (view) => condenser.condense(view),
          passThrough: (view) => condenser.passThrough(view),
          isCondensation,
        }
      : null;
  const llmCalls = yield* replayLoop({
    events: log.events,
    stepBefore: log.stepBefore,
    inHistory: log.inHistory[mode],
    history,
    condenser: active,
    failureOf: (error) => failureOf(error),
    agent: 'OpenHands',
    onStep(loopStep) {
      const event = log.events[loopStep.eventIndex]!;
      const { view, base, failure } = loopStep;
      const position = base?.position ?? null;
      const step: ReplayStep = {
        index: loopStep.index,
        beforeEventId: event.id,
        beforeEventIndex: event.index,
        condensations: loopStep.condensations,
        position,
        viewLength: view ? view.length : 0,
        viewTokens:
          !input.tokens || !view || !position
            ? 0
            : view === base
              ? positionTokens(position, tokens)
              : transformedTokens(view),
        unhandledCondensationRequest: view?.unhandledCondensationRequest ?? false,
        failure,
      };
      steps.push(step);
      input.onStep?.(step, view);
    },
  });
  return { mode, steps, condensations: allCondensations, llmCalls };
}
