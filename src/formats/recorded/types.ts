/**
 * The recorded LLM bill of a run: every call the log records (agent and condenser), with the usage
 * and cost the provider reported, exactly as recorded. Where the log recorded nothing, fields are
 * null: a cost that is not recorded is null, never $0.
 */

/**
 * Who made the call. `other` is an LLM service that is neither the agent nor the condenser (an SDK
 * title generator, hook or side question): its cost is part of the run's bill.
 */
export type RecordedRole = 'agent' | 'condenser' | 'other';

/**
 * How the log's `prompt_tokens` counted the input (LiteLLM changed it between versions): the whole
 * input (uncached + cache read + cache write), or without the cache write.
 */
export type PromptTokensConvention = 'whole input' | 'cache writes left out';

/** An event a call produced: its id as the log has it, and its position in the log's event list. */
export interface RecordedEventRef {
  readonly id: number | string;
  readonly index: number;
}

/** Where a call's token counts come from. */
export type UsageSource =
  /** The call's own usage: V0 `model_response.usage`, a `token_usages` record. */
  | 'response'
  /** The step of V0 `llm_metrics.accumulated_token_usage` at the call's event (condenser calls, replies without a tool call). */
  | 'running total';

export interface RecordedCall {
  readonly role: RecordedRole;
  /** The SDK's LLM service (`usage_id`/`service_id`: 'default', 'condenser'...); null where the log names none (V0 events). */
  readonly service: string | null;
  readonly model: string | null;
  readonly responseId: string | null;
  /** The events it produced, in log order; empty for a call the log's metrics record but no event shows. */
  readonly events: readonly RecordedEventRef[];
  /** The whole input: uncached + cache read + cache write, whichever convention the log used. */
  readonly inputTokens: number | null;
  /** `prompt_tokens` exactly as the log recorded it (the bill's `promptTokensConvention` says what it counts). */
  readonly promptTokensAsRecorded: number | null;
  readonly cacheReadTokens: number | null;
  readonly cacheWriteTokens: number | null;
  readonly outputTokens: number | null;
  /** Part of the output; null where the log does not record it. */
  readonly reasoningTokens: number | null;
  /** Null when the token fields are. */
  readonly usageSource: UsageSource | null;
  /** Dollars, as recorded; null where not recorded. */
  readonly cost: number | null;
}

/** Sums over a set of calls. Unknown parts are counted, never guessed. */
export interface RecordedFigures {
  readonly calls: number;
  /** Sum of the recorded costs; null when no call of the set has one. */
  readonly cost: number | null;
  readonly callsWithoutCost: number;
  /** Sums over the calls with usage; null when none has. */
  readonly inputTokens: number | null;
  readonly cacheReadTokens: number | null;
  readonly cacheWriteTokens: number | null;
  readonly outputTokens: number | null;
  /** Sum over the calls that record reasoning tokens; null when none does. */
  readonly reasoningTokens: number | null;
  readonly callsWithoutUsage: number;
}

/** The by-model key of calls whose model the log does not record (V0 condenser calls, for one). */
export const MODEL_NOT_RECORDED = '(model not recorded)';

export interface RecordedBill {
  /** True when the log records no usage and no cost at all: show "no recorded usage", never $0. */
  readonly nothingRecorded: boolean;
  /** In log order (by the first event each produced); calls without events last. */
  readonly calls: readonly RecordedCall[];
  /** Sum of the recorded costs (= byRole's and byModel's costs summed); null when no cost is recorded. */
  readonly totalCost: number | null;
  readonly byRole: {
    readonly agent: RecordedFigures;
    readonly condenser: RecordedFigures;
    readonly other?: RecordedFigures;
  };
  /** Keyed by model as recorded; MODEL_NOT_RECORDED for calls without one. */
  readonly byModel: Readonly<Record<string, RecordedFigures>>;
  /** How the log counted `prompt_tokens`; input tokens above are normalized to the whole input either way. */
  readonly promptTokensConvention: PromptTokensConvention;
  /** What the reader could not use or had to assume, one line each, naming where. */
  readonly notes: readonly string[];
}
