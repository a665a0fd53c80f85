import { type LearnedUsage, type LlmWork, type ReplayMode, type TextTokens, runToEnd } from '../engine/index.ts';
import type { RawEvents, RecordedBill, RecordedCall } from '../formats/index.ts';
import type { CountText } from '../llm/tokenCount.ts';
import {
  type AgentRun,
  type AgentRunContext,
  type ChatSettings,
  StepUsageStream,
  type UsagePorts,
  agentRun,
} from './agentRun.ts';
import { type AgentCallsPort, type StepWalk, type TraceEncoder, failureText } from './flavor.ts';
import { type EventLives, eventLives } from './eventLife.ts';
import type { LogSummaries } from './logSummaries.ts';
import { profileFor } from './profiles.ts';
import { messagesFigure, usageFigure } from './trace/agentFigures.ts';
import { LogQuality, qualityFigure } from './trace/qualityFigure.ts';
import type { QualityTotal, StepQuality } from './quality/index.ts';
import { type FactOrigin, type QualityReport, factOrigin } from './qualityReport.ts';
import { type StepFigure, TraceWriter } from './trace/traceWriter.ts';
import type {
  AgentSettings,
  CondensationSummary,
  EventId,
  EventRow,
  OpenedLog,
  ReplayQuality,
  ReplayRequest,
  StepSummary,
  ViewItem,
} from './types.ts';

/** A finished replay, whatever the log's engine: the steps and condensations, and each step's view on demand. */
export interface ReplayedLog {
  readonly mode: ReplayMode;
  readonly steps: readonly StepSummary[];
  readonly condensations: ReadonlyArray<Omit<CondensationSummary, 'placeholder'>>;
  /** What the replay assumed that the user should know (a configuration without `type`...). */
  readonly notes: readonly string[];
  stepView(step: number): readonly ViewItem[];
  /** Every event's life across the steps (built on first use, then kept). */
  lives(): EventLives;
  /** The agent's LLM calls of this replay. Throws a TemplateError when the session's templates do not compile. */
  agent(settings: AgentSettings, context: AgentRunContext): AgentRun;
  /** The facts each step's view had lost that the agent used (spec/quality.md): the trace's `quality` figure. */
  quality(): ReplayQuality;
  /** The same, worked out a step at a time: it pauses (yields) after each step. */
  qualityInSteps(): Generator<void, ReplayQuality, void>;
}

/** The per-event token counts and the counter, once the tokenizer is loaded. */
export interface Tokens {
  readonly counts: Uint32Array;
  readonly countText: CountText;
}

