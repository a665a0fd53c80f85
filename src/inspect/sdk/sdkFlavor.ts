import {
  type LearnedUsage,
  MAX_LEARNED_CALLS,
  type RecordedUsage,
  type TextTokens,
  learnFromCallsInSteps,
  noLlm,
  runSync,
  sdk,
  sharedRun,
  sharedStart,
} from '../../engine/index.ts';
import type { ChatSettings } from '../agentRun.ts';
import type { AgentCallsPort, StepWalk, TraceEncoder } from '../flavor.ts';

type Step = sdk.SdkReplayStep;
type View = sdk.SdkView;

const condensationJson = (record: sdk.SdkCondensationRecord) =>
  JSON.stringify({
    id: record.id,
    forgotten_event_ids: record.forgottenEventIds,
    summary: record.summary,
    summary_offset: record.summaryOffset,
  });

/** SDK steps and views in the trace: the same keys as V0's, string ids; each item's JSON remembered. */
export function sdkTraceEncoder(): TraceEncoder<Step, View> {
  /** Each logged event's item by log position: every event shows up in many steps. */
  const logged: string[] = [];
  /** Summaries by id (deterministic, and each with one text). */
  const summaries = new Map<string, string>();
  const item = (event: sdk.ViewEvent): string => {
    if (event.index >= 0) return (logged[event.index] ??= JSON.stringify(sdk.sdkTraceViewItem(event)));
    let json = summaries.get(event.id);
    if (json === undefined) {
      json = JSON.stringify(sdk.sdkTraceViewItem(event));
      summaries.set(event.id, json);
    }
    return json;
  };
  return {
    beforeEventIdJson: (step) => JSON.stringify(step.beforeEventId),
    condensationsJson: (step) => `[${step.condensations.map(condensationJson).join(',')}]`,
    failure: (step) => step.failure,
    unhandledCondensationRequest: (step) => step.unhandledCondensationRequest,
    viewTokens: (step) => step.viewTokens,
    viewLength: (view) => view.length,
    itemsJson(view, from, to) {
      const events = view.events;
      const parts = new Array<string>(Math.max(0, to - from));
      for (let k = from; k < to; k++) parts[k - from] = item(events[k]!);
      return parts;
    },
    visitItems(view, from, to, visit) {
      const events = view.events;
      for (let k = from; k < to; k++) {
        const event = events[k]!;
        if (event.kind === 'CondensationSummaryEvent') visit.text(event.summary);
        else visit.event(event.index);
      }
    },
    beforeEventIndex: (step) => step.beforeEventIndex,
    forgottenLengths: (step) => step.condensations.map((c) => c.forgottenEventIds.length),
    matchingRun: (previous, i, view, j, max) => sharedRun(previous.events, i, view.events, j, max),
    findItem: (previous, from, view, at) => previous.events.indexOf(view.events[at]!, from),
    sharedPrefix(previous, view) {
      return sharedStart(previous.events, view.events);
    },
  };
}

/** A finished SDK replay keeps each step's view. */
export function sdkStepWalk(steps: readonly Step[]): StepWalk<Step, View> {
  return { steps, view: (index) => steps[index]?.view ?? null };
}

/** The SDK agent's LLM calls; its message builder merges events, so messages are not tied back to them. */
export function sdkAgentCalls(
  events: readonly sdk.SdkEvent[],
  settings: ChatSettings,
  tokens: TextTokens,
  recorded: (eventIndex: number) => RecordedUsage | null = () => null,
): AgentCallsPort<Step, View> {
  const calls = new sdk.SdkAgentCalls(events, { profile: settings.profile, tokens });
  return {
    tools: calls.tools,
    toolTokens: calls.toolTokens,
    request(_step, view) {
      const built = calls.request(view.events);
      return built.messages ? { messages: built.messages, eventIds: null } : { error: built.error };
    },
    call: (step, view) => calls.call(view ? calls.request(view.events) : null, recorded(step.beforeEventIndex)),
  };
}

/** What re-simulations learn from: the log's own run, as recorded, against its recorded usage (its first calls). */
export function sdkLearnedFromLog(
  log: sdk.PreparedSdkLog,
  events: readonly sdk.SdkEvent[],
  settings: ChatSettings,
  tokens: TextTokens,
  recorded: (eventIndex: number) => RecordedUsage | null,
): Generator<void, LearnedUsage, void> {
  const calls = sdkAgentCalls(events, settings, tokens, recorded);
  // The replay is quick; measuring the calls is not. A step's view stays readable after the replay.
  const steps: (readonly [Step, View | null])[] = [];
  runSync(
    sdk.replaySdk({
      log,
      mode: 'recorded',
      onStep: (step, view) => {
        if (steps.length < MAX_LEARNED_CALLS) steps.push([step, view]);
      },
    }),
    noLlm,
  );
  return learnFromCallsInSteps(settings.profile, steps, (step, view) => calls.call(step, view));
}
