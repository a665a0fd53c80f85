import { type TextTokens, cachingText } from '../core/index.ts';
import type { LogEvent } from './events.ts';
import type { View, ViewPosition } from './view.ts';

/**
 * The token port: how many tokens the LLM sees for an event or a piece of text. The engine only adds
 * them up; a real tokenizer is plugged in by the app and the CLI.
 */
export interface TokenEstimator extends TextTokens {
  event(event: LogEvent): number;
}

export const ZERO_TOKENS: TokenEstimator = { event: () => 0, text: () => 0 };

/** Remembers text counts: summaries and placeholders repeat at every step. */
export function cachingTextCounts(estimator: TokenEstimator): TokenEstimator {
  const text = cachingText(estimator);
  return { event: (event) => estimator.event(event), text: (value) => text.text(value) };
}

/** Token estimate of the history's own View at `position`, from prefix sums, without walking it. */
export function positionTokens(position: ViewPosition, tokens: TokenEstimator): number {
  const { epoch, keptLength } = position;
  return (epoch.keptTokens[keptLength] ?? 0) + (epoch.summary ? tokens.text(epoch.summary.content) : 0);
}

/** Token estimate of any view, entry by entry. */
export function viewTokens(view: View, tokens: TokenEstimator): number {
  let total = 0;
  for (const entry of view.entries) {
    total += entry.kind === 'action' || entry.kind === 'observation' ? tokens.event(entry) : tokens.text(entry.content);
  }
  return total;
}
