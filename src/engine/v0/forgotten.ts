import { lowerBound } from '../core/index.ts';
import type { CondensationArgs } from './events.ts';

/**
 * What a condensation forgets, as OpenHands' `CondensationAction.forgotten` lists it, without ever
 * expanding a range: a log may say `0..9,999,999` a hundred times, and a replay over sparse ids makes
 * ranges as wide as the ids are far apart. Only the log's own ids can be forgotten, so they are what a
 * range is counted against; the full list exists only as text, for the trace, within a size the caller
 * has allowed.
 */
export type ForgottenIds =
  /** The explicit list, sorted, duplicates kept (llm_attention forgets [-1, -1, 2, 6]). */
  | { readonly kind: 'list'; readonly ids: readonly number[] }
  /** Every integer from start to end inclusive; none when start > end. */
  | { readonly kind: 'range'; readonly start: number; readonly end: number };

export function forgottenIds(args: CondensationArgs): ForgottenIds {
  if (args.forgottenEventIds !== null) return { kind: 'list', ids: [...args.forgottenEventIds].sort((a, b) => a - b) };
  const start = args.forgottenEventsStartId;
  const end = args.forgottenEventsEndId;
  return start === null || end === null ? { kind: 'list', ids: [] } : { kind: 'range', start, end };
}

/** How many ids OpenHands lists: the list's length, or the range's width. */
export function forgottenLength(forgotten: ForgottenIds): number {
  return forgotten.kind === 'list' ? forgotten.ids.length : Math.max(0, forgotten.end - forgotten.start + 1);
}

/**
 * The ids of `sortedIds` (a log's ids, ascending) that the condensation forgets, ascending and at most
 * `limit` of them, with how many there are in all: what it takes from that log, whatever its range says.
 */
export function forgottenAmong(
  forgotten: ForgottenIds,
  sortedIds: readonly number[],
  limit = Number.POSITIVE_INFINITY,
): { ids: number[]; count: number } {
  if (forgotten.kind === 'range') {
    const from = lowerBound(sortedIds, forgotten.start);
    const to = Math.max(from, lowerBound(sortedIds, forgotten.end + 1));
    return { ids: sortedIds.slice(from, Math.min(to, from + limit)), count: to - from };
  }
  const ids: number[] = [];
  let count = 0;
  let previous: number | null = null;
  for (const id of forgotten.ids) {
    if (id === previous) continue;
    previous = id;
    const at = lowerBound(sortedIds, id);
    if (sortedIds[at] !== id) continue;
    count++;
    if (ids.length < limit) ids.push(id);
  }
  return { ids, count };
}

/** Whether the condensation forgets `id`: for rebuilding a view from scratch, where no ids are at hand. */
export function forgetsId(forgotten: ForgottenIds): (id: number) => boolean {
  if (forgotten.kind === 'range') return (id) => id >= forgotten.start && id <= forgotten.end;
  const ids = new Set(forgotten.ids);
  return (id) => ids.has(id);
}

/** Ids per piece of text while a range is written out. */
const IDS_PER_PIECE = 1 << 16;

/**
 * OpenHands' list as JSON text (`[4,5,6]`). The caller bounds `forgottenLength` first: a range is written
 * a piece at a time, but its text still grows with its width.
 */
export function forgottenJson(forgotten: ForgottenIds): string {
  if (forgotten.kind === 'list') return JSON.stringify(forgotten.ids);
  const pieces: string[] = [];
  for (let from = forgotten.start; from <= forgotten.end; from += IDS_PER_PIECE) {
    const to = Math.min(forgotten.end, from + IDS_PER_PIECE - 1);
    const ids = new Array<number>(to - from + 1);
    for (let k = 0; k < ids.length; k++) ids[k] = from + k;
    pieces.push(ids.join(','));
  }
  return `[${pieces.join(',')}]`;
}

/** OpenHands' list in full, as numbers: only where `forgottenLength` is known to be small (tests, `--pretty`). */
export function forgottenList(forgotten: ForgottenIds): number[] {
  if (forgotten.kind === 'list') return [...forgotten.ids];
  const ids = new Array<number>(forgottenLength(forgotten));
  for (let k = 0; k < ids.length; k++) ids[k] = forgotten.start + k;
  return ids;
}

/**
 * What a condensation takes from a log, as a key: how many of the log's ids it forgets, the first and
 * the last. Two condensations with equal keys forget the same events when one of them is a range (every
 * log id between first and last), as V0's summarizers' always are.
 */
export function forgottenKey(forgotten: ForgottenIds, sortedIds: readonly number[]): string {
  const { ids, count } = forgottenAmong(forgotten, sortedIds, 1);
  if (count === 0) return '0';
  let last: number;
  if (forgotten.kind === 'range') last = sortedIds[lowerBound(sortedIds, forgotten.end + 1) - 1]!;
  else {
    let at = forgotten.ids.length - 1;
    while (sortedIds[lowerBound(sortedIds, forgotten.ids[at]!)] !== forgotten.ids[at]) at--;
    last = forgotten.ids[at]!;
  }
  return `${count}:${ids[0]}:${last}`;
}
