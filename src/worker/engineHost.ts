import {
  type AnswerLog,
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
  recordedLlm,
  recordingScript,
  replay,
  runSync,
  stepView,
} from '../engine/index.ts';
import { type ParsedLog, SHAPE_LABELS, readLog } from '../formats/index.ts';
import { type CountText, countEventTokens, loadTokenizer, tokenEstimator } from '../llm/tokenCount.ts';
import type {
  CondensationSummary,
  EngineApi,
  EventRow,
  OpenedLog,
  PromptText,
  ReplayOutcome,
  ReplayRequest,
  ReplaySummary,
  ViewItem,
} from './protocol.ts';

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

  constructor(private readonly clock: () => number = () => performance.now()) {}

  private loaded(): LoadedLog {
    if (!this.log) throw new Error('no log is open');
    return this.log;
  }

  async open({ input, instance }: Parameters<EngineApi['open']>[0]): Promise<OpenedLog> {
    const parsed = readLog(input, instance ? { instance } : {});
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

  async replay({ config, mode, answers, onMissing, prompts }: ReplayRequest): Promise<ReplayOutcome> {
    const log = this.loaded();
    let condenser: Condenser | null = null;
    if (mode === 'resimulate') {
      try {
        condenser = buildCondenser(parseCondenserConfig(config), prompts);
      } catch (error) {
        if (error instanceof ConfigError) return { ok: false, configError: error.message };
        throw error;
      }
    }
    const tokens = this.tokenEstimator();
    const requests: LlmRequest[] = [];
    const answerLog: AnswerLog = { hits: 0, misses: 0, calls: [] };
    const answer = recordedLlm(answers, onMissing, answerLog);
    const started = this.clock();
    const result = runSync(replay({ log: log.prepared, mode, condenser: condenser ?? undefined, tokens }), (req, call) => {
      requests.push(req);
      return answer(req, call);
    });
    const durationMs = this.clock() - started;
    this.last = { result, condenser, requests };
    const summary: ReplaySummary = {
      mode,
      durationMs,
      llm: { calls: answerLog.calls.length, recorded: answerLog.hits, placeholders: answerLog.calls.filter((c) => c.placeholder).length },
      steps: result.steps.map((step) => ({
        index: step.index,
        beforeEventId: step.beforeEventId,
        beforeEventIndex: step.beforeEventIndex,
        viewLength: step.viewLength,
        viewTokens: step.viewTokens,
        condensationIds: step.condensations.map((c) => c.id),
        unhandledCondensationRequest: step.unhandledCondensationRequest,
        failure: step.failure ? (step.failure.pythonError ? `${step.failure.message} (${step.failure.pythonError})` : step.failure.message) : null,
      })),
      condensations: result.condensations.map(
        (c): CondensationSummary => ({
          id: c.id,
          stepIndex: c.stepIndex,
          forgottenEventIds: c.forgottenEventIds,
          summary: c.args.summary,
          summaryOffset: c.args.summaryOffset,
          llmCall: c.llmCall,
          placeholder: c.llmCall !== null && answerLog.calls[c.llmCall]?.placeholder === true,
        }),
      ),
    };
    return { ok: true, summary };
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
