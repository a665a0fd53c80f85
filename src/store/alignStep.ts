import { type ReplayMode, lowerBound } from '../engine/index.ts';
import type { CondensationSummary, EventId, EventRow, ReplaySummary, ViewItem } from '../worker/index.ts';

export type AlignedRow =
  | {
      readonly kind: 'event';
      readonly index: number;
      readonly status: 'kept' | 'masked' | 'forgotten';
      readonly placeholder: string | null;
    }
  | { readonly kind: 'repeat'; readonly index: number }
  | { readonly kind: 'summary'; readonly content: string; readonly masked: boolean }
  | { readonly kind: 'condensation'; readonly condensation: CondensationSummary | null; readonly index: number | null }
  /** A long stretch of forgotten events and condensations, as one row: the log's rows `from` to `to`. */
  | {
      readonly kind: 'fold';
      readonly from: number;
      readonly to: number;
      readonly forgotten: number;
      readonly condensations: number;
    };

/**
 * Past this many rows, a stretch of forgotten events and condensations is one row (unless opened): at a
 * late step of a gigabyte log the history is 600,000 rows, nearly all forgotten, and listing them cost
 * a step change 35 ms at 100 MB (lining them up and the list's measurements), ten times that at 1 GB.
 */
export const FOLD_FROM_ROWS = 500;

/**
 * The rows a mode's history holds, as row indexes in order (its events, and its condensation events),
 * read as far into the log as a step has needed.
 */
interface History {
  readonly events: number[];
  readonly condensations: number[];
  readTo: number;
}

/**
 * Which rows share an id, learned as far into the log as a step has needed (a first step after
 * opening a gigabyte log reads a few rows, not 325,000: building it whole was a 100-190 ms task).
 */
interface RowsIndex {
  readonly history: Partial<Record<ReplayMode, History>>;
  /** Rows [0, readTo) are known. */
  readTo: number;
  /** While ids are numbers each above the last (V0 logs), no two rows share one: no map is kept. */
  lastId: number;
  /** Each id's first row, kept once ids stop rising; with the rows of ids more than one row has. */
  first: Map<EventId, number> | null;
  readonly shared: Map<EventId, number[]>;
}

const indexes = new WeakMap<readonly EventRow[], RowsIndex>();

const isCondensationEvent = (row: EventRow) => row.kind === 'action' && row.type === 'condensation';

function indexOf(rows: readonly EventRow[]): RowsIndex {
  let index = indexes.get(rows);
  if (!index) {
    index = { history: {}, readTo: 0, lastId: Number.NEGATIVE_INFINITY, first: null, shared: new Map() };
    indexes.set(rows, index);
  }
  return index;
}

/** The rows' ids known up to `end`; `mapped`: each id's first row kept too (to find an id's rows by itself). */
function readIds(rows: readonly EventRow[], index: RowsIndex, end: number, mapped: boolean): void {
  const note = (id: EventId, at: number) => {
    const earlier = index.first!.get(id);
    if (earlier === undefined) index.first!.set(id, at);
    else {
      const rowsOfId = index.shared.get(id);
      if (rowsOfId) rowsOfId.push(at);
      else index.shared.set(id, [earlier, at]);
    }
  };
  const startMap = () => {
    index.first = new Map();
    for (let at = 0; at < index.readTo; at++) note(rows[at]!.id, at);
  };
  if (mapped && index.first === null) startMap();
  for (; index.readTo < end; index.readTo++) {
    const id = rows[index.readTo]!.id;
    if (index.first === null) {
      if (typeof id === 'number' && id > index.lastId) {
        index.lastId = id;
        continue;
      }
      startMap();
    }
    note(id, index.readTo);
  }
}

function historyOf(rows: readonly EventRow[], mode: ReplayMode, end: number): History {
  const index = indexOf(rows);
  const history = (index.history[mode] ??= { events: [], condensations: [], readTo: 0 });
  for (; history.readTo < end; history.readTo++) {
    const row = rows[history.readTo]!;
    if (row.inHistory[mode]) (isCondensationEvent(row) ? history.condensations : history.events).push(row.index);
  }
  return history;
}

/** The rows before `end` with `id`: usually the one at `hint` (where the view says the event is). */
function rowsWithId(rows: readonly EventRow[], id: EventId, hint: number | undefined, end: number): readonly number[] {
  const index = indexOf(rows);
  const hinted = hint !== undefined && hint < end && rows[hint]?.id === id;
  readIds(rows, index, end, !hinted);
  const shared = index.shared.get(id);
  if (shared) return shared.filter((at) => at < end);
  if (hinted) return [hint];
  const at = index.first!.get(id);
  return at !== undefined && at < end ? [at] : [];
}

