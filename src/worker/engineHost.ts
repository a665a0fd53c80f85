import {
  type AnswerLlmAsync,
  type Condenser,
  ConfigError,
  type LlmAnswer,
  type LlmRequest,
  type PreparedLog,
  type ReplayResult,
  type ViewEntry,
  buildCondenser,
  eventMessage,
  parseCondenserConfig,
  prepareLog,
  LlmUnavailable,
  recordedLlm,
  recordingScript,
  replay,
  requestKey,
  runAsync,
  runSync,
  stepView,
} from '../engine/index.ts';
import { type ParsedLog, SHAPE_LABELS, readV0Log } from '../formats/index.ts';
import { type CountText, countEventTokens, loadTokenizer, tokenEstimator } from '../llm/tokenCount.ts';
import type {
  CallContext,
  EngineApi,
  EventRow,
  LlmEndpointArgs,
  OpenedLog,
  PromptText,
  ReplayOutcome,
  ReplayRequest,
  ViewItem,
} from './protocol.ts';
import { type CallRecord, llmUse, summarize } from './replaySummary.ts';

/** Builds the answerer that calls a real endpoint (src/llm/openaiLlm.ts in the app). */
export type CreateLiveLlm = (
  endpoint: LlmEndpointArgs,
  options: { signal?: AbortSignal; onRetry?: (info: { attempt: number; waitMs: number; message: string }) => void },
) => AnswerLlmAsync;

const SUMMARY_LENGTH = 160;

function oneLine(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > SUMMARY_LENGTH ? `${collapsed.slice(0, SUMMARY_LENGTH - 1)}…` : collapsed;
}

interface LoadedLog {
  readonly parsed: ParsedLog;
  readonly prepared: PreparedLog;
  tokens: Uint32Array | null;
  countText: CountText | null;
  searchText: string[] | null;
}

interface LastReplay {
  readonly result: ReplayResult;
  readonly condenser: Condenser | null;
  readonly requests: LlmRequest[];
}

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
 * Holds one parsed log and answers the app's questions about it. Runs inside the Web Worker, or on
 * the main thread where there is no Worker (tests); either way the UI reaches it only through the store.
 */
export class EngineHost implements EngineApi {
  private log: LoadedLog | null = null;
  private last: LastReplay | null = null;

  constructor(
    private readonly clock: () => number = () => performance.now(),
    /** The LLM adapter, handed in by the composition root (the worker shell); none in pure tests. */
    private readonly createLiveLlm: CreateLiveLlm | null = null,
  ) {}

  private loaded(): LoadedLog {
    if (!this.log) throw new Error('no log is open');
    return this.log;
  }

  async open({ input, instance }: Parameters<EngineApi['open']>[0]): Promise<OpenedLog> {
    const parsed = readV0Log(input, instance ? { instance } : {});
    const prepared = prepareLog(parsed.events);
    this.log = { parsed, prepared, tokens: null, countText: null, searchText: null };
    this.last = null;
    const rows: EventRow[] = parsed.events.map((event, i) => ({
      index: event.index,
      id: event.id,
      kind: event.kind,
      type: event.type,
      source: event.source,
      cause: event.cause,
      summary: oneLine(event.loggedMessage ?? eventMessage(event)),
      inHistory: { recorded: prepared.inHistory.recorded[i] === 1, resimulate: prepared.inHistory.resimulate[i] === 1 },
    }));
    const recordedSummaries = parsed.events.flatMap((event) =>
      event.kind === 'action' && event.condensation?.summary != null ? [event.condensation.summary] : [],
    );
    return {
      rows,
      shape: parsed.shape,
      shapeLabel: SHAPE_LABELS[parsed.shape],
      notes: parsed.notes,
      instances: parsed.instances,
      instanceId: parsed.instanceId,
      recordedCondenser: parsed.recordedCondenser,
      recordedSummaries,
    };
  }

  async countTokens(): Promise<Uint32Array> {
    const log = this.loaded();
    if (!log.tokens) {
      log.countText = await loadTokenizer();
      log.tokens = countEventTokens(log.parsed.events, log.countText);
    }
    return log.tokens.slice();
  }

  private tokenEstimator() {
    const { tokens, countText } = this.loaded();
    return tokens && countText ? tokenEstimator(tokens, countText) : undefined;
  }

  private condenserFor(request: ReplayRequest): { condenser: Condenser | null } | { configError: string } {
    if (request.mode !== 'resimulate') return { condenser: null };
    try {
      return { condenser: buildCondenser(parseCondenserConfig(request.config), request.prompts) };
    } catch (error) {
      if (error instanceof ConfigError) return { configError: error.message };
      throw error;
    }
  }

  private finish(request: ReplayRequest, result: ReplayResult, condenser: Condenser | null, calls: CallRecord[], started: number): ReplayOutcome {
    const durationMs = this.clock() - started;
    if (request.slot !== 'compare') this.last = { result, condenser, requests: calls.map((call) => call.request) };
    const use = llmUse(calls, request.measureLlm ?? false, this.loaded().countText);
    return { ok: true, summary: summarize(result, calls, use, durationMs) };
  }

