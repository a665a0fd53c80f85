/** Where a search query occurs in a text: case-insensitive, the query taken literally (never as a pattern). */

const MAX_HITS_PER_TEXT = 500;

function pattern(query: string): RegExp | null {
  const needle = query.trim();
  if (!needle) return null;
  return new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
}

/** The [start, end) ranges of `query` in `text`, in order (at most a few hundred: enough to show). */
export function hitRanges(text: string, query: string): Array<readonly [number, number]> {
  const found = pattern(query);
  if (!found) return [];
  const ranges: Array<readonly [number, number]> = [];
  for (const match of text.matchAll(found)) {
    ranges.push([match.index, match.index + match[0].length]);
    if (ranges.length >= MAX_HITS_PER_TEXT) break;
  }
  return ranges;
}

export function hasHit(text: string, query: string): boolean {
  const found = pattern(query);
  return found !== null && found.test(text);
}

/** The next position in a list of `count` hits from `current` (-1: none yet), wrapping at either end. */
export function stepHit(current: number, count: number, delta: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (current + delta + count) % count;
}
