import {
  type AnswerLlmAsync,
  type AnswerLog,
  type LearnedUsage,
  type LlmWork,
  type TextTokens,
  answerProblem,
  cachingText,
  recordedLlm,
  requestKey,
  runAsync,
  runSync,
} from '../engine/index.ts';
import { TemplateError } from '../templates/index.ts';
import type { AgentRun } from './agentRun.ts';
import {
  type AnyParsedLog,
  type EvalInstance,
  type ExpandOptions,
  type ImportInput,
  type FileInPlace,
  type LogInput,
  type LocateOptions,
  type LogInPlace,
  type UnreadFile,
  SHAPE_LABELS,
  expandArchives,
  extractInstance,
  readLog,
  readFileInPlace,
  readUnreadFile,
} from '../formats/index.ts';
import { type CountText, loadTokenizer } from '../llm/tokenCount.ts';
import type { InspectedLog, ReplayedLog, Tokens } from './inspectedLog.ts';
import { type AskAgent, type Counterfactual, runCounterfactual } from './counterfactual/index.ts';
import type {
  AgentSettings,
  AgentTranscript,
  CallContext,
  CondenserCallUsage,
  CounterfactualArgs,
  EventLanes,
  EventLife,
  InspectorApi,
  EventId,
  ImportedLog,
  LlmEndpointArgs,
  OpenedLog,
  Progress,
  PromptText,
  ReplayOutcome,
  ReplayQuality,
  ReplayRequest,
  ReplaySlot,
  StepUsage,
  UsageReport,
  ViewItem,
} from './types.ts';
import { type CallRecord, type CondenserScale, condenserPromptTokens, llmUse } from './llmUse.ts';
import { condenserScale, condenserScaleInSteps } from './condenserScale.ts';
import { eventDetailText } from './eventText.ts';
import { openLog } from './openLog.ts';
import { searchEvents } from './searchEvents.ts';
import { ComparedViews, type StepViewsDiff, type ViewsDiff } from './viewDiff.ts';

import { type LogSummaryUse, emptyLogSummaryUse, logSummaryAnswers } from './logSummaries.ts';
import { type InferredConfig, inferConfig } from './inferConfig.ts';
import type { FactOrigin, QualityReport } from './qualityReport.ts';
import { yieldToEvents } from './yieldToEvents.ts';

/** Builds the answerer that calls a real endpoint (src/llm/openaiLlm.ts in the app). */
export type CreateLiveLlm = (
  endpoint: LlmEndpointArgs,
  options: {
    signal?: AbortSignal;
    onRetry?: (info: { attempt: number; waitMs: number; message: string }) => void;
    maxRetries?: number;
    deadlineMs?: number;
    maxAnswerBytes?: number;
  },
) => AnswerLlmAsync;

export type { FileInPlace };

/** Builds the asker of the agent's own requests (a counterfactual), with the same options. */
export type CreateAgentLlm = (endpoint: LlmEndpointArgs, options: Parameters<CreateLiveLlm>[1]) => AskAgent;

/** The endpoint's limits as the LLM adapter takes them. */
const limitsOf = (endpoint: LlmEndpointArgs) => ({
  ...(endpoint.deadlineMs !== undefined ? { deadlineMs: endpoint.deadlineMs } : {}),
  ...(endpoint.maxAnswerBytes !== undefined ? { maxAnswerBytes: endpoint.maxAnswerBytes } : {}),
});

/** Where no queue hands a way out, waiting stays in place. */
const inPlace = <T>(wait: () => Promise<T>) => wait();

interface Loaded {
  readonly log: InspectedLog;
  tokens: Tokens | null;
  /** The token count under way (in slices), shared by everyone who waits for it. */
  counting: Promise<Tokens> | null;
  /** Text token counts of the agent's messages, remembered across steps and replays. */
  textTokens: TextTokens | null;
  /** What the log's recorded run teaches, per agent settings. */
  readonly learned: Map<string, LearnedUsage | null>;
  /** What its recorded condenser calls teach (undefined: not learned yet). */
  condenserScale?: CondenserScale | null;
  /** The configuration that reproduces its condensations, per SDK rules asked for (each costs up to 48 replays). */
  readonly inferred: Map<string, InferredConfig>;
  /** Where a log read in place is read from next (its stored copy); null for a log held in memory. */
  readonly readFrom: LogInPlace['readFrom'] | null;
}

