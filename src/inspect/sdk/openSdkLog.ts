import { ConfigError, MAX_CONDENSER_CALLS_PER_STEP, sdk } from '../../engine/index.ts';
import { type RecordedBill, SHAPE_LABELS, type SdkParsedLog, agentCallsByEvent } from '../../formats/index.ts';
import { sdkAgentLlm } from '../../llm/tokenCount.ts';
import {
  type FlavorLog,
  type FlavorReplay,
  type InspectedLog,
  type MadeCondensation,
  inspectedLog,
  oneLine,
  stepSummary,
} from '../inspectedLog.ts';
import { LogSummaries, condenserUsageAt } from '../logSummaries.ts';
import { type LoggedCondensation, creditRecordedCondensations } from '../recordedCondensations.ts';
import { sdkAgentCalls, sdkLearnedFromLog, sdkStepWalk, sdkTraceEncoder } from './sdkFlavor.ts';
import { recordedUsage } from '../recordedUsage.ts';
import type { EventRow, ReplayRequest, ViewItem } from '../types.ts';

const ACTION_LIKE = new Set([
  'ActionEvent',
  'MessageEvent',
  'SystemPromptEvent',
  'Condensation',
  'CondensationRequest',
]);
const OBSERVATION_LIKE = new Set(['ObservationEvent', 'UserRejectObservation', 'AgentErrorEvent']);

function typeOf(event: sdk.SdkEvent): string {
  switch (event.kind) {
    case 'ActionEvent':
      return event.actionKind ?? event.toolName;
    case 'ObservationEvent':
      return event.toolName;
    case 'MessageEvent':
      return `message (${event.role})`;
    case 'SystemPromptEvent':
      return 'system';
    case 'Condensation':
      return 'condensation';
    case 'CondensationRequest':
      return 'condensation_request';
    case 'AgentErrorEvent':
      return 'error';
    case 'UserRejectObservation':
      return 'user_rejected';
    case 'CondensationSummaryEvent':
      return 'summary';
    case 'OtherEvent':
      return event.sdkKind;
  }
}

function summaryOf(event: sdk.SdkEvent): string {
  if (event.kind === 'Condensation') {
    return `Forgets ${event.forgottenEventIds.length} events${event.summary ? `: ${event.summary}` : ''}`;
  }
  if (event.kind === 'CondensationRequest') return 'Requesting a condensation of the conversation history.';
  if (event.kind === 'OtherEvent') return event.sdkKind;
  // str(event) without its "Kind (source)" head line.
  return oneLine(sdk.eventString(event).split('\n').slice(1).join(' '));
}

function viewItem(event: sdk.ViewEvent): ViewItem {
  if (event.kind === 'CondensationSummaryEvent')
    return { kind: 'summary', content: event.summary, condensationId: event.id.replace(/-summary$/, '') };
  return { kind: 'event', id: event.id, index: event.index };
}

/** The log's own condensations that entered the agent's history. */
function loggedCondensations(events: readonly sdk.SdkEvent[], inHistory: Uint8Array): LoggedCondensation[] {
  return events.flatMap((event, index) =>
    event.kind === 'Condensation' && inHistory[index]
      ? [
          {
            index,
            id: event.id,
            forgottenEventIds: event.forgottenEventIds,
            summary: event.summary,
            summaryOffset: event.summaryOffset,
          },
        ]
      : [],
  );
}

/** The log's summaries, each keyed by the events its condensation forgot (the SDK lists them all). */
function sdkLogSummaries(events: readonly sdk.SdkEvent[], inHistory: Uint8Array, bill: RecordedBill): LogSummaries {
  const usageAt = condenserUsageAt(bill);
  // A later condensation forgets the earlier one's summary, whose id the log never shows as an event
  // (the SDK made it up) and the replay makes its own: one summary is in view at a time, so they are one.
  const logIds = new Set(events.map((event) => event.id));
  const eventKey = (id: number | string) => (logIds.has(String(id)) ? String(id) : '#summary');
  const keyOf = (ids: readonly (number | string)[]) => JSON.stringify(ids.map(eventKey).sort());
  const recorded = events.flatMap((event, index) =>
    event.kind === 'Condensation' && event.summary !== null && inHistory[index]
      ? [{ key: keyOf(event.forgottenEventIds), summary: event.summary, usage: usageAt(index) }]
      : [],
  );
  return new LogSummaries(recorded, keyOf, eventKey);
}

/** A condensation the replay made, as its result lists it. */
function madeCondensation(c: sdk.SdkCondensationRecord): MadeCondensation {
  return {
    id: c.id,
    stepIndex: c.stepIndex,
    forgottenEventIds: c.forgottenEventIds,
    summary: c.summary,
    summaryOffset: c.summaryOffset,
    llmCall: c.llmCall,
  };
}

function replayed(
  events: readonly sdk.SdkEvent[],
  inHistory: Uint8Array,
  result: sdk.SdkReplayResult,
): FlavorReplay<sdk.SdkReplayStep, sdk.SdkView> {
  const made = {
    steps: result.steps.map(stepSummary),
    condensations: result.condensations.map(madeCondensation),
  };
  const { steps, condensations } =
    result.mode === 'recorded' ? creditRecordedCondensations(made.steps, loggedCondensations(events, inHistory)) : made;
  return {
    mode: result.mode,
    steps,
    condensations,
    walk: sdkStepWalk(result.steps),
    stepView(step) {
      const replayedStep = result.steps[step];
      if (!replayedStep) throw new Error(`there is no step ${step}`);
      return replayedStep.view ? replayedStep.view.events.map(viewItem) : [];
    },
  };
}

