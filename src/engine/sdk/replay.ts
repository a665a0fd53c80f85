
import { type LlmAnswer, type LlmWork, LlmUnavailable } from '../core/llm.ts';

import { OpenHandsFailure } from '../core/failures.ts';
import { type ReplayMode, MAX_CONDENSER_CALLS_PER_STEP, type ReplayFailure } from '../core/steps.ts';
import { type SdkCondenser, isCondensationDraft } from './condenser.ts';
import { PINNED_SDK_RULES, type SdkRules } from './config.ts';
import { NoCondensationAvailable } from './errors.ts';
import { type CondensationDraft, condensationEvent } from './events.ts';
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
    return { kind: 'openhands', message: `The SDK agent would fail here: ${error.message}`, pythonError: error.pythonError };
  }
  if (error instanceof LlmUnavailable) return { kind: 'llm', message: error.message, pythonError: null };
  const detail = error instanceof Error ? error.message : String(error);
  if (fromLlm) return { kind: 'llm', message: `The summarizer's LLM call failed (${detail}) and the condenser let it through; the SDK agent would fail here.`, pythonError: null };
  return { kind: 'internal', message: `The inspector failed while replaying this step: ${detail}`, pythonError: null };
}

function trackerFor(rules: SdkRules): SdkViewTracker {
  return rules === '1.43.1' ? new IncrementalViewTracker() : new LegacyViewTracker();
}

/**
 * Replays an SDK log as the SDK's agent loop would run it: walks the active branch in order and, just
 * before each agent LLM call, asks the condenser for the view (re-simulate) or takes the view the
 * recorded history gives (as recorded). A condensation is appended to the history and the condenser
 * asked again, as the agent's next step would. Yields the condensers' LLM requests. Pure.
 */
export function* replaySdk(input: SdkReplayInput): LlmWork<SdkReplayResult> {
  const { log, mode, condenser } = input;
  const rules = input.rules ?? PINNED_SDK_RULES;
  const agentLlm = input.agentLlm ?? null;
  if (mode === 'resimulate' && !condenser) throw new Error('re-simulating needs a condenser');
  const tracker = trackerFor(rules);
  const inHistory = log.inHistory[mode];
  const steps: SdkReplayStep[] = [];
  const allCondensations: SdkCondensationRecord[] = [];
  let made = 0;
  let llmCalls = 0;
  const nextId = () => {
    let id: string;
    do id = `replay-condensation-${++made}`;
    while (log.ids.has(id));
    return id;
  };

  for (let eventIndex = 0; eventIndex < log.events.length; eventIndex++) {
    const event = log.events[eventIndex]!;
    if (log.stepBefore[eventIndex]) {
      const index = steps.length;
      const condensations: SdkCondensationRecord[] = [];
      let finalView: SdkView | null = null;
      let failure: ReplayFailure | null = null;
      let llmError: unknown = undefined;
      try {
        for (let call = 0; call < MAX_CONDENSER_CALLS_PER_STEP && !finalView; call++) {
          const view = tracker.view();
          if (mode === 'recorded' || !condenser) {
            finalView = view;
            break;
          }
          const callsBefore = llmCalls;
          const work = condenser.condense(view, agentLlm);
          let next = work.next();
          while (!next.done) {
            let answer: LlmAnswer;
            try {
              answer = yield next.value;
            } catch (error) {
              // A failed call goes back into the condenser, which may retry (the hard reset does).
              llmError = error;
              llmCalls++;
              next = work.throw(error);
              continue;
            }
            llmCalls++;
            next = work.next(answer);
          }
          const result = next.value;
          if (!isCondensationDraft(result)) {
            finalView = result;
            break;
          }
          const record = recordOf(nextId(), index, result, llmCalls > callsBefore ? llmCalls - 1 : null);
          tracker.append(condensationEvent(record.id, result));
          condensations.push(record);
          allCondensations.push(record);
        }
        if (!finalView) {
          failure = {
            kind: 'loop',
            message: `The condenser condensed ${MAX_CONDENSER_CALLS_PER_STEP} times in a row at this step without handing the agent a view; the SDK agent would keep condensing, one step each. The replay stops here.`,
            pythonError: null,
          };
        }
      } catch (error) {
        failure = failureOf(error, error === llmError);
      }
      const view = failure ? null : finalView;
      const step: SdkReplayStep = {
        index,
        beforeEventId: event.id,
        beforeEventIndex: eventIndex,
        condensations,
        view,
        viewLength: view?.length ?? 0,
        viewTokens: view && agentLlm && input.countViewTokens ? totalTokens(view.events, agentLlm) : 0,
        unhandledCondensationRequest: view?.unhandledCondensationRequest ?? false,
        failure,
      };
      steps.push(step);
      input.onStep?.(step, view);
      if (failure) break;
    }
    if (inHistory[eventIndex]) tracker.append(event);
  }
  return { mode, rules, steps, condensations: allCondensations, llmCalls };
}

function recordOf(id: string, stepIndex: number, draft: CondensationDraft, llmCall: number | null): SdkCondensationRecord {
  return { id, stepIndex, forgottenEventIds: draft.forgottenEventIds, summary: draft.summary, summaryOffset: draft.summaryOffset, llmCall };
}