interface LastReplay {
  readonly replayed: ReplayedLog;
  readonly calls: readonly CallRecord[];
  /** The agent's calls, per agent settings (built on first use). */
  readonly agentRuns: Map<string, AgentRun | null>;
}

/** Milliseconds of usage work between two pauses, so that step views and cancel messages get through. */
const USAGE_SLICE_MS = 4;
/** While the user moves through steps, background work waits: the step in front of them comes first. */
const QUIET_BEFORE_BACKGROUND_MS = 150;
/** The same for token counting, which runs beside the queue from the moment a log opens. */
const TOKEN_SLICE_MS = 4;
/**
 * Events counted between two looks at the clock: few, since one tool output can take a millisecond
 * (32 made slices of 50-80 ms on a 100 MB log, which a step change waited behind).
 */
const TOKEN_BATCH = 2;

const settingsKey = (settings: AgentSettings) => JSON.stringify([settings.profile, settings.templates]);

/** Reading a log reported as "Reading events: 45% of 1.0 GB" (a big one takes seconds). */
function readingProgress(context: CallContext): ((done: number, total: number) => void) | undefined {
  const report = context.progress;
  if (!report) return undefined;
  return (done, total) => {
    const size = total >= 1e9 ? `${(total / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(total / 1e6))} MB`;
    report({ kind: 'status', message: `Reading events: ${Math.round((100 * done) / total)}% of ${size}`, done, total });
  };
}

/** Milliseconds of unpacking between two pauses, so that a cancel gets through and progress shows. */
const UNPACK_SLICE_MS = 50;

function abortError(): Error {
  const error = new Error('cancelled');
  error.name = 'AbortError';
  return error;
}

/**
 * Holds one parsed log (OpenHands V0 or Agent SDK) and answers the app's questions about it. Runs
 * inside the Web Worker, or on the main thread where there is no Worker (tests); either way the UI
 * reaches it only through the store.
 */
export class Inspector implements InspectorApi {
  private current: Loaded | null = null;
  private last: LastReplay | null = null;
  /** Main replays finished on the open log, and which of them replayQuality walked last (-1: none yet). */
  private replaysFinished = 0;
  private walkedReplay = -1;
  /** A comparison's two replays: B in `compare`, A in `compareA` (see ReplaySlot). */
  private lastCompare: LastReplay | null = null;
  private lastCompareA: LastReplay | null = null;
  /** The A and B that compareViews set side by side: later step diffs read these, whatever replays since. */
  private compared: ComparedViews | null = null;
  /** When the UI last asked for a step (a view or a transcript). */
  private lastForeground = Number.NEGATIVE_INFINITY;
  private countText: CountText | null = null;
  /** An eval run waiting for the user to pick an instance (unpacked), apart from the current log. */
  private surveyed: { readonly input: LogInput; readonly instances: readonly EvalInstance[] } | null = null;

  constructor(
    private readonly clock: () => number = () => performance.now(),
    /** The LLM adapter, handed in by the composition root (the worker shell); none in pure tests. */
    private readonly createLiveLlm: CreateLiveLlm | null = null,
    /** The same for the agent's own requests (counterfactuals). */
    private readonly createAgentLlm: CreateAgentLlm | null = null,
    /** How a big picked file is read where it is, its bytes left there (the worker's FileReaderSync); none: read whole. */
    private readonly fileInPlace: FileInPlace | null = null,
  ) {}

  private slotted(slot: ReplaySlot = 'main'): LastReplay | null {
    return slot === 'compare' ? this.lastCompare : slot === 'compareA' ? this.lastCompareA : this.last;
  }

  private loaded(): Loaded {
    if (!this.current) throw new Error('no log is open');
    return this.current;
  }

  /**
   * How an archive is unpacked here: a pause every UNPACK_SLICE_MS (a cancel then stops it), and
   * "Unpacking: 45% of 10 MB" on the status line.
   */
  private unpacking(context: CallContext): ExpandOptions {
    let sliceStart = this.clock();
    return {
      pace: async (done, total) => {
        if (this.clock() - sliceStart < UNPACK_SLICE_MS) return;
        const size = total >= 1e9 ? `${(total / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(total / 1e6))} MB`;
        context.progress?.({
          kind: 'status',
          message: `Unpacking: ${Math.round((100 * done) / total)}% of ${size}`,
          done,
          total,
        });
        await yieldToEvents();
        if (context.signal?.aborted) throw abortError();
        sliceStart = this.clock();
      },
    };
  }

