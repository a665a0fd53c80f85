import { type RawUsage, provesCacheWritesLeftOut, wholeInput } from './tokens.ts';
import {
  MODEL_NOT_RECORDED,
  type PromptTokensConvention,
  type RecordedBill,
  type RecordedCall,
  type RecordedEventRef,
  type RecordedFigures,
  type RecordedRole,
  type UsageSource,
} from './types.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A call while its log is being read: fields are filled in as the log reveals them; `inputTokens`
 * once the whole log is read (it depends on the log's convention). The finished draft is the call:
 * a log can hold hundreds of thousands, so they are not copied.
 */
export type CallDraft = Mutable<RecordedCall> & { events: RecordedEventRef[] };

interface DraftFields {
  readonly service?: string | null;
  readonly model?: string | null;
  readonly responseId?: string | null;
  readonly events?: RecordedEventRef[];
  readonly usage?: RawUsage | null;
  readonly usageSource?: UsageSource | null;
}

export function newCallDraft(role: RecordedRole, fields: DraftFields = {}): CallDraft {
  const draft: CallDraft = {
    role,
    service: fields.service ?? null,
    model: fields.model ?? null,
    responseId: fields.responseId ?? null,
    events: fields.events ?? [],
    inputTokens: null,
    promptTokensAsRecorded: null,
    cacheReadTokens: null,
    cacheWriteTokens: null,
    outputTokens: null,
    reasoningTokens: null,
    usageSource: null,
    cost: null,
  };
  if (fields.usage) giveUsage(draft, fields.usage, fields.usageSource ?? 'response');
  return draft;
}

export function giveUsage(draft: CallDraft, usage: RawUsage, source: UsageSource): void {
  draft.promptTokensAsRecorded = usage.promptTokens;
  draft.cacheReadTokens = usage.cacheReadTokens;
  draft.cacheWriteTokens = usage.cacheWriteTokens;
  draft.outputTokens = usage.completionTokens;
  draft.reasoningTokens = usage.reasoningTokens;
  draft.usageSource = source;
}

/** The usage a draft holds, as recorded; null when it holds none. */
export function usageOf(draft: CallDraft): RawUsage | null {
  if (draft.promptTokensAsRecorded === null) return null;
  return {
    promptTokens: draft.promptTokensAsRecorded,
    completionTokens: draft.outputTokens ?? 0,
    cacheReadTokens: draft.cacheReadTokens ?? 0,
    cacheWriteTokens: draft.cacheWriteTokens ?? 0,
    reasoningTokens: draft.reasoningTokens,
  };
}

/** Sums figures one call at a time (a log can hold hundreds of thousands of calls: no arrays per field). */
class FiguresSum {
  private readonly sum: { -readonly [K in keyof RecordedFigures]: RecordedFigures[K] } = {
    calls: 0,
    cost: null,
    callsWithoutCost: 0,
    inputTokens: null,
    cacheReadTokens: null,
    cacheWriteTokens: null,
    outputTokens: null,
    reasoningTokens: null,
    callsWithoutUsage: 0,
  };

  add(call: RecordedCall): void {
    const sum = this.sum;
    sum.calls++;
    if (call.cost === null) sum.callsWithoutCost++;
    else sum.cost = (sum.cost ?? 0) + call.cost;
    if (call.inputTokens === null) sum.callsWithoutUsage++;
    else {
      sum.inputTokens = (sum.inputTokens ?? 0) + call.inputTokens;
      sum.cacheReadTokens = (sum.cacheReadTokens ?? 0) + (call.cacheReadTokens ?? 0);
      sum.cacheWriteTokens = (sum.cacheWriteTokens ?? 0) + (call.cacheWriteTokens ?? 0);
      sum.outputTokens = (sum.outputTokens ?? 0) + (call.outputTokens ?? 0);
    }
    if (call.reasoningTokens !== null) sum.reasoningTokens = (sum.reasoningTokens ?? 0) + call.reasoningTokens;
  }

  figures(): RecordedFigures {
    return { ...this.sum };
  }
}

/** Calls in log order: by the first event each produced; calls without events keep their order, last. */
function inLogOrder(calls: RecordedCall[]): RecordedCall[] {
  const position = (call: RecordedCall) => call.events[0]?.index ?? Number.POSITIVE_INFINITY;
  // Readers mostly make calls in order already: sorting (and its copies) only when they did not.
  if (calls.every((call, i) => i === 0 || position(calls[i - 1]!) <= position(call))) return calls;
  return calls
    .map((call, order) => ({ call, order }))
    .sort((a, b) => position(a.call) - position(b.call) || a.order - b.order)
    .map(({ call }) => call);
}

/** The bill of the calls read: token counts normalized to the whole input, then summed by role and model. */
export function billOf(drafts: CallDraft[], notes: readonly string[]): RecordedBill {
  const convention: PromptTokensConvention = drafts.some(
    (draft) =>
      draft.promptTokensAsRecorded !== null &&
      provesCacheWritesLeftOut(draft.promptTokensAsRecorded, draft.cacheReadTokens ?? 0, draft.cacheWriteTokens ?? 0),
  )
    ? 'cache writes left out'
    : 'whole input';
  for (const draft of drafts) {
    if (draft.promptTokensAsRecorded === null) continue;
    draft.inputTokens = wholeInput(draft.promptTokensAsRecorded, draft.cacheWriteTokens ?? 0, convention);
  }
  const calls: RecordedCall[] = inLogOrder(drafts);
  const total = new FiguresSum();
  const byRole = new Map<RecordedRole, FiguresSum>([
    ['agent', new FiguresSum()],
    ['condenser', new FiguresSum()],
  ]);
  const byModel = new Map<string, FiguresSum>();
  let nothingRecorded = true;
  for (const call of calls) {
    total.add(call);
    sumOf(byRole, call.role).add(call);
    sumOf(byModel, call.model ?? MODEL_NOT_RECORDED).add(call);
    if (call.cost !== null || call.inputTokens !== null) nothingRecorded = false;
  }
  const other = byRole.get('other');
  return {
    nothingRecorded,
    calls,
    totalCost: total.figures().cost,
    byRole: {
      agent: byRole.get('agent')!.figures(),
      condenser: byRole.get('condenser')!.figures(),
      ...(other ? { other: other.figures() } : {}),
    },
    byModel: Object.fromEntries([...byModel].map(([model, sum]) => [model, sum.figures()])),
    promptTokensConvention: convention,
    notes,
  };
}

function sumOf<K>(sums: Map<K, FiguresSum>, key: K): FiguresSum {
  let sum = sums.get(key);
  if (!sum) sums.set(key, (sum = new FiguresSum()));
  return sum;
}
