/**
 * A step's view as the quality tracker reads it, and the view as a difference from the previous
 * step's (the form `replay --compact` writes: the previous view's first `keep` items, then `add`).
 */

/**
 * One item of a view: a logged event (by its position in the log), the text of a summary or of a
 * masking placeholder, or anything else (an id the log does not hold), which shows no fact.
 */
export type QualityViewItem =
  | { readonly kind: 'event'; readonly index: number }
  | { readonly kind: 'summary'; readonly content: string }
  | { readonly kind: 'masked'; readonly content: string }
  | { readonly kind: 'other' };

export interface ViewDelta {
  readonly keep: number;
  readonly add: readonly QualityViewItem[];
}

export function sameViewItem(a: QualityViewItem, b: QualityViewItem): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'event':
      return a.index === (b as typeof a).index;
    case 'summary':
    case 'masked':
      return a.content === (b as typeof a).content;
    case 'other':
      return true;
  }
}

/** `next` as a difference from `previous`: their shared first items kept, the rest added. */
export function viewDelta(previous: readonly QualityViewItem[], next: readonly QualityViewItem[]): ViewDelta {
  const limit = Math.min(previous.length, next.length);
  let keep = 0;
  while (keep < limit && sameViewItem(previous[keep]!, next[keep]!)) keep++;
  return { keep, add: next.slice(keep) };
}