  async open({ input, instance }: Parameters<InspectorApi['open']>[0], context: CallContext = {}): Promise<OpenedLog> {
    const options = { ...(instance ? { instance } : {}), progress: readingProgress(context) };
    const inPlace = input.kind === 'unread' ? this.readInPlace(input, options) : null;
    if (inPlace) return this.load(inPlace.log, inPlace.readFrom);
    const expanded = await expandArchives(await this.readWhole(input), this.unpacking(context));
    return this.load(readLog(expanded, options));
  }

  /** A big picked (or stored) file read where it is, its bytes left there; null where it is read whole. */
  private readInPlace(input: UnreadFile, options: LocateOptions): LogInPlace | null {
    return this.fileInPlace ? readFileInPlace(input, this.fileInPlace, options) : null;
  }

  /** The log's bytes or text; an unread file is read here (off the page's thread, in the worker), not handed over as bytes. */
  private async readWhole(input: ImportInput): Promise<LogInput> {
    return input.kind === 'unread' ? { kind: 'file', file: await readUnreadFile(input) } : input;
  }

  private load(parsed: AnyParsedLog, readFrom: LogInPlace['readFrom'] | null = null): OpenedLog {
    const log = openLog(parsed);
    this.current = {
      log,
      tokens: null,
      counting: null,
      textTokens: null,
      learned: new Map(),
      inferred: new Map(),
      readFrom,
    };
    this.last = null;
    this.walkedReplay = -1;
    this.lastCompare = null;
    this.lastCompareA = null;
    this.compared = null;
    return { ...log.opened, rows: log.rows() };
  }

  /**
   * A log being imported: opened as the current log when it holds one instance; when it holds several
   * (an eval run), only listed, and kept aside for instanceInput, while the open session stays current.
   */
  async importLog({ input }: { input: ImportInput }, context: CallContext = {}): Promise<ImportedLog> {
    const progress = readingProgress(context);
    // A big picked file stays where it is: only its events are held, not its bytes as well. What can be
    // read so is one JSON document, one instance at most (eval runs of several are JSONL, read whole).
    const inPlace = input.kind === 'unread' ? this.readInPlace(input, { progress }) : null;
    if (inPlace) return { kind: 'opened', opened: this.load(inPlace.log, inPlace.readFrom) };
    const log = await this.readWhole(input);
    // Archives are unpacked once; a run of several instances stays unpacked for instanceInput.
    const expanded = await expandArchives(log, this.unpacking(context));
    const parsed = readLog(expanded, { progress });
    if (parsed.instances.length > 1) {
      this.surveyed = { input: expanded, instances: parsed.instances };
      return { kind: 'instances', instances: parsed.instances, shapeLabel: SHAPE_LABELS[parsed.shape] };
    }
    return { kind: 'opened', opened: this.load(parsed) };
  }

  /**
   * The open log, read where its picked file is, is read from `input` from now on: the same bytes,
   * stored (a file moved or rewritten after it was picked then no longer matters). False where the log
   * is held, not read in place.
   */
  async readLogFrom({ input }: { input: ImportInput }): Promise<boolean> {
    const readFrom = this.current?.readFrom;
    if (!readFrom || input.kind !== 'unread') return false;
    readFrom(input.blob);
    return true;
  }

  /** Only one instance of the run importLog listed: what a session stores. */
  async instanceInput({ instance }: { instance: string }): Promise<LogInput> {
    const surveyed = this.surveyed;
    if (!surveyed) throw new Error('no eval run is waiting for an instance to be picked');
    const found = surveyed.instances.find((candidate) => candidate.id === instance);
    if (!found) throw new Error(`no instance "${instance}" in this run`);
    this.surveyed = null;
    return extractInstance(surveyed.input, found.id, found.position);
  }

  /** The pick was cancelled: the run kept aside is let go. */
  async dropSurvey(): Promise<void> {
    this.surveyed = null;
  }

