import { OpenHandsFailure, LlmUnavailable, replayLoop } from '../core/index.ts';
import type { ReplayFailure, ReplayMode, LlmWork, LoopCondenser, LoopHistory } from '../core/index.ts';
import { type SdkCondenser, isCondensationDraft } from './condenser.ts';
import { PINNED_SDK_RULES, type SdkRules } from './ruleDates.ts';
import { NoCondensationAvailable } from './errors.ts';
import { type CondensationDraft, type SdkEvent, condensationEvent } from './events.ts';
import { LegacyViewTracker } from './legacyView.ts';
import type { PreparedSdkLog } from './log.ts';
import { type AgentLlm, totalTokens } from './tokens.ts';
import { IncrementalViewTracker, type SdkViewTracker } from './tracker.ts';
import type { SdkView } from './view.ts';

export interface SdkCondensationRecord {
  /** `replay-condensation-N` for the ones the replay made. */
  readonly id: string;
  readonly stepIndex: number;
  /** In the order the condenser listed them (view order). */
  readonly forgottenEventIds: readonly string[];
  readonly summary: string | null;
  readonly summaryOffset: number | null;
  /** Index of the LLM call whose answer is its summary, if one was asked. */
  readonly llmCall: number | null;
}

export interface SdkReplayStep {
  readonly index: number;
  /** The logged event the agent produced after this LLM call. */
  readonly beforeEventId: string;
  readonly beforeEventIndex: number;
  readonly condensations: readonly SdkCondensationRecord[];
  /** The view the agent got; null when the step failed. */
  readonly view: SdkView | null;
  readonly viewLength: number;
  /** Tokens of that view by the agent LLM's counter; 0 unless asked for (`countViewTokens`). */
  readonly viewTokens: number;
  readonly unhandledCondensationRequest: boolean;
  readonly failure: ReplayFailure | null;
}

export interface SdkReplayResult {
  readonly mode: ReplayMode;
  readonly rules: SdkRules;
  readonly steps: readonly SdkReplayStep[];
  readonly condensations: readonly SdkCondensationRecord[];
  readonly llmCalls: number;
}

export interface SdkReplayInput {
  readonly log: PreparedSdkLog;
  readonly mode: ReplayMode;
  /** Required to re-simulate; ignored as recorded. */
  readonly condenser?: SdkCondenser;
  /** Which SDK's View semantics apply (the condenser must be built for the same rules). */
  readonly rules?: SdkRules;
  /** The agent's LLM for token counts and its context window; without it there is no token trigger. */
  readonly agentLlm?: AgentLlm | null;
  /** Count each step's view with the agent LLM's counter (`viewTokens`). */
  readonly countViewTokens?: boolean;
  readonly onStep?: (step: SdkReplayStep, view: SdkView | null) => void;
}

function failureOf(error: unknown, fromLlm: boolean): ReplayFailure {
  if (error instanceof NoCondensationAvailable) {
    return {
      kind: 'openhands',
      message: `The SDK agent would fail here: no condensation is available although one is required (${error.message})`,
      pythonError: `NoCondensationAvailableException: ${error.message}`,
    };
  }
  if (error instanceof OpenHandsFailure) {
    return {
      kind: 'openhands',
      message: `The SDK agent would fail here: ${error.message}`,
      pythonError: error.pythonError,
    };
  }
  if (error instanceof LlmUnavailable) return { kind: 'llm', message: error.message, pythonError: null };
  const detail = error instanceof Error ? error.message : String(error);
  if (fromLlm)
    return {
      kind: 'llm',
      message: `The summarizer's LLM call failed (${detail}) and the condenser let it through; the SDK agent would fail here.`,
      pythonError: null,
    };
  return { kind: 'internal', message: `The inspector failed while replaying this step: ${detail}`, pythonError: null };
}

function trackerFor(rules: SdkRules): SdkViewTracker {
  return rules === '1.43.1' ? new IncrementalViewTracker() : new LegacyViewTracker();
}

/**
 * Replays an SDK log as the SDK's agent loop would run it (the shared replay loop over the SDK's View
 * and condensers): walks the active branch in order and, just before each agent LLM call, asks the
 * condenser for the view (re-simulate) or takes the view the recorded history gives (as recorded).
 * Yields the condensers' LLM requests. Pure.
 */
export function* replaySdk(input: SdkReplayInput): LlmWork<SdkReplayResult> {
  const { log, mode, condenser } = input;
  const rules = input.rules ?? PINNED_SDK_RULES;
  const agentLlm = input.agentLlm ?? null;
  if (mode === 'resimulate' && !condenser) throw new Error('re-simulating needs a condenser');
  const tracker = trackerFor(rules);
  const steps: SdkReplayStep[] = [];
  const allCondensations: SdkCondensationRecord[] = [];
  let made = 0;
  const nextId = () => {
    let id: string;
    do id = `replay-condensation-${++made}`;
    while (log.ids.has(id));
    return id;
  };
  const history: LoopHistory<SdkEvent, SdkView, CondensationDraft, SdkCondensationRecord> = {
    view: () => tracker.view(),
    append: (event) => tracker.append(event),
    condensed(draft, stepIndex, llmCall) {
      const record = recordOf(nextId(), stepIndex, draft, llmCall);
      tracker.append(condensationEvent(record.id, draft));
      allCondensations.push(record);
      return record;
    },
  };
  const active: LoopCondenser<SdkView, CondensationDraft> | null =
    mode === 'resimulate' && condenser
      ? { condense: (view) => condenser.condense(view, agentLlm), isCondensation: isCondensationDraft }
      : null;
  const llmCalls = yield* replayLoop({
    events: log.events,
    stepBefore: log.stepBefore,
    inHistory: log.inHistory[mode],
    history,
    condenser: active,
    failureOf,
    agent: 'the SDK agent',
    onStep(loopStep) {
      const { view, failure } = loopStep;
      const step: SdkReplayStep = {
        index: loopStep.index,
        beforeEventId: log.events[loopStep.eventIndex]!.id,
        beforeEventIndex: loopStep.eventIndex,
        condensations: loopStep.condensations,
        view,
        viewLength: view?.length ?? 0,
        viewTokens: view && agentLlm && input.countViewTokens ? totalTokens(view.events, agentLlm) : 0,
        unhandledCondensationRequest: view?.unhandledCondensationRequest ?? false,
        failure,
      };
      steps.push(step);
      input.onStep?.(step, view);
    },
  });
  return { mode, rules, steps, condensations: allCondensations, llmCalls };
}

function recordOf(
  id: string,
  stepIndex: number,
  draft: CondensationDraft,
  llmCall: number | null,
): SdkCondensationRecord {
  return {
    id,
    stepIndex,
    forgottenEventIds: draft.forgottenEventIds,
    summary: draft.summary,
    summaryOffset: draft.summaryOffset,
    llmCall,
  };
}
