import type { Condenser } from './condenser.ts';
import { isCondensation } from './condenser.ts';
import type { ViewEntry } from './events.ts';
import { noLlm, runSync } from './drive.ts';
import { forgottenJson, forgottenList } from './forgotten.ts';
import type { CondensationRecord, ReplayResult, ReplayStep } from './replay.ts';
import { type View, sharedPrefix, viewAt, viewOf, viewRange } from './view.ts';

/** The same view item: the same event, or a placeholder or summary with the same content. */
function sameEntry(a: ViewEntry, b: ViewEntry): boolean {
  if (a === b) return true;
  if (a.kind === 'masked' && b.kind === 'masked') return a.content === b.content && sameEntry(a.original, b.original);
  if (a.kind === 'summary' && b.kind === 'summary') return a.content === b.content && a.condensationId === b.condensationId;
  return false;
}

/**
 * The view a step handed the agent. Steps keep only where the history stood, so the condensers'
 * view transforms (masking, recent) run again here; none of them condenses or asks an LLM, since
 * the step's last call did not either.
 */
export function stepView(step: ReplayStep, condenser: Condenser | null): View | null {
  if (!step.position) return null;
  const base = viewAt(step.position);
  if (!condenser) return base;
  const result = runSync(condenser.condense(base), noLlm);
  if (isCondensation(result)) throw new Error(`step ${step.index}: the condenser no longer returns a view`);
  return result;
}

export type TraceViewItem = { id: number } | { summary: string } | { masked: number | 'summary'; content: string };

export interface TraceCondensation {
  id: number;
  forgotten_event_ids: number[];
  summary: string | null;
  summary_offset: number | null;
}

export interface TraceStep {
  before_event_id: number;
  condensations: TraceCondensation[];
  view?: TraceViewItem[];
  unhandled_condensation_request?: boolean;
  view_tokens?: number;
  error?: string;
}

export interface Trace {
  steps: TraceStep[];
}

function maskedTarget(entry: ViewEntry): number | 'summary' {
  switch (entry.kind) {
    case 'masked':
      return maskedTarget(entry.original);
    case 'summary':
      return 'summary';
    default:
      return entry.id;
  }
}

export function traceViewItem(entry: ViewEntry): TraceViewItem {
  switch (entry.kind) {
    case 'summary':
      return { summary: entry.content };
    case 'masked':
      return { masked: maskedTarget(entry.original), content: entry.content };
    default:
      return { id: entry.id };
  }
}

function traceCondensation(record: CondensationRecord): TraceCondensation {
  return {
    id: record.id,
    forgotten_event_ids: forgottenList(record.forgotten),
    summary: record.args.summary,
    summary_offset: record.args.summaryOffset,
  };
}

/** One condensation as JSON text, its forgotten ids written without a list of numbers (a range can be wide). */
function condensationJson(record: CondensationRecord): string {
  const { summary, summaryOffset } = record.args;
  return `{"id":${record.id},"forgotten_event_ids":${forgottenJson(record.forgotten)},"summary":${JSON.stringify(summary)},"summary_offset":${JSON.stringify(summaryOffset)}}`;
}

export interface TraceOptions {
  /** Adds each step's token estimate as `view_tokens`. */
  readonly includeTokens?: boolean;
}

/** The replay contract's trace (spec/replay.md §6). */
export function toTrace(result: ReplayResult, condenser: Condenser | null, options: TraceOptions = {}): Trace {
  const active = result.mode === 'resimulate' ? condenser : null;
  return {
    steps: result.steps.map((step): TraceStep => {
      const base = { before_event_id: step.beforeEventId, condensations: step.condensations.map(traceCondensation) };
      if (step.failure) {
        const error = step.failure.pythonError ? `${step.failure.message} (${step.failure.pythonError})` : step.failure.message;
        return { ...base, error };
      }
      const view = stepView(step, active);
      return {
        ...base,
        view: (view?.entries ?? []).map(traceViewItem),
        unhandled_condensation_request: step.unhandledCondensationRequest,
        ...(options.includeTokens ? { view_tokens: step.viewTokens } : {}),
      };
    }),
  };
}

/** Renders steps of a trace as JSON text, remembering the quoted form of texts that repeat (summaries). */
export class TraceJsonWriter {
  private readonly quoted = new Map<string, string>();
  /** `{"id":N}` per id: every event shows up in many steps. */
  private readonly idItems: string[] = [];
  private count = 0;

  constructor(private readonly options: TraceOptions = {}) {}

  private quote(text: string): string {
    let json = this.quoted.get(text);
    if (json === undefined) {
      json = JSON.stringify(text);
      this.quoted.set(text, json);
    }
    return json;
  }

  private item(entry: ViewEntry): string {
    switch (entry.kind) {
      case 'summary':
        return `{"summary":${this.quote(entry.content)}}`;
      case 'masked': {
        const target = maskedTarget(entry.original);
        return `{"masked":${target === 'summary' ? '"summary"' : target},"content":${this.quote(entry.content)}}`;
      }
      default:
        return (this.idItems[entry.id] ??= `{"id":${entry.id}}`);
    }
  }

  readonly start = '{"steps":[';
  readonly end = ']}\n';

  /** The view of the last step that had one, for the compact trace. */
  private previous: View | null = null;

  /**
   * One step of the compact trace: instead of "view", "view_delta": {"keep": K, "add": [...]}, the view
   * being the first K items of the previous view (of the last step that had one) followed by `add`.
   * Views mostly grow at their end or change near it, so the trace grows with the log, not its square;
   * where both views are the history at two moments of one epoch, K is known without comparing them,
   * so writing it costs what it adds.
   */
  stepDelta(step: ReplayStep, view: View | null): string {
    if (step.failure || !view) return this.step(step, view);
    const previous = this.previous;
    let keep = previous ? sharedPrefix(previous, view) : 0;
    if (keep === null) {
      const [before, now] = [previous!.entries, view.entries];
      const limit = Math.min(before.length, now.length);
      keep = 0;
      while (keep < limit && sameEntry(before[keep]!, now[keep]!)) keep++;
    }
    this.previous = view;
    const added = viewRange(view, keep, view.length);
    const parts = new Array<string>(added.length);
    for (let k = 0; k < added.length; k++) parts[k] = this.item(added[k]!);
    const full = this.step(step, viewOf([], view.unhandledCondensationRequest));
    return full.replace(/,"view":\[\],/, `,"view_delta":{"keep":${keep},"add":[${parts.join(',')}]},`);
  }

  /** One step, with the view it handed the agent (null for a failed step). */
  step(step: ReplayStep, view: View | null): string {
    const separator = this.count++ ? ',' : '';
    const head = `${separator}{"before_event_id":${step.beforeEventId},"condensations":[${step.condensations.map(condensationJson).join(',')}]`;
    if (step.failure) {
      const error = step.failure.pythonError ? `${step.failure.message} (${step.failure.pythonError})` : step.failure.message;
      return `${head},"error":${JSON.stringify(error)}}`;
    }
    const entries = view?.entries ?? [];
    const parts = new Array<string>(entries.length);
    for (let k = 0; k < entries.length; k++) parts[k] = this.item(entries[k]!);
    const items = parts.join(',');
    const tokens = this.options.includeTokens ? `,"view_tokens":${step.viewTokens}` : '';
    return `${head},"view":[${items}],"unhandled_condensation_request":${step.unhandledCondensationRequest}${tokens}}`;
  }
}
