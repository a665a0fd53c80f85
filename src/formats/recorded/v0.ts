import { type CallDraft, billOf, giveUsage, newCallDraft, usageOf } from './bill.ts';
import { BillNotes, dollars } from './notes.ts';
import { type RawUsage, isJsonObject, litellmUsage, openHandsUsage, usageStep, usesTokens } from './tokens.ts';
import type { RecordedBill } from './types.ts';
import { reconcileEvalMetrics } from './v0EvalMetrics.ts';

/** A running total may wobble by float rounding; a drop larger than this is a restart. */
const COST_EPSILON = 1e-9;

/** `llm_metrics` of one event: the run's running totals when the agent emitted it (agent and condenser together). */
interface RunningTotals {
  readonly cost: number | null;
  readonly usage: RawUsage | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Reads the recorded calls of a V0 log one event at a time, in the same pass that reads the events
 * (a log can hold a million): nothing of an event is kept but its id and the figures.
 *
 * Every LLM response records itself on the actions it produced (`tool_call_metadata.model_response`:
 * id, model, usage; several tool calls of one response are one call). Every action the agent emits
 * also carries `llm_metrics`, the running totals of all the run's calls; the step from the previous
 * totals is what the calls since then cost. Condenser calls and replies without a tool call leave
 * only that step: a step on a `condensation` action is a condenser call, any other step with no new
 * response is an agent call, its usage being the step of `accumulated_token_usage`.
 */
export class V0BillReader {
  private readonly drafts: CallDraft[] = [];
  private readonly byResponse = new Map<string, CallDraft>();
  private readonly notes = new BillNotes();
  private lastCost: number | null = null;
  private lastUsage: RawUsage | null = null;
  /** Calls made since the last cost step, which recorded no cost of their own (yet); usually one. */
  private readonly unpaid: CallDraft[] = [];
  private sawCostStep = false;
  private sawPositiveCost = false;
  private lastModel: string | null = null;

  constructor(private readonly label: (index: number) => string) {}

  /** Reads one event (the raw JSON of the log's `index`-th event). */
  add(item: unknown, index: number): void {
    if (!isJsonObject(item) || !('action' in item)) return;
    const ref = { id: typeof item.id === 'number' ? item.id : String(item.id), index };
    const response = this.responseCall(item.tool_call_metadata, ref, index);
    const totals = this.runningTotals(item.llm_metrics, index);
    if (!totals) return;
    // A later action of a response carries the same totals, unless the first recorded none.
    const call = response && this.unpaid.includes(response) ? response : null;
    const cost = this.costStep(totals.cost, index);
    const usage = this.usageStep(totals.usage);
    if (call) {
      // Several calls since the last totals: the token step is theirs together, not this call's.
      const lumped = this.unpaid.length > 1;
      if (totals.cost !== null) this.pay(call, cost, index);
      if (lumped) return;
      const own = usageOf(call);
      if (!own && usage && usesTokens(usage)) giveUsage(call, usage, 'running total');
      else if (own && usage) this.noteHiddenCalls(own, usage, index);
      return;
    }
    if ((cost ?? 0) <= 0 && !usesTokens(usage)) return;
    const role = item.action === 'condensation' ? 'condenser' : 'agent';
    const ownUsage = this.unpaid.length === 0 && usesTokens(usage) ? usage : null;
    const draft = newCallDraft(role, {
      events: [ref],
      usage: ownUsage,
      usageSource: ownUsage ? 'running total' : null,
    });
    this.drafts.push(draft);
    if (totals.cost !== null) this.pay(draft, cost, index);
  }

  /** The bill, once every event is read; `evalMetrics` is the eval output line's `metrics`, if any. */
  finish(evalMetrics: unknown = null): RecordedBill {
    if (this.sawCostStep && !this.sawPositiveCost && this.drafts.some((draft) => usesTokens(usageOf(draft)))) {
      for (const draft of this.drafts) draft.cost = null;
      this.notes.add(
        `llm_metrics.accumulated_cost stays $0 over ${this.drafts.length} calls that used tokens: OpenHands records 0 when LiteLLM cannot price the model, so the cost is not recorded.`,
      );
    }
    const drafts = reconcileEvalMetrics(this.drafts, evalMetrics, this.notes);
    return billOf(drafts, this.notes.list());
  }