/** The condenser base_state.json records, if this version can read it. */
function recordedConfig(parsed: SdkParsedLog): sdk.SdkCondenserConfig | null {
  try {
    if (parsed.recordedCondenser !== null)
      return sdk.parseSdkCondenserConfig(parsed.recordedCondenser, parsed.suggestedRules);
  } catch {
    // A recorded condenser this version cannot read: start from the SDK's defaults instead.
  }
  return null;
}

function suggestedConfig(parsed: SdkParsedLog): sdk.SdkCondenserConfig {
  return (
    recordedConfig(parsed) ?? sdk.parseSdkCondenserConfig({ kind: 'LLMSummarizingCondenser' }, parsed.suggestedRules)
  );
}

/** An OpenHands Agent SDK log, replayed by the SDK engine under the rules of the SDK that wrote it. */
export function openSdkLog(parsed: SdkParsedLog): InspectedLog {
  const prepared = sdk.prepareSdkLog(parsed.events, { leafId: parsed.leafId });
  const rows = (): EventRow[] =>
    parsed.events.map((event, i) => ({
      index: i,
      id: event.id,
      kind: ACTION_LIKE.has(event.kind) ? 'action' : OBSERVATION_LIKE.has(event.kind) ? 'observation' : 'other',
      type: typeOf(event),
      source: event.source,
      summary: summaryOf(event),
      inHistory: { recorded: prepared.inHistory.recorded[i] === 1, resimulate: prepared.inHistory.resimulate[i] === 1 },
    }));
  const callAt = agentCallsByEvent(parsed.recorded);
  const rulesOf = (request: ReplayRequest) => request.sdkRules ?? parsed.suggestedRules;
  const configOf = (request: ReplayRequest) => sdk.parseSdkCondenserConfig(request.config, rulesOf(request));
  const notes = [...parsed.notes];
  if (prepared.offBranch > 0)
    notes.push(`${prepared.offBranch} events are not on the conversation's active branch and are left out.`);
  const flavor: FlavorLog<sdk.SdkReplayStep, sdk.SdkView> = {
    raw: parsed.raw,
    eventText: (index) => {
      const event = parsed.events[index]!;
      return sdk.isViewEvent(event)
        ? sdk.eventString(event)
        : `${event.kind === 'OtherEvent' ? event.sdkKind : event.kind} (not in the agent's view)`;
    },
    rows,
    opened: {
      flavor: 'sdk',
      shape: parsed.shape,
      shapeLabel: SHAPE_LABELS[parsed.shape],
      notes,
      instances: parsed.instances,
      instanceId: parsed.instanceId,
      suggestedConfig: suggestedConfig(parsed),
      configRecorded: recordedConfig(parsed) !== null,
      sdkRules: parsed.suggestedRules,
      recordedSummaries: parsed.events.flatMap((event) =>
        event.kind === 'Condensation' && event.summary !== null ? [event.summary] : [],
      ),
      agentMaxInputTokens: parsed.agentContextWindow.tokens,
      agentModel: parsed.agentModel,
      agentSampling: parsed.agentSampling,
      recordedCondensations: loggedCondensations(parsed.events, prepared.inHistory.recorded).length,
    },
    recorded: parsed.recorded,
    logSummaries: sdkLogSummaries(parsed.events, prepared.inHistory.recorded, parsed.recorded),
    recordedCallAt: (step) => callAt(step.beforeEventIndex),
    learnedFromLog: (settings, model, tokens) =>
      parsed.recorded.nothingRecorded
        ? null
        : sdkLearnedFromLog(prepared, parsed.events, settings, tokens, recordedUsage(parsed.recorded, model)),
    encoder: sdkTraceEncoder,
    traceBound(compact) {
      // SDK condensations list the ids they forget, each an event of the view.
      const events = parsed.events.length;
      const steps = prepared.stepBefore.reduce((sum, flag) => sum + flag, 0);
      return {
        steps,
        items: compact ? events : events * events,
        forgottenIds: steps * MAX_CONDENSER_CALLS_PER_STEP * events,
        widest: null,
      };
    },
    ids: parsed.events.map((event) => event.id),
    sortedFileNames: false,
    agentCalls: (settings, model, tokens) =>
      sdkAgentCalls(parsed.events, settings, tokens, recordedUsage(parsed.recorded, model)),
    needsTokens(request) {
      if (request.mode !== 'resimulate') return false;
      try {
        return sdk.sdkConfigWatchesTokens(configOf(request), parsed.agentContextWindow.tokens);
      } catch {
        return false;
      }
    },
    countTokens(countText, from, to, into) {
      for (let i = from; i < to; i++) {
        const event = parsed.events[i]!;
        into[i] = sdk.isViewEvent(event) ? countText(sdk.eventString(event)) : 0;
      }
    },
    condensationsMade: (step) => step.condensations.map(madeCondensation),
    prepare(request, tokens, onStep) {
      const rules = rulesOf(request);
      let condenser: sdk.SdkCondenser | undefined;
      let notes: readonly string[] = [];
      if (request.mode === 'resimulate') {
        try {
          const config = configOf(request);
          const windowNote = sdk.contextWindowNote(config, rules, parsed.agentContextWindow);
          notes = windowNote ? [windowNote] : [];
          condenser = sdk.buildSdkCondenser(config, rules);
        } catch (error) {
          if (error instanceof ConfigError) return { configError: error.message };
          throw error;
        }
      }
      const agentLlm = tokens ? sdkAgentLlm(tokens.countText, parsed.agentContextWindow.tokens) : null;
      const work = (function* () {
        const result = yield* sdk.replaySdk({
          log: prepared,
          mode: request.mode,
          condenser,
          rules,
          agentLlm,
          countViewTokens: agentLlm !== null,
          onStep,
        });
        return replayed(parsed.events, prepared.inHistory.recorded, result);
      })();
      return { work, notes };
    },
  };
  return inspectedLog(flavor);
}
