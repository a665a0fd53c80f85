import type { AgentTranscript, UsageReport } from '../inspect/index.ts';

/**
 * Splits a whole into parts in proportion to weights, in whole numbers that add up to it exactly
 * (largest remainder), so every part shown sums to the figure shown for the whole.
 */
export function proportionalShares(weights: readonly number[], whole: number): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum <= 0 || whole <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (weight * whole) / sum);
  const shares = exact.map(Math.floor);
  let left = whole - shares.reduce((total, share) => total + share, 0);
  const byRemainder = exact
    .map((value, k) => [value - shares[k]!, k] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, k] of byRemainder) {
    if (left <= 0) break;
    shares[k]!++;
    left--;
  }
  return shares;
}

/** The step's one token figure and its parts: each message's and the tool schemas' share of it. */
export interface StepTokens {
  /** The whole input of the step's call: the usage estimate when there is one, else our own count. */
  readonly total: number;
  /** True when `total` is the calibrated estimate (the provider's scale); false: our tokenizer's raw count. */
  readonly estimated: boolean;
  readonly messages: readonly number[];
  readonly tools: number;
}

/**
 * One figure per step and per message: the step's estimated input, shared among its messages and the tool
 * schemas by our tokenizer's counts, so what a message shows adds up to what the step shows.
 */
export function stepTokens(transcript: AgentTranscript, usage: UsageReport | null): StepTokens {
  const ours = [...transcript.messages.map((item) => item.tokens), transcript.toolTokens];
  const estimate = usage && !usage.error ? usage.steps[transcript.step]?.estimate : undefined;
  const total = estimate ? estimate.promptTokens : ours.reduce((sum, count) => sum + count, 0);
  const shares = estimate ? proportionalShares(ours, total) : ours;
  return { total, estimated: Boolean(estimate), messages: shares.slice(0, -1), tools: shares.at(-1) ?? 0 };
}
