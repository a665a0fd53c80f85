import type { EventId, EventRow, ImportedLog, OpenedLog, ReplayOutcome, StepSummary } from '../inspect/index.ts';
import type { EngineMethod } from './protocol.ts';
import { REPORT_WIRES } from './wireReports.ts';
import { listInSlices, whenMade } from './slicedList.ts';
import { stringTable } from './stringTable.ts';
import { type TextColumn, textAt, textColumn } from './textColumn.ts';

/**
 * A log's event rows as columns, for the trip from the engine's worker to the page: a 100 MB log's
 * 32,593 row objects took 140 ms to arrive (the page's thread rebuilds every object of a message in
 * one task); as a few arrays and the summaries' bytes (textColumn.ts) they arrive at once, and the
 * page makes the rows from them a slice per task.
 */
export interface RowColumns {
  readonly index: Int32Array;
  /** Integer ids (V0), or the ids as they are (SDK strings). */
  readonly ids: Float64Array | readonly string[];
  /** Indices into `words` (kind, type, source; NO_WORD for a null source). */
  readonly kind: Uint16Array;
  readonly type: Uint16Array;
  readonly source: Uint16Array;
  readonly words: readonly string[];
  readonly summaries: TextColumn;
  /** Bit 1: in the recorded history; bit 2: in the re-simulated one. */
  readonly inHistory: Uint8Array;
}

const NO_WORD = 0xffff;

export function rowColumns(rows: readonly EventRow[]): RowColumns {
  // Past the table's size, kinds of events are not few: the rows go as they are (rowColumns' caller checks).
  const table = stringTable(NO_WORD);
  const word = (text: string | null) => (text === null ? NO_WORD : table.numberOf(text));
  const count = rows.length;
  const columns = {
    index: new Int32Array(count),
    kind: new Uint16Array(count),
    type: new Uint16Array(count),
    source: new Uint16Array(count),
    inHistory: new Uint8Array(count),
  };
  rows.forEach((row, i) => {
    columns.index[i] = row.index;
    columns.kind[i] = word(row.kind);
    columns.type[i] = word(row.type);
    columns.source[i] = word(row.source);
    columns.inHistory[i] = (row.inHistory.recorded ? 1 : 0) | (row.inHistory.resimulate ? 2 : 0);
  });
  const ids = idColumn(rows.map((row) => row.id));
  return { ...columns, ids, words: table.strings, summaries: textColumn(rows.map((row) => row.summary)) };
}

/**
 * The four histories a row can be in, shared by every row: a gigabyte log has 325,925 rows, and an
 * object each was a third of what the page's thread allocated (and collected) to receive them.
 */
const HISTORIES: readonly EventRow['inHistory'][] = [0, 1, 2, 3].map((bits) =>
  Object.freeze({ recorded: (bits & 1) !== 0, resimulate: (bits & 2) !== 0 }),
);

/** Row i of the columns. */
function rowMaker(columns: RowColumns): (i: number) => EventRow {
  const { words, inHistory, ids } = columns;
  const summary = textAt(columns.summaries);
  return (i) => ({
    index: columns.index[i]!,
    id: ids[i]!,
    kind: words[columns.kind[i]!] as EventRow['kind'],
    type: words[columns.type[i]!]!,
    source: columns.source[i] === NO_WORD ? null : words[columns.source[i]!]!,
    summary: summary(i),
    inHistory: HISTORIES[inHistory[i]! & 3]!,
  });
}

export const rowsOf = (columns: RowColumns): EventRow[] | Promise<EventRow[]> =>
  listInSlices(columns.index.length, rowMaker(columns));

/**
 * A replay's steps as columns, for the same reason: a 100 MB log's 14,479 step objects took 18-41 ms of
 * the page's thread to arrive, as columns under 5 (and ten times as many at 1 GB). Ids as numbers (V0) or strings (SDK); each step's condensations as a
 * count and one list of them all; failures (few) as they are.
 */
export interface StepColumns {
  readonly index: Int32Array;
  readonly beforeEventId: Float64Array | readonly string[];
  readonly beforeEventIndex: Int32Array;
  readonly viewLength: Int32Array;
  readonly viewTokens: Float64Array;
  readonly unhandledCondensationRequest: Uint8Array;
  readonly condensationCounts: Uint32Array;
  readonly condensationIds: Float64Array | readonly string[];
  readonly failures: ReadonlyArray<readonly [number, string]>;
}

/** Numbers in a typed array (transferred), anything else (SDK string ids) as a list. */
function idColumn(ids: readonly EventId[]): Float64Array | readonly string[] {
  return ids.every((id) => typeof id === 'number') ? Float64Array.from(ids as number[]) : (ids as string[]);
}

export function stepColumns(steps: readonly StepSummary[]): StepColumns {
  const count = steps.length;
  const columns = {
    index: new Int32Array(count),
    beforeEventIndex: new Int32Array(count),
    viewLength: new Int32Array(count),
    viewTokens: new Float64Array(count),
    unhandledCondensationRequest: new Uint8Array(count),
    condensationCounts: new Uint32Array(count),
  };
  const failures: Array<readonly [number, string]> = [];
  const condensationIds: EventId[] = [];
  steps.forEach((step, i) => {
    columns.index[i] = step.index;
    columns.beforeEventIndex[i] = step.beforeEventIndex;
    columns.viewLength[i] = step.viewLength;
    columns.viewTokens[i] = step.viewTokens;
    columns.unhandledCondensationRequest[i] = step.unhandledCondensationRequest ? 1 : 0;
    columns.condensationCounts[i] = step.condensationIds.length;
    for (const id of step.condensationIds) condensationIds.push(id);
    if (step.failure !== null) failures.push([i, step.failure]);
  });
  return {
    ...columns,
    beforeEventId: idColumn(steps.map((step) => step.beforeEventId)),
    condensationIds: idColumn(condensationIds),
    failures,
  };
}