/** Where a replay's condensations were made: each one's row (its step's event), in their order; and whether those never go down. */
interface MadeAt {
  readonly rows: Float64Array;
  readonly ascending: boolean;
}

const madeAtBySummary = new WeakMap<ReplaySummary, MadeAt>();

function madeAtOf(summary: ReplaySummary): MadeAt {
  let made = madeAtBySummary.get(summary);
  if (!made) {
    // A step the summary lacks is no row at all (the engine never makes one; a file could).
    const rows = Float64Array.from(
      summary.condensations,
      (condensation) => summary.steps[condensation.stepIndex]?.beforeEventIndex ?? Number.POSITIVE_INFINITY,
    );
    made = { rows, ascending: rows.every((row, k) => k === 0 || row >= rows[k - 1]!) };
    madeAtBySummary.set(summary, made);
  }
  return made;
}

/**
 * The side-by-side layout of one step: the history up to the step (left) against the view the
 * agent got (right), one row per history event, aligned by id. Forgotten events have no right side;
 * a masked one shows its placeholder; the summary sits where the view has it; condensations show
 * where they happened. A stretch of more than FOLD_FROM_ROWS forgotten events and condensations is one
 * `fold` row, unless `opened` holds its first row. Folded, a step costs what its view and the condensations
 * so far hold: the forgotten events between two rows that matter are counted, not visited (the history's
 * rows are read once, as far as a step reaches).
 */
