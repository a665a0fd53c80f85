import type { LogEvent } from './events.ts';
import type { View, ViewPosition } from './view.ts';

/**
 * The token port: how many tokens the LLM sees for an event or a piece of text. The engine only adds
 * them up; a real tokenizer is plugged in by the app and the CLI.
 */
export interface TokenEstimator {
  event(event: LogEvent): number;
  text(text: string): number;
}

export const ZERO_TOKENS: TokenEstimator = { event: () => 0, text: () => 0 };

/** Remembers text counts: summaries and placeholders repeat at every step. */
export function cachingTextCounts(estimator: TokenEstimator): TokenEstimator {
  const cache = new Map<string, number>();
  return {
    event: (event) => estimator.event(event),
    text(text) {
      let count = cache.get(text);
      if (count === undefined) {
        count = estimator.text(text);
        cache.set(text, count);
      }
      return count;
    },
  };
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
