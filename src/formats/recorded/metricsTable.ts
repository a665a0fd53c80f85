import { z } from 'zod';
import { type CallDraft, newCallDraft } from './bill.ts';
import type { BillNotes } from './notes.ts';
import { type RawUsage, openHandsUsage } from './tokens.ts';
import type { RecordedRole } from './types.ts';

const dollarsSchema = z
  .number({ error: 'expected a number of dollars' })
  .finite({ error: 'expected a number of dollars' })
  .nonnegative({ error: 'must not be negative' });
const name = z.string({ error: 'expected a string' }).nullish();

/**
 * OpenHands' Metrics as `get()` dumps it (V0 eval `metrics`, each SDK service in `base_state.json`
 * stats): per call one `response_latencies` entry (every response), one `token_usages` entry (when
 * the response had usage) and one `costs` entry (when it could be priced; the SDK skips $0); only
 * latencies and token usages name the response.
 */
const metricsSchema = z.looseObject({
  model_name: name,
  accumulated_cost: dollarsSchema.nullish(),
  costs: z
    .array(z.union([dollarsSchema, z.looseObject({ model: name, cost: dollarsSchema })]), { error: 'expected a list' })
    .nullish(),
  response_latencies: z
    .array(z.looseObject({ model: name, response_id: name }), { error: 'expected a list' })
    .nullish(),
  token_usages: z.array(z.looseObject({ model: name, response_id: name }), { error: 'expected a list' }).nullish(),
});

export interface MetricsTable {
  readonly calls: CallDraft[];
  /** `accumulated_cost` as recorded; null where absent. */
  readonly accumulatedCost: number | null;
  /** How many costs `costs` lists (none beside calls: they were not priced); null when it is absent. */
  readonly costCount: number | null;
}

const orNull = (value: string | null | undefined) => (value ? value : null);

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
}

interface Entry {
  readonly responseId: string | null;
  readonly model: string | null;
  usage: RawUsage | null;
}

/**
 * The calls of one Metrics dump, in order, each with its response id, model, usage and (where the
 * costs line up with the calls one to one) cost. `role` and `service` are given to every call; the
 * caller may change the role of calls it links to events. Null (with a note naming where and what)
 * when the dump is unusable.
 */
export function readMetricsTable(
  value: unknown,
  where: string,
  role: RecordedRole,
  service: string | null,
  notes: BillNotes,
): MetricsTable | null {
  const parsed = metricsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    notes.add(`${where}${pathOf(issue)}: ${issue.message}; these recorded calls are not counted.`);
    return null;
  }
  const table = parsed.data;
  const usages: Entry[] = [];
  for (const [i, record] of (table.token_usages ?? []).entries()) {
    const usage = openHandsUsage(record);
    if (typeof usage === 'string') {
      notes.add(`${where}.token_usages[${i}].${usage}; this call's usage is not counted.`);
    }
    usages.push({
      responseId: orNull(record.response_id),
      model: orNull(record.model),
      usage: typeof usage === 'string' ? null : usage,
    });
  }
  const entries = callEntries(table.response_latencies ?? [], usages);
  const fallbackModel = orNull(table.model_name);
  const calls = entries.map((entry) =>
    newCallDraft(role, {
      service,
      model: entry.model ?? fallbackModel,
      responseId: entry.responseId,
      usage: entry.usage,
      usageSource: entry.usage ? 'response' : null,
    }),
  );
  const costs = (table.costs ?? []).map((cost) => (typeof cost === 'number' ? cost : cost.cost));
  payInOrder(calls, costs, where, notes);
  return { calls, accumulatedCost: table.accumulated_cost ?? null, costCount: table.costs ? costs.length : null };
}

/** One entry per response: the latencies list every response; token usages join them by response id. */
function callEntries(
  latencies: readonly { model?: string | null; response_id?: string | null }[],
  usages: readonly Entry[],
): Entry[] {
  if (latencies.length === 0) return [...usages];
  const waiting = new Map<string, Entry[]>();
  for (const usage of usages) {
    if (usage.responseId === null) continue;
    const queue = waiting.get(usage.responseId);
    if (queue) queue.push(usage);
    else waiting.set(usage.responseId, [usage]);
  }
  const entries: Entry[] = latencies.map((latency) => {
    const responseId = orNull(latency.response_id);
    const usage = responseId === null ? undefined : waiting.get(responseId)?.shift();
    return usage ?? { responseId, model: orNull(latency.model), usage: null };
  });
  const joined = new Set(entries);
  // Token usages no latency names (no response id, or more of them than latencies) are calls too.
  return [...entries, ...usages.filter((usage) => !joined.has(usage))];
}

/**
 * Costs name no response: they line up with the calls only one to one, with every call, or with
 * every call that has usage (a response without usage is often one that could not be priced either).
 */
function payInOrder(calls: CallDraft[], costs: readonly number[], where: string, notes: BillNotes): void {
  if (costs.length === 0) return;
  const withUsage = calls.filter((call) => call.promptTokensAsRecorded !== null);
  const payees = costs.length === calls.length ? calls : costs.length === withUsage.length ? withUsage : null;
  if (!payees) {
    notes.add(
      `${where}.costs: ${costs.length} costs for ${calls.length} calls cannot be matched to them; those calls' costs are not known.`,
    );
    return;
  }
  payees.forEach((call, i) => (call.cost = costs[i]!));
}
