import { ConfigError, MAX_CONDENSER_CALLS_PER_STEP, minMax } from '../../engine/index.ts';
import {
  type CondensationArgs,
  type CondensationRecord,
  type Condenser,
  type PreparedLog,
  type ReplayResult,
  type ReplayStep,
  type View,
  type ViewEntry,
  buildCondenser,
  eventMessage,
  eventPromptText,
  forgottenAmong,
  forgottenIds,
  forgottenKey,
  prepareLog,
  readCondenserConfig,
  replay,
} from '../../engine/v0/index.ts';
import { type ParsedLog, type RecordedBill, SHAPE_LABELS, agentCallsByEvent } from '../../formats/index.ts';
import { countEventTokens, tokenEstimator } from '../../llm/tokenCount.ts';
import { initialConfig, recordedConfig } from './defaultConfig.ts';
import { type LoggedCondensation, creditRecordedCondensations } from '../recordedCondensations.ts';
import { v0AgentCalls, v0LearnedFromLog, v0StepWalk, v0TraceEncoder } from './v0Flavor.ts';
import { recordedUsage } from '../recordedUsage.ts';
import { LogSummaries, condenserUsageAt } from '../logSummaries.ts';
import {
  type FlavorLog,
  type FlavorReplay,
  type InspectedLog,
  type MadeCondensation,
  inspectedLog,
  oneLine,
  stepSummary,
} from '../inspectedLog.ts';
import type { EventRow, ViewItem } from '../types.ts';

function viewItem(entry: ViewEntry): ViewItem {
  switch (entry.kind) {
    case 'summary':
      return { kind: 'summary', content: entry.content, condensationId: entry.condensationId };
    case 'masked': {
      let target = entry.original;
      while (target.kind === 'masked') target = target.original;
      return target.kind === 'summary'
        ? { kind: 'masked', content: entry.content, targetId: null, targetIndex: null }
        : { kind: 'masked', content: entry.content, targetId: target.id, targetIndex: target.index };
    }
    default:
      return { kind: 'event', id: entry.id, index: entry.index };
  }
}

/**
 * The page lists at most this many of the ids a condensation forgets (it shows their first runs and
 * the count): a log of 150 condensations of the range 0..9,999,999 must not become 1.5 billion ids.
 */
const FORGOTTEN_LISTED = 1000;

/** The log's events a condensation forgets (a range counted against the log's own ids), the first of them listed. */
function forgottenOfLog(
  prepared: PreparedLog,
  args: CondensationArgs,
): { forgottenEventIds: number[]; forgottenCount: number } {
  const { ids, count } = forgottenAmong(forgottenIds(args), prepared.sortedIds, FORGOTTEN_LISTED);
  return { forgottenEventIds: ids, forgottenCount: count };
}

/** The log's own condensations that entered the agent's history. */
function loggedCondensations(prepared: PreparedLog): LoggedCondensation[] {
  return prepared.events.flatMap((event, i) =>
    event.kind === 'action' && event.condensation && prepared.inHistory.recorded[i]
      ? [
          {
            index: i,
            id: event.id,
            ...forgottenOfLog(prepared, event.condensation),
            summary: event.condensation.summary,
            summaryOffset: event.condensation.summaryOffset,
          },
        ]
      : [],
  );
}

/** The log's summaries, each keyed by the log events its condensation forgot. */
function v0LogSummaries(prepared: PreparedLog, bill: RecordedBill): LogSummaries {
  const usageAt = condenserUsageAt(bill);
  const recorded = prepared.events.flatMap((event, i) =>
    event.kind === 'action' && event.condensation?.summary != null && prepared.inHistory.recorded[i]
      ? [
          {
            key: forgottenKey(forgottenIds(event.condensation), prepared.sortedIds),
            summary: event.condensation.summary,
            usage: usageAt(i),
          },
        ]
      : [],
  );
  // A V0 summarizer forgets the range from the first to the last event it summarized.
  return new LogSummaries(recorded, (forgets) => {
    const [start, end] = minMax(forgets as readonly number[]);
    return forgottenKey({ kind: 'range', start, end }, prepared.sortedIds);
  });
}

