import type { EventId, EventRow, ImportedLog, OpenedLog, ReplayOutcome, StepSummary } from '../inspect/index.ts';
import type { EngineMethod } from './protocol.ts';
import { reportReceived, reportToSend } from './wireReports.ts';
import { stringTable } from './stringTable.ts';

/**
 * A log's event rows as columns, for the trip from the engine's worker to the page: a 100 MB log's
 * 32,593 row objects took 140 ms to arrive (the page's thread rebuilds every object of a message in
 * one task); as a few arrays and one string of summaries they arrive at once, and the page makes the
 * rows from them in a fraction of that.
 */
export interface RowColumns {
  readonly rowColumns: true;
  readonly index: Int32Array;
  /** Integer ids (V0), or the ids as they are (SDK strings). */
  readonly ids: Float64Array | readonly string[];
  /** Indices into `words` (kind, type, source; NO_WORD for a null source). */
  readonly kind: Uint16Array;
  readonly type: Uint16Array;
  readonly source: Uint16Array;
  readonly words: readonly string[];
  /** All summaries one after another; summary i ends at summaryEnds[i]. */
  readonly summaries: string;
  readonly summaryEnds: Uint32Array;
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
    summaryEnds: new Uint32Array(count),
    inHistory: new Uint8Array(count),
  };
  const summaries: string[] = [];
  let end = 0;
  rows.forEach((row, i) => {
    columns.index[i] = row.index;
    columns.kind[i] = word(row.kind);
    columns.type[i] = word(row.type);
    columns.source[i] = word(row.source);
    summaries.push(row.summary);
    end += row.summary.length;
    columns.summaryEnds[i] = end;
    columns.inHistory[i] = (row.inHistory.recorded ? 1 : 0) | (row.inHistory.resimulate ? 2 : 0);
  });
  const ids = idColumn(rows.map((row) => row.id));
  return { rowColumns: true, ...columns, ids, words: table.strings, summaries: summaries.join('') };
}

export function rowsOf(columns: RowColumns): EventRow[] {
  const { words, summaries, summaryEnds, inHistory, ids } = columns;
  const rows = new Array<EventRow>(columns.index.length);
  let start = 0;
  for (let i = 0; i < rows.length; i++) {
    const end = summaryEnds[i]!;
    rows[i] = {
      index: columns.index[i]!,
      id: ids[i]!,
      kind: words[columns.kind[i]!] as EventRow['kind'],
      type: words[columns.type[i]!]!,
      source: columns.source[i] === NO_WORD ? null : words[columns.source[i]!]!,
      summary: summaries.slice(start, end),
      inHistory: { recorded: (inHistory[i]! & 1) !== 0, resimulate: (inHistory[i]! & 2) !== 0 },
    };
    start = end;
  }
  return rows;
}

/**
 * A replay's steps as columns, for the same reason: a 100 MB log's 14,479 step objects took 18-41 ms of
 * the page's thread to arrive, as columns under 5 (and ten times as many at 1 GB). Ids as numbers (V0) or strings (SDK); each step's condensations as a
 * count and one list of them all; failures (few) as they are.
 */
export interface StepColumns {
  readonly stepColumns: true;
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
    stepColumns: true,
    ...columns,
    beforeEventId: idColumn(steps.map((step) => step.beforeEventId)),
    condensationIds: idColumn(condensationIds),
    failures,
  };
}

export function stepsOf(columns: StepColumns): StepSummary[] {
  const failures = new Map(columns.failures);
  const steps = new Array<StepSummary>(columns.index.length);
  let next = 0;
  for (let i = 0; i < steps.length; i++) {
    const count = columns.condensationCounts[i]!;
    const condensationIds: EventId[] = [];
    for (let k = 0; k < count; k++) condensationIds.push(columns.condensationIds[next++]!);
    steps[i] = {
      index: columns.index[i]!,
      beforeEventId: columns.beforeEventId[i]!,
      beforeEventIndex: columns.beforeEventIndex[i]!,
      viewLength: columns.viewLength[i]!,
      viewTokens: columns.viewTokens[i]!,
      condensationIds,
      unhandledCondensationRequest: columns.unhandledCondensationRequest[i] === 1,
      failure: failures.get(i) ?? null,
    };
  }
  return steps;
}

/** The buffers of a set of columns' typed arrays: transferred, not copied. */
const buffersOf = (columns: object): ArrayBuffer[] =>
  Object.values(columns).flatMap((value) => (ArrayBuffer.isView(value) ? [value.buffer as ArrayBuffer] : []));

/** The replay outcome a method's result is (replay, liveReplay), when it has steps. */
function replayIn(method: EngineMethod, result: unknown): Extract<ReplayOutcome, { ok: true }> | null {
  if (method !== 'replay' && method !== 'liveReplay') return null;
  const outcome = result as ReplayOutcome;
  return outcome.ok ? outcome : null;
}

/** The opened log a method's result carries (open, importLog), if any. */
function openedIn(method: EngineMethod, result: unknown): OpenedLog | null {
  if (method === 'open') return result as OpenedLog;
  if (method === 'importLog' && (result as ImportedLog).kind === 'opened')
    return (result as Extract<ImportedLog, { kind: 'opened' }>).opened;
  return null;
}

/**
 * A result as the worker sends it: an opened log's rows, a replay's steps or a report's steps (usage,
 * facts lost: wireReports.ts) as columns, and the buffers to transfer.
 */
export function resultToSend(method: EngineMethod, result: unknown): { result: unknown; transfer: ArrayBuffer[] } {
  const replayed = replayIn(method, result);
  if (replayed) {
    const steps = stepColumns(replayed.summary.steps);
    return {
      result: { ...replayed, summary: { ...replayed.summary, steps } },
      transfer: buffersOf(steps),
    };
  }
  const report = reportToSend(method, result);
  if (report) return { result: report.result, transfer: buffersOf(report.columns) };
  const opened = openedIn(method, result);
  if (!opened) return { result, transfer: [] };
  let columns: RowColumns;
  try {
    columns = rowColumns(opened.rows);
  } catch {
    return { result, transfer: [] };
  }
  const sent = { ...opened, rows: columns };
  return {
    result: method === 'open' ? sent : { kind: 'opened', opened: sent },
    transfer: buffersOf(columns),
  };
}

/** A result as the page reads it: rows and steps made again from their columns. */
export function receivedResult(method: EngineMethod, result: unknown): unknown {
  const replayed = replayIn(method, result);
  const steps = replayed?.summary.steps as unknown as StepColumns | undefined;
  if (replayed && steps && (steps as { stepColumns?: unknown }).stepColumns)
    return { ...replayed, summary: { ...replayed.summary, steps: stepsOf(steps) } };
  const opened = openedIn(method, result);
  const rows = opened?.rows as unknown as RowColumns | undefined;
  if (!opened || !rows || !(rows as { rowColumns?: unknown }).rowColumns) return reportReceived(method, result);
  const received = { ...opened, rows: rowsOf(rows) };
  return method === 'open' ? received : { kind: 'opened', opened: received };
}