/** The condensations of a step that has none (most steps), shared. */
const NO_CONDENSATIONS: readonly EventId[] = Object.freeze([]);

/** The columns' steps in order (each takes its condensations from where the step before left off). */
function stepMaker(columns: StepColumns): (i: number) => StepSummary {
  const failures = new Map(columns.failures);
  let next = 0;
  return (i) => {
    const count = columns.condensationCounts[i]!;
    let condensationIds = NO_CONDENSATIONS;
    if (count > 0) {
      const ids: EventId[] = [];
      for (let k = 0; k < count; k++) ids.push(columns.condensationIds[next++]!);
      condensationIds = ids;
    }
    return {
      index: columns.index[i]!,
      beforeEventId: columns.beforeEventId[i]!,
      beforeEventIndex: columns.beforeEventIndex[i]!,
      viewLength: columns.viewLength[i]!,
      viewTokens: columns.viewTokens[i]!,
      condensationIds,
      unhandledCondensationRequest: columns.unhandledCondensationRequest[i] === 1,
      failure: failures.get(i) ?? null,
    };
  };
}

export const stepsOf = (columns: StepColumns): StepSummary[] | Promise<StepSummary[]> =>
  listInSlices(columns.index.length, stepMaker(columns));

/** The buffers of a set of columns' typed arrays: transferred, not copied. */
const buffersOf = (columns: object): ArrayBuffer[] =>
  Object.values(columns).flatMap((value: unknown): ArrayBuffer[] => {
    if (ArrayBuffer.isView(value)) return [value.buffer as ArrayBuffer];
    // A column of its own columns (texts as bytes).
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? buffersOf(value) : [];
  });

/**
 * How one method's result crosses between the worker and the page: its long list as columns (their
 * buffers transferred), made again on the page. A list that went as it was is still an array there.
 */
export interface Wire {
  /** The result to post and the columns in it, or null to post the result as it is. */
  send(result: unknown): { result: unknown; columns: object } | null;
  /** The result as the page reads it; a long list is made a slice per task, and answered once made. */
  receive(result: unknown): unknown;
}

const replayWire: Wire = {
  send(result) {
    const outcome = result as ReplayOutcome;
    if (!outcome.ok) return null;
    const steps = stepColumns(outcome.summary.steps);
    return { result: { ...outcome, summary: { ...outcome.summary, steps } }, columns: steps };
  },
  receive(result) {
    const outcome = result as ReplayOutcome;
    if (!outcome.ok || Array.isArray(outcome.summary.steps)) return result;
    return whenMade(stepsOf(outcome.summary.steps as unknown as StepColumns), (steps) => ({
      ...outcome,
      summary: { ...outcome.summary, steps },
    }));
  },
};

/** An opened log's rows; past the string table's size (rowColumns throws), they go as they are. */
const openedWire: Wire = {
  send(result) {
    const opened = result as OpenedLog;
    try {
      const rows = rowColumns(opened.rows);
      return { result: { ...opened, rows }, columns: rows };
    } catch {
      return null;
    }
  },
  receive(result) {
    const opened = result as OpenedLog;
    if (Array.isArray(opened.rows)) return result;
    return whenMade(rowsOf(opened.rows as unknown as RowColumns), (rows) => ({ ...opened, rows }));
  },
};

/** importLog: an opened log as `open` has it, or an eval run's instances as they are. */
const importWire: Wire = {
  send(result) {
    const imported = result as ImportedLog;
    if (imported.kind !== 'opened') return null;
    const sent = openedWire.send(imported.opened);
    return sent && { result: { kind: 'opened', opened: sent.result }, columns: sent.columns };
  },
  receive(result) {
    const imported = result as ImportedLog;
    if (imported.kind !== 'opened') return result;
    return whenMade(openedWire.receive(imported.opened), (opened) => ({ kind: 'opened', opened }));
  },
};

const WIRES: Partial<Record<EngineMethod, Wire>> = {
  open: openedWire,
  importLog: importWire,
  replay: replayWire,
  liveReplay: replayWire,
  ...REPORT_WIRES,
};

/**
 * A result as the worker sends it, and the buffers to transfer: a typed array's own (token counts,
 * search hits: the engine answers with a copy of its own), or its columns'.
 */
export function resultToSend(method: EngineMethod, result: unknown): { result: unknown; transfer: ArrayBuffer[] } {
  if (ArrayBuffer.isView(result)) return { result, transfer: [result.buffer as ArrayBuffer] };
  const sent = WIRES[method]?.send(result);
  return sent ? { result: sent.result, transfer: buffersOf(sent.columns) } : { result, transfer: [] };
}

/** A result as the page reads it: lists made again from their columns (a long one later: a promise). */
export function receivedResult(method: EngineMethod, result: unknown): unknown {
  const wire = WIRES[method];
  return wire ? wire.receive(result) : result;
}