  private tokens(progress?: CallContext['progress']): Promise<Tokens> {
    const loaded = this.loaded();
    if (loaded.tokens) return Promise.resolve(loaded.tokens);
    loaded.counting ??= this.countInSlices(loaded, progress).finally(() => {
      loaded.counting = null;
    });
    return loaded.counting;
  }

  /**
   * Every event's tokens, counted a slice at a time (TOKEN_SLICE_MS) with a pause between slices:
   * replays and step views asked for meanwhile are answered first. Stops when another log is opened.
   */
  private async countInSlices(loaded: Loaded, progress?: CallContext['progress']): Promise<Tokens> {
    this.countText ??= await loadTokenizer();
    const countText = this.countText;
    const total = loaded.log.ids.length;
    const counts = new Uint32Array(total);
    for (let next = 0; next < total;) {
      const sliceStart = this.clock();
      // At least one batch a slice, however slow the clock says it is.
      do {
        const end = Math.min(total, next + TOKEN_BATCH);
        loaded.log.countTokens(countText, next, end, counts);
        next = end;
      } while (next < total && this.clock() - sliceStart < TOKEN_SLICE_MS);
      if (next < total) {
        progress?.({ kind: 'status', message: `Counting tokens: ${next} of ${total} events`, done: next, total });
        await yieldToEvents();
      }
      if (this.current !== loaded) throw abortError();
    }
    loaded.tokens = { counts, countText };
    return loaded.tokens;
  }

  async countTokens(_args: Record<string, never> = {}, context: CallContext = {}): Promise<Uint32Array> {
    return (await this.tokens(context.progress)).counts.slice();
  }

  /** The engine work of a request; token counts are loaded first when the replay depends on them. */
  private async work(request: ReplayRequest): Promise<{ work: LlmWork<ReplayedLog> } | { configError: string }> {
    const loaded = this.loaded();
    const tokens = loaded.tokens ?? (loaded.log.needsTokens(request) ? await this.tokens() : null);
    return loaded.log.replay(request, tokens);
  }

  private finish(
    request: ReplayRequest,
    replayed: ReplayedLog,
    calls: readonly CallRecord[],
    started: number,
  ): ReplayOutcome {
    const durationMs = this.clock() - started;
    const last = { replayed, calls, agentRuns: new Map() };
    if (request.slot === 'compare') this.lastCompare = last;
    else if (request.slot === 'compareA') this.lastCompareA = last;
    else {
      this.last = last;
      this.replaysFinished++;
    }
    const measure = request.measureLlm ?? false;
    const llm = llmUse(calls, measure, this.countText, measure ? this.condenserScale() : null);
    const condensations = replayed.condensations.map((c) => ({
      ...c,
      placeholder: c.llmCall !== null && calls[c.llmCall]?.source === 'placeholder',
    }));
    return {
      ok: true,
      summary: { mode: replayed.mode, steps: replayed.steps, condensations, llm, durationMs, notes: replayed.notes },
    };
  }

  /** Answers from the recorded answers; what nobody recorded gets a placeholder or stops the replay. */
  async replay(request: ReplayRequest): Promise<ReplayOutcome> {
    const prepared = await this.work(request);
    if ('configError' in prepared) return { ok: false, configError: prepared.configError };
    const log: AnswerLog = { hits: 0, misses: 0, calls: [] };
    const started = this.clock();
    const replayed = runSync(prepared.work, recordedLlm(request.answers, request.onMissing, log));
    const calls = log.calls.map((call): CallRecord => ({
      request: call.request,
      answer: call.answer,
      source: call.placeholder ? 'placeholder' : call.answer ? 'recorded' : 'none',
    }));
    return this.finish(request, replayed, calls, started);
  }