export function alignStep(
  rows: readonly EventRow[],
  summary: ReplaySummary,
  step: number,
  view: readonly ViewItem[],
  mode: ReplayMode,
  opened: ReadonlySet<number> = new Set(),
): AlignedRow[] {
  const current = summary.steps[step];
  if (!current) return [];
  const inView = new Map<EventId, ViewItem>();
  const seen = new Set<EventId>();
  const repeats = new Map<EventId, number>();
  // Where the summary goes: before the first event the view shows after it.
  let summaryBefore: EventId | null = null;
  let summaryItem: ViewItem | null = null;
  // The rows the view names: where each of its events is.
  const named = new Map<EventId, number | undefined>();
  view.forEach((item, position) => {
    const id = item.kind === 'event' ? item.id : item.kind === 'masked' ? item.targetId : null;
    if (id === null) {
      summaryItem = item;
      const next = view.slice(position + 1).find((later) => later.kind !== 'summary');
      summaryBefore = next ? (next.kind === 'event' ? next.id : next.targetId) : null;
      return;
    }
    if (seen.has(id)) repeats.set(id, (repeats.get(id) ?? 0) + 1);
    else inView.set(id, item);
    seen.add(id);
    named.set(
      id,
      item.kind === 'event' ? item.index : item.kind === 'masked' ? (item.targetIndex ?? undefined) : undefined,
    );
  });
  // The condensations made by then (those before the first made later), by the row each was made before:
  // in their own order, sorted by row only if a summary lists them otherwise.
  let made = 0;
  while (made < summary.condensations.length && summary.condensations[made]!.stepIndex <= step) made++;
  const madeAtRows = madeAtOf(summary);
  const order = madeAtRows.ascending
    ? null
    : Array.from({ length: made }, (_, k) => k).sort((a, b) => madeAtRows.rows[a]! - madeAtRows.rows[b]! || a - b);
  const madeAt = (k: number) => madeAtRows.rows[order ? order[k]! : k]!;
  const condensationAt = (k: number) => summary.condensations[order ? order[k]! : k]!;

  // The history is the rows before the step's event; between the rows that matter (the view's, the
  // condensation events', where condensations were made) every event is forgotten. The three are
  // walked together in order, each already sorted.
  const end = Math.min(current.beforeEventIndex, rows.length);
  const history = historyOf(rows, mode, end);
  const viewed = new Set<number>();
  for (const [id, hint] of named) for (const at of rowsWithId(rows, id, hint, end)) viewed.add(at);
  const viewRows = Int32Array.from(viewed).sort();
  const condensationRows = lowerBound(history.condensations, end);
  const aligned: AlignedRow[] = [];
  // The forgotten events and condensations since the last row that is neither: runs of history events
  // (positions [from, to) of history.events) and rows.
  type Part = { readonly from: number; readonly to: number } | AlignedRow;
  let stretch: Part[] = [];
  let stretchRows = 0;
  const addRun = (from: number, to: number) => {
    if (to <= from) return;
    stretch.push({ from, to });
    stretchRows += to - from;
  };
  const addRow = (row: AlignedRow) => {
    stretch.push(row);
    stretchRows++;
  };
  const forgottenRow = (index: number): AlignedRow => ({
    kind: 'event',
    index,
    status: 'forgotten',
    placeholder: null,
  });
  const flush = () => {
    if (stretch.length === 0) return;
    const rowOf = (part: Part) =>
      !('kind' in part)
        ? history.events[part.from]!
        : part.kind === 'condensation' || part.kind === 'event'
          ? part.index
          : null;
    const first = stretch.map(rowOf).find((at) => at !== null) ?? null;
    if (stretchRows > FOLD_FROM_ROWS && first !== null && !opened.has(first)) {
      let forgotten = 0;
      let last = first;
      for (const part of stretch) {
        if (!('kind' in part)) {
          forgotten += part.to - part.from;
          last = history.events[part.to - 1]!;
        } else if (part.kind === 'event') {
          forgotten++;
          last = part.index;
        } else if (part.kind === 'condensation' && part.index !== null) last = part.index;
      }
      aligned.push({ kind: 'fold', from: first, to: last, forgotten, condensations: stretchRows - forgotten });
    } else {
      for (const part of stretch) {
        if ('kind' in part) aligned.push(part);
        else for (let k = part.from; k < part.to; k++) aligned.push(forgottenRow(history.events[k]!));
      }
    }
    stretch = [];
    stretchRows = 0;
  };
  const pushSummary = () => {
    const item = summaryItem as ViewItem | null;
    if (!item) return;
    aligned.push({
      kind: 'summary',
      content: item.kind === 'summary' || item.kind === 'masked' ? item.content : '',
      masked: item.kind === 'masked',
    });
    summaryItem = null;
  };

  let next = 0;
  let v = 0;
  let c = 0;
  // Made before no row of the log (a row below the first): never shown, as no step reaches it.
  let m = 0;
  while (m < made && madeAt(m) < 0) m++;
  for (;;) {
    let at = v < viewRows.length ? viewRows[v]! : end;
    if (c < condensationRows && history.condensations[c]! < at) at = history.condensations[c]!;
    if (m < made && madeAt(m) < at) at = madeAt(m);
    if (at >= end) break;
    if (v < viewRows.length && viewRows[v] === at) v++;
    if (c < condensationRows && history.condensations[c] === at) c++;
    const upTo = lowerBound(history.events, at, next);
    addRun(next, upTo);
    next = upTo;
    for (; m < made && madeAt(m) === at; m++)
      addRow({ kind: 'condensation', condensation: condensationAt(m), index: null });
    const row = rows[at]!;
    if (!row.inHistory[mode]) continue;
    if (isCondensationEvent(row)) {
      addRow({ kind: 'condensation', condensation: null, index: at });
      continue;
    }
    next++;
    if (summaryBefore === row.id) {
      flush();
      pushSummary();
    }
    const item = inView.get(row.id);
    if (!item) {
      addRow(forgottenRow(at));
      continue;
    }
    flush();
    aligned.push(
      item.kind === 'masked'
        ? { kind: 'event', index: at, status: 'masked', placeholder: item.content }
        : { kind: 'event', index: at, status: 'kept', placeholder: null },
    );
    for (let r = repeats.get(row.id) ?? 0; r > 0; r--) aligned.push({ kind: 'repeat', index: at });
  }
  addRun(next, lowerBound(history.events, end, next));
  if (current.beforeEventIndex < rows.length)
    for (; m < made && madeAt(m) <= current.beforeEventIndex; m++)
      if (madeAt(m) === current.beforeEventIndex)
        addRow({ kind: 'condensation', condensation: condensationAt(m), index: null });
  flush();
  pushSummary();
  return summaryBeforeItsGap(aligned);
}

/** Moves the summary up to the start of the forgotten run just before it: it stands in for those events. */
function summaryBeforeItsGap(aligned: AlignedRow[]): AlignedRow[] {
  const at = aligned.findIndex((row) => row.kind === 'summary');
  if (at < 0) return aligned;
  let to = at;
  while (to > 0) {
    const previous = aligned[to - 1]!;
    if (
      (previous.kind === 'event' && previous.status === 'forgotten') ||
      previous.kind === 'condensation' ||
      previous.kind === 'fold'
    )
      to--;
    else break;
  }
  if (to === at) return aligned;
  const [summaryRow] = aligned.splice(at, 1);
  aligned.splice(to, 0, summaryRow!);
  return aligned;
}
