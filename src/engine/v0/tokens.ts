import { type TextTokens, cachingText, sharedStart } from '../core/index.ts';
import type { LogEvent, ViewEntry } from './events.ts';
import { type View, type ViewPosition, entriesToRead, sharedPrefix } from './view.ts';

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

const entryTokens = (entry: ViewEntry, tokens: TokenEstimator) =>
  entry.kind === 'action' || entry.kind === 'observation' ? tokens.event(entry) : tokens.text(entry.content);

/**
 * Token estimates of a replay's views one after another, entry by entry: a view that repeats the start
 * of the last one (a transform's output mostly does) is counted from where they differ, so a step costs
 * what changed (masked views tell where without being compared or built).
 */
export function viewTokensInTurn(tokens: TokenEstimator): (view: View) => number {
  let last: View | null = null;
  /** sums[i]: the tokens of last's entries [0..i). */
  let sums = new Float64Array(256);
  return (view) => {
    const known = last && sharedPrefix(last, view);
    const same = known ?? sharedStart(view.entries, last?.entries ?? []);
    if (sums.length <= view.length) {
      const larger = new Float64Array(Math.max(view.length + 1, sums.length * 2));
      larger.set(sums);
      sums = larger;
    }
    const { entries, offset } = entriesToRead(view, same, view.length);
    for (let i = same; i < view.length; i++) sums[i + 1] = sums[i]! + entryTokens(entries[i - offset]!, tokens);
    last = view;
    return sums[view.length]!;
  };
}