  /** Asks the endpoint for every answer not recorded yet, reporting each new answer as it arrives. */
  async liveReplay(
    { endpoint, expectedCalls, ...request }: ReplayRequest & { endpoint: LlmEndpointArgs; expectedCalls?: number },
    context: CallContext = {},
  ): Promise<ReplayOutcome> {
    const prepared = await this.work(request);
    if ('configError' in prepared) return { ok: false, configError: prepared.configError };
    if (!this.createLiveLlm) throw new Error('this engine host cannot call an LLM');
    const loaded = this.current;
    const outside = context.outside ?? inPlace;
    const report = context.progress ?? (() => {});
    const calls: CallRecord[] = [];
    let asked = 0;
    const live = this.createLiveLlm(endpoint, {
      signal: context.signal,
      onRetry: (info) => report({ kind: 'status', message: info.message, done: asked, total: null }),
      ...limitsOf(endpoint),
    });
    const answer: AnswerLlmAsync = async (req, call) => {
      const key = requestKey(req);
      const recorded = request.answers[key];
      // An answer the condenser cannot use (kept before answers were checked) is asked again.
      if (recorded && !answerProblem(req, recorded)) {
        calls.push({ request: req, answer: recorded, source: 'recorded' });
        return recorded;
      }
      // Later prompts depend on earlier answers, so the count of new calls is the estimate's, not a promise.
      const of = expectedCalls ? ` of ${Math.max(expectedCalls, asked + 1)}` : '';
      report({
        kind: 'status',
        message: `Asking ${endpoint.model}: new answer ${asked + 1}${of} (LLM call ${call + 1} of the replay)…`,
        done: asked,
        total: expectedCalls ?? null,
      });
      // The network is waited on outside the queue: imports and step views go on meanwhile.
      const fresh = await outside(() => live(req, call));
      asked++;
      calls.push({ request: req, answer: fresh, source: 'live' });
      report({ kind: 'answer', key, answer: fresh });
      return fresh;
    };
    const started = this.clock();
    const replayed = await runAsync(prepared.work, answer, context.signal);
    // Another log was opened while this run waited on the network: its replay is not that log's.
    if (this.current !== loaded) throw new Error('another log was opened during the live run; its answers were kept');
    return this.finish(request, replayed, calls, started);
  }

  /** Touches no engine state: it runs beside the queue, and Cancel (the signal) or the deadline stops it. */
  async testEndpoint({ endpoint }: { endpoint: LlmEndpointArgs }, context: CallContext = {}): Promise<string> {
    if (!this.createLiveLlm) throw new Error('this engine host cannot call an LLM');
    const started = this.clock();
    const answer = await this.createLiveLlm(endpoint, {
      maxRetries: 0,
      ...limitsOf(endpoint),
      ...(context.signal ? { signal: context.signal } : {}),
    })(
      {
        condenser: 'llm',
        identity: 'connection-test',
        messages: [{ role: 'user', content: 'Reply with the word OK.' }],
      },
      0,
    );
    const ms = Math.round(this.clock() - started);
    const said = (answer.content ?? '').trim().slice(0, 40);
    return `Connected: ${endpoint.model} answered${said ? ` "${said}"` : ''} in ${ms} ms.`;
  }

  async quality(request: ReplayRequest): Promise<QualityReport> {
    const loaded = this.loaded();
    const tokens = loaded.tokens ?? (loaded.log.needsTokens(request) ? await this.tokens() : null);
    const prepared = loaded.log.quality(request, tokens);
    if ('configError' in prepared) throw new Error(prepared.configError);
    // The same answers as the replay it describes: recorded ones, placeholders for the rest.
    return runSync(prepared.work, recordedLlm(request.answers, 'placeholder'));
  }

  async factOrigin({ step, fact }: { step: number; fact: string }): Promise<FactOrigin> {
    if (!this.last) throw new Error('nothing has been replayed yet');
    return this.loaded().log.factOrigin(fact, this.last.replayed, step);
  }

  async factsDroppedBy(
    { missing }: Parameters<InspectorApi['factsDroppedBy']>[0],
    context: CallContext = {},
  ): Promise<Record<string, Array<{ step: number; fact: string }>>> {
    const last = this.last;
    if (!last) throw new Error('nothing has been replayed yet');
    // The steps and facts asked about are those of the replay walked last: once another replay (a live
    // run, say) has taken its place, they may not exist in it, and the answer is moot.
    if (this.walkedReplay < 0) throw new Error("the last replay's facts lost have not been walked yet");
    if (this.walkedReplay !== this.replaysFinished) throw abortError();
    const { log } = this.loaded();
    const dropped: Record<string, Array<{ step: number; fact: string }>> = {};
    const work = function* () {
      for (const { step, facts } of missing)
        for (const fact of facts) {
          const origin = log.factOrigin(fact, last.replayed, step);
          if (origin.forgottenBy !== null) (dropped[String(origin.forgottenBy)] ??= []).push({ step, fact });
          yield;
        }
      return dropped;
    };
    return this.inBackground(work(), context, () => this.last !== last);
  }