  /** The call of the event's LLM response (made on its first action; later actions of the response join it). */
  private responseCall(metadata: unknown, ref: CallDraft['events'][number], index: number): CallDraft | null {
    const response = isJsonObject(metadata) && isJsonObject(metadata.model_response) ? metadata.model_response : null;
    const responseId = response ? text(response.id) : null;
    if (!response || responseId === null) return null;
    // A response's actions come one after another: the last call is checked before the map.
    const last = this.drafts.at(-1);
    const existing = last?.responseId === responseId ? last : this.byResponse.get(responseId);
    if (existing) {
      existing.events.push(ref);
      return existing;
    }
    const usage = litellmUsage(response.usage);
    if (typeof usage === 'string')
      this.notes.add(
        `${this.label(index)}.tool_call_metadata.model_response.${usage}; this call's usage is not counted.`,
      );
    const validUsage = typeof usage === 'string' ? null : usage;
    const call = newCallDraft('agent', {
      model: this.sameModel(text(response.model)),
      responseId,
      events: [ref],
      usage: validUsage,
      usageSource: validUsage ? 'response' : null,
    });
    this.byResponse.set(responseId, call);
    this.drafts.push(call);
    this.unpaid.push(call);
    return call;
  }

  /** Each event holds its own copy of the model's name: calls of one model share one (a log can hold a million). */
  private sameModel(model: string | null): string | null {
    if (model !== null && model === this.lastModel) return this.lastModel;
    this.lastModel = model;
    return model;
  }

  private runningTotals(value: unknown, index: number): RunningTotals | null {
    if (value === undefined || value === null) return null;
    // Named only when something is wrong: most events are fine, and a log can hold a million.
    const where = () => `${this.label(index)}.llm_metrics`;
    if (!isJsonObject(value)) {
      this.notes.add(`${where()}: expected an object; its running totals are not counted.`);
      return null;
    }
    let cost: number | null = null;
    const rawCost = value.accumulated_cost;
    if (typeof rawCost === 'number' && Number.isFinite(rawCost) && rawCost >= 0) cost = rawCost;
    else if (rawCost !== undefined && rawCost !== null)
      this.notes.add(
        `${where()}.accumulated_cost: expected a non-negative number of dollars; this step's cost is not counted.`,
      );
    const usage = openHandsUsage(value.accumulated_token_usage);
    if (typeof usage === 'string')
      this.notes.add(`${where()}.accumulated_token_usage.${usage}; this step's tokens are not counted.`);
    return { cost, usage: typeof usage === 'string' ? null : usage };
  }

  /** What the calls since the previous running cost cost; null where unknown (missing, or the total restarted). */
  private costStep(cost: number | null, index: number): number | null {
    if (cost === null) return null;
    const previous = this.lastCost;
    this.lastCost = cost;
    this.sawCostStep = true;
    if (previous !== null && cost < previous - COST_EPSILON) {
      this.notes.add(
        `${this.label(index)}.llm_metrics.accumulated_cost falls from ${dollars(previous)} to ${dollars(cost)} (the running total restarted): the cost of the call here is not known.`,
      );
      return null;
    }
    const step = Math.max(0, cost - (previous ?? 0));
    if (step > 0) this.sawPositiveCost = true;
    return step;
  }

  /** A token step larger than the call's own usage counts calls no event shows (e.g. a title generated before the first step). */
  private noteHiddenCalls(own: RawUsage, step: RawUsage, index: number): void {
    const input = step.promptTokens - own.promptTokens;
    const output = step.completionTokens - own.completionTokens;
    if (input <= 0 && output <= 0) return;
    this.notes.add(
      `${this.label(index)}: the running token count rose by ${input} input and ${output} output tokens more than this call's usage: calls no event shows, whose cost the running cost here includes.`,
    );
  }

  private usageStep(usage: RawUsage | null): RawUsage | null {
    if (usage === null) return null;
    const step = usageStep(usage, this.lastUsage);
    this.lastUsage = usage;
    return step;
  }

  /**
   * Gives a running cost's step to the call at its event; calls since the last step that recorded
   * none stay unknown. A null step (the total restarted) leaves them all unknown.
   */
  private pay(call: CallDraft, cost: number | null, index: number): void {
    const earlier = this.unpaid.filter((draft) => draft !== call);
    this.unpaid.length = 0;
    if (cost === null) return;
    call.cost = cost;
    if (earlier.length > 0) {
      this.notes.add(
        `${this.label(index)}: the running cost here also pays for ${earlier.length} earlier call(s) that recorded none (from ${this.label(earlier[0]!.events[0]!.index)}); the ${dollars(cost)} is counted on this call.`,
      );
    }
  }
}