  /** Answers from the recorded answers; what nobody recorded gets a placeholder or stops the replay. */
  async replay(request: ReplayRequest): Promise<ReplayOutcome> {
    const built = this.condenserFor(request);
    if ('configError' in built) return { ok: false, configError: built.configError };
    const calls: CallRecord[] = [];
    const placeholder = recordedLlm({}, 'placeholder');
    const started = this.clock();
    const result = runSync(this.work(request, built.condenser), (req, call) => {
      const recorded = request.answers[requestKey(req)];
      if (recorded) {
        calls.push({ request: req, answer: recorded, source: 'recorded' });
        return recorded;
      }
      calls.push({ request: req, answer: null, source: request.onMissing === 'placeholder' ? 'placeholder' : 'none' });
      if (request.onMissing === 'stop') {
        throw new LlmUnavailable(
          `No recorded answer for LLM call ${call + 1} (the ${req.condenser} condenser's prompt differs from every recorded one); run it with your LLM endpoint, or allow placeholder answers.`,
        );
      }
      return placeholder(req, call);
    });
    return this.finish(request, result, built.condenser, calls, started);
  }

  /** Asks the endpoint for every answer not recorded yet, reporting each new answer as it arrives. */
  async liveReplay({ endpoint, ...request }: ReplayRequest & { endpoint: LlmEndpointArgs }, context: CallContext = {}): Promise<ReplayOutcome> {
    const built = this.condenserFor(request);
    if ('configError' in built) return { ok: false, configError: built.configError };
    if (!this.createLiveLlm) throw new Error('this engine host cannot call an LLM');
    const report = context.progress ?? (() => {});
    const calls: CallRecord[] = [];
    let asked = 0;
    const live = this.createLiveLlm(endpoint, {
      signal: context.signal,
      onRetry: (info) => report({ kind: 'status', message: info.message, done: asked, total: null }),
    });
    const answer: AnswerLlmAsync = async (req, call) => {
      const key = requestKey(req);
      const recorded = request.answers[key];
      if (recorded) {
        calls.push({ request: req, answer: recorded, source: 'recorded' });
        return recorded;
      }
      report({ kind: 'status', message: `Asking ${endpoint.model} (call ${call + 1}, ${asked} new so far)…`, done: asked, total: null });
      const fresh = await live(req, call);
      asked++;
      calls.push({ request: req, answer: fresh, source: 'live' });
      report({ kind: 'answer', key, answer: fresh });
      return fresh;
    };
    const started = this.clock();
    const result = await runAsync(this.work(request, built.condenser), answer, context.signal);
    return this.finish(request, result, built.condenser, calls, started);
  }

  private work(request: ReplayRequest, condenser: Condenser | null) {
    const log = this.loaded();
    return replay({ log: log.prepared, mode: request.mode, condenser: condenser ?? undefined, tokens: this.tokenEstimator() });
  }

  async recordScript({ config, script, prompts }: Parameters<EngineApi['recordScript']>[0]): Promise<Record<string, LlmAnswer>> {
    const log = this.loaded();
    const condenser = buildCondenser(parseCondenserConfig(config), prompts);
    const recorded: Record<string, LlmAnswer> = {};
    runSync(replay({ log: log.prepared, mode: 'resimulate', condenser }), recordingScript(script, recorded));
    return recorded;
  }

  async stepView({ step }: { step: number }): Promise<readonly ViewItem[]> {
    if (!this.last) throw new Error('nothing has been replayed yet');
    const replayed = this.last.result.steps[step];
    if (!replayed) throw new Error(`there is no step ${step}`);
    const view = stepView(replayed, this.last.result.mode === 'resimulate' ? this.last.condenser : null);
    return view ? view.entries.map(viewItem) : [];
  }

  async eventJson({ index }: { index: number }): Promise<string> {
    const raw = this.loaded().parsed.raw[index];
    if (raw === undefined) throw new Error(`there is no event at position ${index}`);
    return JSON.stringify(raw, null, 2);
  }

  async prompt({ condensationId }: { condensationId: number }): Promise<PromptText | null> {
    if (!this.last) return null;
    const record = this.last.result.condensations.find((c) => c.id === condensationId);
    const request = record && record.llmCall !== null ? this.last.requests[record.llmCall] : undefined;
    if (!request) return null;
    return {
      condenser: request.condenser,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      tools: request.tools ?? null,
      responseFormat: request.responseSchema ?? null,
    };
  }

  async search({ query }: { query: string }): Promise<Int32Array> {
    const log = this.loaded();
    const needle = query.trim().toLowerCase();
    if (!needle) return new Int32Array(0);
    log.searchText ??= log.parsed.raw.map((raw) => JSON.stringify(raw).toLowerCase());
    const matches: number[] = [];
    log.searchText.forEach((text, i) => {
      if (text.includes(needle)) matches.push(i);
    });
    return Int32Array.from(matches);
  }
}