/** What a trace carries besides the views (the CLI's flags). */
export interface TraceOptions {
  readonly compact: boolean;
  readonly viewTokens: boolean;
  /** `messages` under these agent settings. */
  readonly messages: AgentSettings | null;
  /** `usage` and `recorded_usage` under these agent settings. */
  readonly usage: AgentSettings | null;
  /** The agent's text tokens (needed for `usage`). */
  readonly textTokens: TextTokens | null;
  /** `quality`: the facts the agent used that its view had lost (spec/quality.md). */
  readonly quality?: boolean;
  /** Top-level fields worked out before the replay (the CLI's `counterfactual`), written after the steps. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Where a request stands before its replay runs: the work, or what is wrong with its configuration. */
export type Prepared<T> =
  { readonly work: LlmWork<T>; readonly notes: readonly string[] } | { readonly configError: string };

/**
 * One opened log of either engine (OpenHands V0 or the Agent SDK): what the host and the commands ask
 * of it. Built by `inspectedLog` from the engine's own FlavorLog, so each of these is written once.
 */
export interface InspectedLog {
  /** The log as opened, but for its table rows: rows() builds those when they are sent. */
  readonly opened: Omit<OpenedLog, 'rows'>;
  /**
   * The event table's rows, built afresh at each call: the host sends them to the page once and keeps
   * none (a 1 GB log's rows, with their one-line summaries, are tens of megabytes), and a command that
   * shows no table never builds them.
   */
  rows(): EventRow[];
  /** Event ids in log order. */
  readonly ids: readonly EventId[];
  /** Each event's JSON as the log has it (read again from the file's bytes where it can be). */
  readonly raw: RawEvents;
  /** An event as OpenHands prints it (`str(event)`): the text its summarizers read. */
  eventText(index: number): string;
  /** True when a correct replay needs token counts (an SDK token limit): the host loads them first. */
  needsTokens(request: ReplayRequest): boolean;
  /** Counts the tokens of events from..to-1 into `into` (the host counts in slices, between other requests). */
  countTokens(countText: CountText, from: number, to: number, into: Uint32Array): void;
  /** Every LLM call the log records, with its usage and cost as recorded. */
  readonly recorded: RecordedBill;
  /** The log's own summaries, answering only summarizer calls that forget exactly the events they summarized. */
  readonly logSummaries: LogSummaries;
  /**
   * The engine work for a request (it yields LLM requests). `watch` hears each step's index and the
   * condensations it made as the step is replayed; what it throws ends the replay.
   */
  replay(
    request: ReplayRequest,
    tokens: Tokens | null,
    watch?: (stepIndex: number, made: readonly MadeCondensation[]) => void,
  ): Prepared<ReplayedLog>;
  /** The work that writes the request's trace (spec/replay.md §6) a step at a time. */
  trace(
    request: ReplayRequest,
    tokens: Tokens | null,
    options: TraceOptions,
    write: (text: string) => void,
  ): Prepared<void>;
  /** What a trace of the request would hold: its steps, their view items and the ids its condensations list. */
  traceSize(request: ReplayRequest, tokens: Tokens | null): Prepared<TraceSize>;
  /** About the most a trace of this log can hold, told without replaying (a full trace, or `compact`). */
  traceBound(compact: boolean): TraceSize;
  /** Facts lost over the request's replay, per step (the trace's `quality`, as data). */
  quality(request: ReplayRequest, tokens: Tokens | null): Prepared<QualityReport>;
  /** Where a fact used at a step of a replay had gone from view. */
  factOrigin(fact: string, replayed: ReplayedLog, step: number): FactOrigin;
}

export interface TraceSize {
  readonly steps: number;
  readonly items: number;
  /** Ids the condensations list in `forgotten_event_ids`, all together. */
  readonly forgottenIds: number;
  /** The condensation listing the most ids, and where. */
  readonly widest: { readonly ids: number; readonly beforeEventId: EventId; readonly step: number } | null;
}

/** A condensation a replay made (whether its summary was a placeholder is told apart later). */
export type MadeCondensation = Omit<CondensationSummary, 'placeholder'>;

/** The engine's part of a replay's result. */
export interface FlavorReplay<Step, View> {
  readonly mode: ReplayMode;
  readonly steps: readonly StepSummary[];
  readonly condensations: readonly MadeCondensation[];
  readonly walk: StepWalk<Step, View>;
  stepView(step: number): readonly ViewItem[];
}

/** What one engine does for a log (v0/openV0Log.ts, sdk/openSdkLog.ts); everything else is written once here. */
export interface FlavorLog<Step, View> {
  readonly opened: Omit<OpenedLog, 'recordedBill' | 'rows'>;
  rows(): EventRow[];
  readonly raw: RawEvents;
  eventText(index: number): string;
  needsTokens(request: ReplayRequest): boolean;
  countTokens(countText: CountText, from: number, to: number, into: Uint32Array): void;
  /** Every LLM call the log records, with its usage and cost as recorded. */
  readonly recorded: RecordedBill;
  readonly logSummaries: LogSummaries;
  /** The agent's recorded call of a step (the call that produced the event it came before), or null. */
  recordedCallAt(step: Step): RecordedCall | null;
  /**
   * What the log's own run, as recorded, teaches about `model`'s calls (all when null), learned a call
   * at a time; null where nothing was recorded.
   */
  learnedFromLog(
    settings: ChatSettings,
    model: string | null,
    tokens: TextTokens,
  ): Generator<void, LearnedUsage, void> | null;
  /** The condensations a step of a re-simulation made, as its replay's result lists them. */
  condensationsMade(step: Step): readonly MadeCondensation[];
  /** The engine replay of a request, each step handed to `onStep` as it is replayed. */
  prepare(
    request: ReplayRequest,
    tokens: Tokens | null,
    onStep?: (step: Step, view: View | null) => void,
  ): Prepared<FlavorReplay<Step, View>>;
  encoder(): TraceEncoder<Step, View>;
  /** The agent's calls under these settings; `model`: the recorded usage of that model's calls only. */
  agentCalls(settings: ChatSettings, model: string | null, tokens: TextTokens): AgentCallsPort<Step, View>;
  /** About the most a trace of this log can hold, without replaying. */
  traceBound(compact: boolean): TraceSize;
  /** Event ids in log order, and whether the reference orders the log by sorted file names (quality). */
  readonly ids: readonly EventId[];
  readonly sortedFileNames: boolean;
}

const NO_LEARNING: LearnedUsage = { map: { slope: 1, intercept: 0 }, providerCaches: true };

/** The steps' usage, as estimated for this mode: as recorded from earlier steps, re-simulated from the log's own run. */
const calibrationOf = (mode: ReplayMode) => (mode === 'recorded' ? 'earlier-steps' : 'whole-log');

/** The usage ports of a log, what its recorded run teaches remembered per profile, templates and model. */
function usagePorts<Step, View>(
  flavor: FlavorLog<Step, View>,
  tokens: TextTokens,
  learned: Map<string, LearnedUsage>,
): UsagePorts<Step, View> {
  function* learnInSteps(settings: ChatSettings, model: string | null): Generator<void, LearnedUsage, void> {
    const key = JSON.stringify([settings.profile, settings.templates, model]);
    let fit = learned.get(key);
    if (!fit) {
      const learning = flavor.learnedFromLog(settings, model, tokens);
      learned.set(key, (fit = learning ? yield* learning : NO_LEARNING));
    }
    return fit;
  }
  return {
    calls: (settings, model) => flavor.agentCalls(settings, model, tokens),
    learnInSteps,
    learnedFromLog: (settings, model) => runToEnd(learnInSteps(settings, model)),
    recordedCallAt: (step) => flavor.recordedCallAt(step),
    defaultModel: flavor.opened.agentModel,
  };
}

export function inspectedLog<Step, View>(flavor: FlavorLog<Step, View>): InspectedLog {
  const learned = new Map<string, LearnedUsage>();
  const portsFor = (tokens: TextTokens) => usagePorts(flavor, tokens, learned);
  let quality: LogQuality | null = null;
  let finding: Generator<void, LogQuality, void> | null = null;
  /** The log's facts, found once: whoever asks meanwhile takes the one search on, pausing as it does. */
  function* findQuality(): Generator<void, LogQuality, void> {
    while (!quality) {
      finding ??= LogQuality.find(flavor.raw, flavor.ids, flavor.sortedFileNames);
      const next = finding.next();
      if (next.done) quality = next.value;
      else yield;
    }
    return quality;
  }
  const logQuality = () => runToEnd(findQuality());
  const then = <T, U>(prepared: Prepared<T>, finish: (work: LlmWork<T>) => LlmWork<U>): Prepared<U> =>
    'configError' in prepared ? prepared : { work: finish(prepared.work), notes: prepared.notes };
  const { calls: _calls, ...recordedBill } = flavor.recorded;
  return {
    opened: { ...flavor.opened, recordedBill },
    rows: () => flavor.rows(),
    ids: flavor.ids,
    raw: flavor.raw,
    eventText: (index) => flavor.eventText(index),
    needsTokens: (request) => flavor.needsTokens(request),
    countTokens: (countText, from, to, into) => flavor.countTokens(countText, from, to, into),
    recorded: flavor.recorded,
    logSummaries: flavor.logSummaries,
    replay(request, tokens, watch) {
      let stepIndex = 0;
      const onStep = watch && ((step: Step) => watch(stepIndex++, flavor.condensationsMade(step)));
      const prepared = flavor.prepare(request, tokens, onStep);
      if ('configError' in prepared) return prepared;
      const { notes } = prepared;
      return then(prepared, function* (work) {
        const result = yield* work;
        let lives: EventLives | null = null;
        return {
          mode: result.mode,
          steps: result.steps,
          condensations: result.condensations,
          notes,
          stepView: (step) => result.stepView(step),
          lives: () =>
            (lives ??= eventLives(result.walk, flavor.encoder(), flavor.ids, result.steps, result.condensations)),
          agent: (settings, context) =>
            agentRun(portsFor(context.tokens), result.walk, settings, calibrationOf(result.mode), context),
          quality: () => runToEnd(walkQuality(result.walk, flavor.encoder(), findQuality())),
          qualityInSteps: () => walkQuality(result.walk, flavor.encoder(), findQuality()),
        };
      });
    },
    trace(request, tokens, options, write) {
      const figures: StepFigure<Step, View>[] = [];
      const textTokens = options.textTokens ?? { text: () => 0 };
      if (options.messages) {
        const settings = {
          profile: profileFor(options.messages.profile, flavor.opened.agentModel),
          templates: options.messages.templates,
        };
        figures.push(messagesFigure(flavor.agentCalls(settings, null, textTokens)));
      }
      if (options.usage) {
        const stream = new StepUsageStream(portsFor(textTokens), options.usage, calibrationOf(request.mode));
        figures.push(usageFigure(stream, { withMessages: options.messages !== null, recorded: flavor.recorded }));
      }
      const encoder = flavor.encoder();
      if (options.quality) figures.push(qualityFigure(logQuality(), encoder));
      const extra = options.extra;
      if (extra) figures.push({ step: () => ({}), total: () => extra });
      const writer = new TraceWriter(encoder, { compact: options.compact, viewTokens: options.viewTokens, figures });
      const prepared = flavor.prepare(request, tokens, (step, view) => write(writer.step(step, view)));
      return then(prepared, function* (work) {
        write(writer.start);
        yield* work;
        write(writer.end);
      });
    },
    traceSize(request, tokens) {
      const encoder = flavor.encoder();
      let [steps, items, forgottenIds] = [0, 0, 0];
      let widest: TraceSize['widest'] = null;
      const prepared = flavor.prepare(request, tokens, (step, view) => {
        items += view === null ? 0 : encoder.viewLength(view);
        for (const ids of encoder.forgottenLengths(step)) {
          forgottenIds += ids;
          if (!widest || ids > widest.ids)
            widest = { ids, beforeEventId: flavor.ids[encoder.beforeEventIndex(step)]!, step: steps };
        }
        steps++;
      });
      return then(prepared, function* (work): LlmWork<TraceSize> {
        yield* work;
        return { steps, items, forgottenIds, widest };
      });
    },
    traceBound: (compact) => flavor.traceBound(compact),
    quality(request, tokens) {
      const encoder = flavor.encoder();
      const figure = qualityFigure(logQuality(), encoder);
      const steps: Array<StepQuality | null> = [];
      let previous: View | null = null;
      // As the trace writer does: each view given as the items it keeps of the previous one, and the rest.
      const prepared = flavor.prepare(request, tokens, (step, view) => {
        if (encoder.failure(step) || view === null) return void steps.push(null);
        const keep = previous === null ? 0 : encoder.sharedPrefix(previous, view);
        previous = view;
        steps.push((figure.step(step, view, keep) as { quality: StepQuality }).quality);
      });
      return then(prepared, function* (work): LlmWork<QualityReport> {
        yield* work;
        return { steps, total: (figure.total!() as { quality: QualityTotal }).quality };
      });
    },
    factOrigin(fact, replayed, step) {
      const summary = replayed.steps[step];
      if (!summary) throw new Error(`there is no step ${step}`);
      return factOrigin(logQuality(), flavor.ids, fact, summary, replayed.stepView(step), replayed.condensations);
    },
  };
}

/**
 * The quality figure over a finished replay's steps, each view handed on as the trace writer would (its
 * change from the last view); it pauses after each step.
 */
function* walkQuality<Step, View>(
  walk: StepWalk<Step, View>,
  encoder: TraceEncoder<Step, View>,
  findQuality: Generator<void, LogQuality, void>,
): Generator<void, ReplayQuality, void> {
  const figure = qualityFigure(yield* findQuality, encoder);
  const steps: Array<StepQuality | null> = [];
  let previous: View | null = null;
  for (let index = 0; index < walk.steps.length; index++) {
    const step = walk.steps[index]!;
    const view = encoder.failure(step) ? null : walk.view(index);
    if (view === null) steps.push(null);
    else {
      const keep = previous === null ? 0 : encoder.sharedPrefix(previous, view);
      previous = view;
      steps.push(figure.step(step, view, keep).quality as StepQuality);
    }
    yield;
  }
  return { steps, total: figure.total!().quality as QualityTotal };
}

/** Most steps condense nothing: their summaries share one empty list. */
const NO_IDS: readonly never[] = Object.freeze([]);

/** A replayed step of either engine (they share these fields) as plain data for the UI. */
export function stepSummary(step: {
  readonly index: number;
  readonly beforeEventId: EventId;
  readonly beforeEventIndex: number;
  readonly viewLength: number;
  readonly viewTokens: number;
  readonly condensations: ReadonlyArray<{ readonly id: EventId }>;
  readonly unhandledCondensationRequest: boolean;
  readonly failure: { message: string; pythonError: string | null } | null;
}): StepSummary {
  return {
    index: step.index,
    beforeEventId: step.beforeEventId,
    beforeEventIndex: step.beforeEventIndex,
    viewLength: step.viewLength,
    viewTokens: step.viewTokens,
    condensationIds: step.condensations.length === 0 ? NO_IDS : step.condensations.map((c) => c.id),
    unhandledCondensationRequest: step.unhandledCondensationRequest,
    failure: failureText(step.failure),
  };
}

const SUMMARY_LENGTH = 160;

/** Whitespace collapsed and cut short: one table line. */
export function oneLine(text: string): string {
  // Collapsing is local, so a long text's line is its head's, once the head alone is long enough (a
  // 100 MB log's tool outputs are not collapsed whole to keep 160 characters of each).
  for (let window = 4 * SUMMARY_LENGTH; ; window *= 4) {
    const whole = window >= text.length;
    const line = (whole ? text : text.slice(0, window)).replace(/\s+/g, ' ').trim();
    if (line.length > SUMMARY_LENGTH) return `${line.slice(0, SUMMARY_LENGTH - 1)}…`;
    if (whole) return line;
  }
}