  async inferConfig({ sdkRules }: Parameters<InspectorApi['inferConfig']>[0]): Promise<InferredConfig> {
    return this.inferred(this.loaded(), sdkRules);
  }

  private inferred(loaded: Loaded, sdkRules?: Parameters<InspectorApi['inferConfig']>[0]['sdkRules']): InferredConfig {
    // Token-counted condensers replay differently once the tokens are counted: a count makes another answer.
    const key = `${sdkRules ?? ''}|${loaded.tokens ? 'counted' : 'uncounted'}`;
    let inferred = loaded.inferred.get(key);
    if (!inferred) loaded.inferred.set(key, (inferred = inferConfig(loaded.log, loaded.tokens, sdkRules)));
    return inferred;
  }

  async recordLogSummaries({
    config,
    prompts,
    sdkRules,
  }: Parameters<InspectorApi['recordLogSummaries']>[0]): Promise<LogSummaryUse> {
    const prepared = await this.work({ config, mode: 'resimulate', answers: {}, onMissing: 'stop', prompts, sdkRules });
    if ('configError' in prepared) throw new Error(prepared.configError);
    const use = emptyLogSummaryUse();
    runSync(prepared.work, logSummaryAnswers(this.loaded().log.logSummaries, use));
    return use;
  }

  async stepView({ step }: { step: number }): Promise<readonly ViewItem[]> {
    this.lastForeground = this.clock();
    if (!this.last) throw new Error('nothing has been replayed yet');
    return this.last.replayed.stepView(step);
  }

  async eventLife({ index }: { index: number }): Promise<EventLife> {
    this.lastForeground = this.clock();
    if (!this.last) throw new Error('nothing has been replayed yet');
    return this.last.replayed.lives().life(index);
  }

  async eventLanes(): Promise<EventLanes> {
    if (!this.last) throw new Error('nothing has been replayed yet');
    return this.last.replayed.lives().lanes();
  }

  async eventJson({ index }: { index: number }): Promise<string> {
    return eventDetailText(this.loaded().log.raw, index);
  }

  async eventText({ index }: { index: number }): Promise<string> {
    const log = this.loaded().log;
    if (index < 0 || index >= log.raw.length) throw new Error(`there is no event at position ${index}`);
    return log.eventText(index);
  }

  async prompt({ condensationId }: { condensationId: EventId }): Promise<PromptText | null> {
    if (!this.last) return null;
    const record = this.last.replayed.condensations.find((c) => c.id === condensationId);
    const request = record && record.llmCall !== null ? this.last.calls[record.llmCall]?.request : undefined;
    if (!request) return null;
    return {
      condenser: request.condenser,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      tools: request.tools ?? null,
      responseFormat: request.responseSchema ?? null,
    };
  }

  private async textTokens(): Promise<TextTokens> {
    const loaded = this.loaded();
    if (!loaded.textTokens) {
      this.countText ??= await loadTokenizer();
      loaded.textTokens = cachingText({ text: this.countText });
    }
    return loaded.textTokens;
  }

  /** The agent's calls of a replay under these settings; a template that does not compile is an Error. */
  private async agentRun(last: LastReplay, settings: AgentSettings): Promise<AgentRun | null> {
    const key = settingsKey(settings);
    if (!last.agentRuns.has(key)) {
      const tokens = await this.textTokens();
      last.agentRuns.set(key, last.replayed.agent(settings, { tokens }));
    }
    return last.agentRuns.get(key) ?? null;
  }

  async agentTranscript({ step, agent }: { step: number; agent: AgentSettings }): Promise<AgentTranscript> {
    this.lastForeground = this.clock();
    if (!this.last) throw new Error('nothing has been replayed yet');
    let run: AgentRun | null;
    try {
      run = await this.agentRun(this.last, agent);
    } catch (error) {
      if (error instanceof TemplateError)
        return {
          step,
          messages: [],
          tools: null,
          toolTokens: 0,
          error: `The session's templates cannot be used: ${error.message}`,
        };
      throw error;
    }
    if (!run)
      return {
        step,
        messages: [],
        tools: null,
        toolTokens: 0,
        error: 'The agent’s messages cannot be built for this log.',
      };
    return run.transcript(step);
  }

