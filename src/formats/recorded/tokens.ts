import type { PromptTokensConvention } from './types.ts';

/** Token counts as the log reports them, before `prompt_tokens` is normalized to the whole input. */
export interface RawUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly reasoningTokens: number | null;
}

type Json = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A token count: a non-negative integer JSON can hold exactly. */
export const tokenCount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

const absent = (value: unknown) => value === undefined || value === null;

/**
 * LiteLLM's usage object as V0 events record it (`model_response.usage`). Anthropic reports cache
 * reads and writes at the top level; OpenAI reports reads under `prompt_tokens_details` (its
 * `prompt_tokens` includes them) and writes nothing. Null when absent; a string naming the bad field
 * when present but unusable.
 */
export function litellmUsage(value: unknown): RawUsage | null | string {
  if (absent(value)) return null;
  if (!isJsonObject(value)) return 'usage: expected an object';
  const promptTokens = tokenCount(value.prompt_tokens);
  if (promptTokens === null) return 'usage.prompt_tokens: expected a token count';
  const completionTokens = tokenCount(value.completion_tokens);
  if (completionTokens === null) return 'usage.completion_tokens: expected a token count';
  const prompt = isJsonObject(value.prompt_tokens_details) ? value.prompt_tokens_details : {};
  const completion = isJsonObject(value.completion_tokens_details) ? value.completion_tokens_details : {};
  return {
    promptTokens,
    completionTokens,
    cacheReadTokens: tokenCount(value.cache_read_input_tokens) ?? tokenCount(prompt.cached_tokens) ?? 0,
    cacheWriteTokens: tokenCount(value.cache_creation_input_tokens) ?? tokenCount(prompt.cache_creation_tokens) ?? 0,
    reasoningTokens: tokenCount(completion.reasoning_tokens),
  };
}

/**
 * OpenHands' own TokenUsage record (V0 `accumulated_token_usage`, the SDK's `token_usages`), whose
 * `prompt_tokens` is LiteLLM's. Null when absent; a string naming the bad field when unusable.
 */
export function openHandsUsage(value: unknown): RawUsage | null | string {
  if (absent(value)) return null;
  if (!isJsonObject(value)) return 'expected an object';
  const promptTokens = tokenCount(value.prompt_tokens);
  if (promptTokens === null) return 'prompt_tokens: expected a token count';
  const completionTokens = tokenCount(value.completion_tokens);
  if (completionTokens === null) return 'completion_tokens: expected a token count';
  const cacheReadTokens = absent(value.cache_read_tokens) ? 0 : tokenCount(value.cache_read_tokens);
  const cacheWriteTokens = absent(value.cache_write_tokens) ? 0 : tokenCount(value.cache_write_tokens);
  if (cacheReadTokens === null) return 'cache_read_tokens: expected a token count';
  if (cacheWriteTokens === null) return 'cache_write_tokens: expected a token count';
  return {
    promptTokens,
    completionTokens,
    cacheReadTokens,
    cacheWriteTokens,
    reasoningTokens: tokenCount(value.reasoning_tokens),
  };
}

/** `later - earlier`, field by field; null when any count went down (the running total restarted). */
export function usageStep(later: RawUsage, earlier: RawUsage | null): RawUsage | null {
  if (earlier === null) return later;
  const step = {
    promptTokens: later.promptTokens - earlier.promptTokens,
    completionTokens: later.completionTokens - earlier.completionTokens,
    cacheReadTokens: later.cacheReadTokens - earlier.cacheReadTokens,
    cacheWriteTokens: later.cacheWriteTokens - earlier.cacheWriteTokens,
    reasoningTokens: null,
  };
  return step.promptTokens < 0 || step.completionTokens < 0 || step.cacheReadTokens < 0 || step.cacheWriteTokens < 0
    ? null
    : step;
}

export const usesTokens = (usage: RawUsage | null): boolean =>
  usage !== null && usage.promptTokens + usage.completionTokens > 0;

/**
 * Whether a call's figures prove its log's `prompt_tokens` leaves the cache write out. Some LiteLLM
 * versions count the whole input (uncached + cache read + cache write: 14511 = 3 + 11707 + 2801 in
 * the oh-utils V0 logs), others leave the write out (uncached + read: the 2025-09 SDK folders report
 * 7064 = 4 + 7060 with 1309 written on top, and 4 for a call that writes its whole prompt). Counting
 * the write in, `prompt_tokens` is never below read + write; leaving it out, it is below on every
 * call that writes more than its few uncached tokens (the first call, every call after a
 * condensation). So one such call proves the log leaves writes out; a log without one counts them in
 * (or writes nothing, where both agree). Decided per log: one LiteLLM version wrote it.
 */
export function provesCacheWritesLeftOut(
  promptTokens: number,
  cacheReadTokens: number,
  cacheWriteTokens: number,
): boolean {
  return promptTokens < cacheReadTokens + cacheWriteTokens;
}

/** The whole input of a call (uncached + cache read + cache write) from its recorded `prompt_tokens`. */
export function wholeInput(promptTokens: number, cacheWriteTokens: number, convention: PromptTokensConvention): number {
  return convention === 'cache writes left out' ? promptTokens + cacheWriteTokens : promptTokens;
}