/** An OpenHands V0 log, replayed by the V0 engine. */
export function openV0Log(parsed: ParsedLog): InspectedLog {
  const prepared = prepareLog(parsed.events);
  const rows = (): EventRow[] =>
    parsed.events.map((event, i) => ({
      index: event.index,
      id: event.id,
      kind: event.kind,
      type: event.type,
      source: event.source,
      summary: oneLine(event.loggedMessage ?? eventMessage(event)),
      inHistory: { recorded: prepared.inHistory.recorded[i] === 1, resimulate: prepared.inHistory.resimulate[i] === 1 },
    }));
  const recordedSummaries = parsed.events.flatMap((event) =>
    event.kind === 'action' && event.condensation?.summary != null ? [event.condensation.summary] : [],
  );
  const logged = loggedCondensations(prepared);
  const callAt = agentCallsByEvent(parsed.recorded);
  const flavor: FlavorLog<ReplayStep, View> = {
    raw: parsed.raw,
    eventText: (index) => eventPromptText(parsed.events[index]!),
    rows,
    opened: {
      flavor: 'v0',
      shape: parsed.shape,
      shapeLabel: SHAPE_LABELS[parsed.shape],
      notes: parsed.notes,
      instances: parsed.instances,
      instanceId: parsed.instanceId,
      suggestedConfig: initialConfig(parsed.recordedCondenser),
      configRecorded: recordedConfig(parsed.recordedCondenser) !== null,
      sdkRules: null,
      recordedSummaries,
      recordedCondensations: logged.length,
      agentMaxInputTokens: null,
      agentModel: parsed.events.find((event) => event.toolCall?.response.model)?.toolCall?.response.model ?? null,
      // V0 trajectories record the model's answers, not the request's parameters.
      agentSampling: {},
    },
    recorded: parsed.recorded,
    logSummaries: v0LogSummaries(prepared, parsed.recorded),
    recordedCallAt: (step) => callAt(step.beforeEventIndex),
    learnedFromLog: (settings, model, tokens) =>
      parsed.recorded.nothingRecorded
        ? null
        : v0LearnedFromLog(prepared, settings, tokens, recordedUsage(parsed.recorded, model)),
    needsTokens: () => false,
    countTokens: (countText, from, to, into) => countEventTokens(parsed.events, countText, from, to, into),
    encoder: v0TraceEncoder,
    traceBound(compact) {
      // Every step's view is at most the whole log; a condensation forgets ids of its view, or every id
      // of a range between two of them, which runs past the view only over ids the log leaves unused.
      const events = prepared.events.length;
      const steps = prepared.stepBefore.reduce((sum, flag) => sum + flag, 0);
      const span = prepared.sortedIds.length ? prepared.maxId - Math.min(prepared.sortedIds[0]!, -1) + 1 : 0;
      const unused = Math.max(0, span - events);
      return {
        steps,
        items: compact ? events : events * events,
        forgottenIds: steps * MAX_CONDENSER_CALLS_PER_STEP * unused,
        widest: null,
      };
    },
    ids: parsed.events.map((event) => event.id),
    sortedFileNames: parsed.shape === 'v0-events-folder',
    agentCalls: (settings, model, tokens) =>
      v0AgentCalls(prepared, settings, tokens, recordedUsage(parsed.recorded, model)),
    condensationsMade: (step) => step.condensations.map((c) => madeCondensation(prepared, c)),
    prepare(request, tokens, onStep) {
      let condenser: Condenser | null = null;
      let notes: readonly string[] = [];
      if (request.mode === 'resimulate') {
        try {
          const read = readCondenserConfig(request.config);
          notes = read.notes;
          condenser = buildCondenser(read.config, request.prompts);
        } catch (error) {
          if (error instanceof ConfigError) return { configError: error.message };
          throw error;
        }
      }
      const estimator = tokens ? tokenEstimator(tokens.counts, tokens.countText) : undefined;
      const active = request.mode === 'resimulate' ? condenser : null;
      const work = (function* () {
        const result = yield* replay({
          log: prepared,
          mode: request.mode,
          condenser: condenser ?? undefined,
          tokens: estimator,
          onStep,
        });
        return replayed(prepared, result, active, logged);
      })();
      return { work, notes };
    },
  };
  return inspectedLog(flavor);
}

/** A condensation the replay made, as its result lists it. */
function madeCondensation(prepared: PreparedLog, c: CondensationRecord): MadeCondensation {
  return {
    id: c.id,
    stepIndex: c.stepIndex,
    ...forgottenOfLog(prepared, c.args),
    summary: c.args.summary,
    summaryOffset: c.args.summaryOffset,
    llmCall: c.llmCall,
  };
}

function replayed(
  prepared: PreparedLog,
  result: ReplayResult,
  condenser: Condenser | null,
  logged: readonly LoggedCondensation[],
): FlavorReplay<ReplayStep, View> {
  const made = {
    steps: result.steps.map(stepSummary),
    condensations: result.condensations.map((c) => madeCondensation(prepared, c)),
  };
  const { steps, condensations } = result.mode === 'recorded' ? creditRecordedCondensations(made.steps, logged) : made;
  const walk = v0StepWalk(result.steps, condenser);
  return {
    mode: result.mode,
    steps,
    condensations,
    walk,
    stepView(step) {
      if (!result.steps[step]) throw new Error(`there is no step ${step}`);
      const view = walk.view(step);
      return view ? view.entries.map(viewItem) : [];
    },
  };
}