  /** The log's condenser calls' scale, learned once per log when our tokenizer is loaded. */
  private condenserScale(): CondenserScale | null {
    const loaded = this.current;
    const countText = this.countText;
    if (!loaded || !countText) return null;
    if (loaded.condenserScale === undefined)
      loaded.condenserScale = condenserScale(loaded.log, loaded.tokens, countText, () => this.inferred(loaded));
    return loaded.condenserScale;
  }

  /**
   * The condenser's own LLM calls, by the step that made them, pausing after each (a long log's prompts
   * take seconds to count); the log's condenser scale is learned first, once.
   */
  private *condenserCalls(last: LastReplay): Generator<void, CondenserCallUsage[], void> {
    const loaded = this.loaded();
    const counter = this.countText;
    if (counter && loaded.condenserScale === undefined)
      loaded.condenserScale = yield* condenserScaleInSteps(loaded.log, loaded.tokens, counter, () =>
        this.inferred(loaded),
      );
    const scale = this.condenserScale();
    const calls: CondenserCallUsage[] = [];
    for (const condensation of last.replayed.condensations) {
      const call = condensation.llmCall === null ? undefined : last.calls[condensation.llmCall];
      if (!call) continue;
      const placeholder = call.source === 'placeholder';
      const usage = placeholder ? undefined : call.answer?.usage;
      const answerText = [
        call.answer?.content ?? '',
        ...(call.answer?.toolCalls ?? []).map((tool) => tool.arguments),
      ].join('\n');
      calls.push({
        stepIndex: condensation.stepIndex,
        promptTokens: condenserPromptTokens(call, counter, scale),
        completionTokens: usage?.completionTokens ?? (counter ? counter(answerText) : Math.ceil(answerText.length / 4)),
        placeholder,
      });
      yield;
    }
    return calls;
  }

  async agentUsage(
    { agent, slot }: { agent: AgentSettings; slot?: ReplaySlot },
    context: CallContext = {},
  ): Promise<UsageReport> {
    const last = this.slotted(slot);
    if (!last) throw new Error('nothing has been replayed yet');
    const model = this.loaded().log.opened.agentModel;
    const empty = (error: string): UsageReport => ({
      profile: agent.profile,
      model,
      steps: [],
      condenserCalls: [],
      calibration: last.replayed.mode === 'recorded' ? 'earlier-steps' : 'whole-log',
      learned: { map: { slope: 1, intercept: 0 }, providerCaches: true },
      error,
    });
    let run: AgentRun | null;
    try {
      run = await this.agentRun(last, agent);
    } catch (error) {
      if (error instanceof TemplateError) return empty(`The session's templates cannot be used: ${error.message}`);
      throw error;
    }
    if (!run) return empty('Usage cannot be estimated for this log.');
    const agentRun = run;
    const total = last.replayed.steps.length;
    const condenserCalls = () => this.condenserCalls(last);
    const work = function* (): Generator<Progress | void, UsageReport, void> {
      yield* agentRun.prepareUsage();
      const steps: StepUsage[] = [];
      for (const usage of agentRun.usage()) {
        steps.push(usage);
        yield {
          kind: 'status',
          message: `Estimating usage: step ${steps.length} of ${total}`,
          done: steps.length,
          total,
        };
      }
      const calls = yield* condenserCalls();
      return {
        profile: agent.profile,
        model,
        steps,
        condenserCalls: calls,
        calibration: agentRun.calibration,
        learned: agentRun.learned(),
        error: null,
      };
    };
    return this.inBackground(work(), context, () => this.slotted(slot) !== last);
  }

