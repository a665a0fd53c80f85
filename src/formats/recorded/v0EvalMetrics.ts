import { type CallDraft, giveUsage, usageOf } from './bill.ts';
import { readMetricsTable } from './metricsTable.ts';
import { type BillNotes, dollars } from './notes.ts';
import { isJsonObject, litellmUsage } from './tokens.ts';

const COST_EPSILON = 1e-9;

interface CondenserResponse {
  readonly id: string;
  readonly model: string | null;
  readonly usage: ReturnType<typeof litellmUsage>;
}

/**
 * The condenser's own record in an eval line (`metrics.condenser`: one batch per condensation, whose
 * `response` is the LLM summarizer's whole response): the only place that names condenser calls.
 */
function condenserResponses(metrics: Record<string, unknown>): CondenserResponse[] {
  const batches = Array.isArray(metrics.condenser) ? metrics.condenser : [];
  return batches.flatMap((batch) => {
    const response = isJsonObject(batch) && isJsonObject(batch.response) ? batch.response : null;
    if (!response || typeof response.id !== 'string' || response.id === '') return [];
    return [
      {
        id: response.id,
        model: typeof response.model === 'string' ? response.model : null,
        usage: litellmUsage(response.usage),
      },
    ];
  });
}

/** Fills the condensation calls the events show, in order, from the condenser's batches, when they pair one to one. */
function nameCondenserCalls(drafts: readonly CallDraft[], responses: readonly CondenserResponse[]): boolean {
  const condenserCalls = drafts.filter((draft) => draft.role === 'condenser' && draft.responseId === null);
  if (condenserCalls.length === 0 || condenserCalls.length !== responses.length) return false;
  condenserCalls.forEach((call, i) => {
    const response = responses[i]!;
    call.responseId = response.id;
    call.model = response.model;
    if (response.usage !== null && typeof response.usage !== 'string') giveUsage(call, response.usage, 'response');
  });
  return true;
}

/**
 * An eval output line's `metrics` (the run's combined Metrics, agent and condenser) beside what its
 * history's events record: usage the events lack is filled in by response id; calls no event shows
 * (a last response whose action was never logged) are added; and a run whose metrics list no cost
 * for its calls was not priced, whatever $0 its running totals show.
 */
export function reconcileEvalMetrics(drafts: CallDraft[], metrics: unknown, notes: BillNotes): CallDraft[] {
  if (!isJsonObject(metrics)) return drafts;
  const table = readMetricsTable(metrics, 'metrics', 'agent', null, notes);
  if (!table) return drafts;
  const byResponse = new Map(drafts.flatMap((draft) => (draft.responseId ? [[draft.responseId, draft] as const] : [])));
  const condenser = condenserResponses(metrics);
  const condenserIds = new Set(condenser.map((response) => response.id));
  const condensationsNamed = nameCondenserCalls(drafts, condenser);
  const unlinked: CallDraft[] = [];
  const models = new ModelNames();
  for (const call of table.calls) {
    const linked = call.responseId ? (byResponse.get(call.responseId) ?? null) : null;
    if (linked) {
      const usage = usageOf(call);
      if (!usageOf(linked) && usage) giveUsage(linked, usage, 'response');
      linked.cost ??= call.cost;
      models.pair(call.model, linked.model);
    } else if (call.responseId && condenserIds.has(call.responseId)) {
      if (!condensationsNamed) unlinked.push(Object.assign(call, { role: 'condenser' as const }));
    } else {
      unlinked.push(call);
    }
  }
  const added = addUnlinked(drafts, unlinked, notes);
  for (const call of added) call.model = models.asEventsName(call.model);
  const all = [...drafts, ...added];
  if (table.costCount === 0 && all.length > 0 && (table.accumulatedCost ?? 0) === 0) {
    if (all.some((draft) => draft.cost !== null))
      notes.add(
        `metrics.costs lists no cost for ${all.length} calls: the run was not priced, so its cost is not recorded.`,
      );
    for (const draft of all) draft.cost = null;
    return all;
  }
  attributeRest(all, added, table.accumulatedCost, notes);
  return all;
}

/**
 * Metrics name the model as configured ('openai/openrouter-llama-4-maverick'), events as the provider
 * answered ('meta-llama/llama-4-maverick'): calls linked by response id pair the two names, so a call
 * only metrics record is named as the events name its model, where every pair agrees.
 */
class ModelNames {
  private readonly names = new Map<string, string | null>();

  pair(configured: string | null, answered: string | null): void {
    if (configured === null || answered === null) return;
    const known = this.names.get(configured);
    this.names.set(configured, known === undefined || known === answered ? answered : null);
  }

  asEventsName(configured: string | null): string | null {
    return configured === null ? null : (this.names.get(configured) ?? configured);
  }
}

/** Calls of the metrics that no event shows: added, unless the events hold calls without a response id they might be. */
function addUnlinked(drafts: readonly CallDraft[], unlinked: readonly CallDraft[], notes: BillNotes): CallDraft[] {
  if (unlinked.length === 0) return [];
  const anonymous = drafts.filter((draft) => draft.responseId === null).length;
  if (anonymous === 0) {
    notes.add(
      `metrics: ${unlinked.length} recorded call(s) no event shows (first: ${unlinked[0]!.responseId ?? 'no response id'}) are counted.`,
    );
    return [...unlinked];
  }
  notes.add(
    `metrics: ${unlinked.length} recorded calls match no event, and ${anonymous} calls of the events name no response; they are not paired, the events' calls are counted.`,
  );
  return [];
}

/** What metrics' running cost holds beyond the events' running totals belongs to the one call no event shows, if one. */
function attributeRest(
  all: readonly CallDraft[],
  added: readonly CallDraft[],
  accumulatedCost: number | null,
  notes: BillNotes,
): void {
  if (accumulatedCost === null) return;
  const counted = all.reduce((sum, draft) => sum + (draft.cost ?? 0), 0);
  const rest = accumulatedCost - counted;
  if (rest <= COST_EPSILON) return;
  const unpriced = added.filter((draft) => draft.cost === null);
  if (unpriced.length === 1) {
    unpriced[0]!.cost = rest;
    return;
  }
  notes.add(
    `metrics.accumulated_cost is ${dollars(accumulatedCost)}, the calls' recorded costs sum to ${dollars(counted)}: ${dollars(rest)} is not attributed to any call.`,
  );
}