  async counterfactual(
    { step, candidate, agent, samples, model, endpoint }: CounterfactualArgs,
    context: CallContext = {},
  ): Promise<Counterfactual> {
    const loaded = this.loaded();
    if (endpoint && !this.createAgentLlm) throw new Error('this engine host cannot call an LLM');
    const tokens = loaded.tokens ?? (loaded.log.needsTokens(candidate) ? await this.tokens() : null);
    const textTokens = await this.textTokens();
    const report = context.progress ?? (() => {});
    const outside = context.outside ?? inPlace;
    let asked = 0;
    const live =
      endpoint && this.createAgentLlm
        ? this.createAgentLlm(endpoint, {
            signal: context.signal,
            onRetry: (info) => report({ kind: 'status', message: info.message, done: asked, total: null }),
            ...limitsOf(endpoint),
          })
        : null;
    const ask: AskAgent | null = live
      ? async (request) => {
          report({
            kind: 'status',
            message: `Asking ${model}: answer ${asked + 1} of at most ${2 * samples}…`,
            done: asked,
            total: 2 * samples,
          });
          // The network is waited on outside the queue: step views go on meanwhile.
          const answer = await outside(() => live(request));
          asked++;
          return answer;
        }
      : null;
    return runCounterfactual(
      loaded.log,
      tokens,
      textTokens,
      { step, candidate, agent, samples, model },
      candidate.answers,
      ask,
      (key, answer) => report({ kind: 'answer', key, answer }),
    );
  }

  /** The facts each step's view had lost that the agent used (spec/quality.md), of the last replay (or the compare one). */
  async replayQuality({ slot }: { slot?: ReplaySlot } = {}, context: CallContext = {}): Promise<ReplayQuality> {
    const lastOf = () => this.slotted(slot);
    const last = lastOf();
    if (!last) throw new Error('nothing has been replayed yet');
    const quality = await this.inBackground(last.replayed.qualityInSteps(), context, () => lastOf() !== last);
    if (last === this.last) this.walkedReplay = this.replaysFinished;
    return quality;
  }

  /**
   * Runs work that pauses often, USAGE_SLICE_MS at a time, beside the queue: between slices the step
   * the user is looking at comes first, and the work stops (an AbortError) once cancelled or `stale`
   * (a newer replay made its answer moot).
   */
  private async inBackground<T>(
    work: Generator<Progress | void, T, void>,
    context: CallContext,
    stale: () => boolean,
  ): Promise<T> {
    // The first slice waits too (once: a clock that stands still, as tests give, must not hold it): a
    // replay's step view comes just before its background work, and a setting changed again at once
    // (a key held on a number field) met that work and its garbage.
    const quietIn = QUIET_BEFORE_BACKGROUND_MS - (this.clock() - this.lastForeground);
    if (quietIn > 0) await new Promise((resolve) => setTimeout(resolve, quietIn));
    if (context.signal?.aborted || stale()) throw abortError();
    let sliceStart = this.clock();
    for (;;) {
      const next = work.next();
      if (next.done) return next.value;
      if (this.clock() - sliceStart <= USAGE_SLICE_MS) continue;
      // Where the work is, as it last said.
      if (next.value) context.progress?.(next.value);
      await yieldToEvents();
      await this.quietTurn(context, stale);
      sliceStart = this.clock();
    }
  }

  /** Returns once the user has left the engine alone for QUIET_BEFORE_BACKGROUND_MS; throws once the work is moot. */
  private async quietTurn(context: CallContext, stale: () => boolean): Promise<void> {
    while (this.clock() - this.lastForeground < QUIET_BEFORE_BACKGROUND_MS && !context.signal?.aborted)
      await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_BACKGROUND_MS));
    if (context.signal?.aborted || stale()) throw abortError();
  }

  async compareViews(_args: Record<string, never> = {}): Promise<ViewsDiff> {
    if (!this.lastCompareA || !this.lastCompare) throw new Error('nothing has been compared yet');
    const [a, b] = [this.lastCompareA.replayed, this.lastCompare.replayed];
    const steps = Math.min(a.steps.length, b.steps.length);
    this.compared = new ComparedViews(a.lives(), b.lives(), this.loaded().log.ids.length, steps);
    return this.compared.counts();
  }

  async compareStepViews({ step }: { step: number }): Promise<StepViewsDiff> {
    this.lastForeground = this.clock();
    if (!this.compared) throw new Error('nothing has been compared yet');
    return this.compared.at(step);
  }

  async search({ query }: { query: string }): Promise<Int32Array> {
    return searchEvents(this.loaded().log.raw, query);
  }
}
