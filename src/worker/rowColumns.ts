import type { EventRow, ImportedLog, OpenedLog } from '../inspect/index.ts';
import type { EngineMethod } from './protocol.ts';

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
  const words: string[] = [];
  const wordIndex = new Map<string, number>();
  const word = (text: string | null) => {
    if (text === null) return NO_WORD;
    let found = wordIndex.get(text);
    if (found === undefined) {
      found = words.length;
      // Past the table's size, kinds of events are not few: the rows go as they are (rowColumns' caller checks).
      if (found >= NO_WORD) throw new RangeError('too many kinds of events for row columns');
      words.push(text);
      wordIndex.set(text, found);
    }
    return found;
  };
  const count = rows.length;
  const columns = {
    index: new Int32Array(count),
    kind: new Uint16Array(count),
    type: new Uint16Array(count),
    source: new Uint16Array(count),
    summaryEnds: new Uint32Array(count),
    inHistory: new Uint8Array(count),
  };
  const numeric = rows.every((row) => typeof row.id === 'number');
  const ids = numeric ? new Float64Array(count) : new Array<string>(count);
  const summaries: string[] = [];
  let end = 0;
  rows.forEach((row, i) => {
    columns.index[i] = row.index;
    ids[i] = row.id as never;
    columns.kind[i] = word(row.kind);
    columns.type[i] = word(row.type);
    columns.source[i] = word(row.source);
    summaries.push(row.summary);
    end += row.summary.length;
    columns.summaryEnds[i] = end;
    columns.inHistory[i] = (row.inHistory.recorded ? 1 : 0) | (row.inHistory.resimulate ? 2 : 0);
  });
  return { rowColumns: true, ...columns, ids, words, summaries: summaries.join('') };
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

/** The opened log a method's result carries (open, importLog), if any. */
function openedIn(method: EngineMethod, result: unknown): OpenedLog | null {
  if (method === 'open') return result as OpenedLog;
  if (method === 'importLog' && (result as ImportedLog).kind === 'opened')
    return (result as Extract<ImportedLog, { kind: 'opened' }>).opened;
  return null;
}

/** A result as the worker sends it: an opened log's rows as columns, and the buffers to transfer. */
export function resultToSend(method: EngineMethod, result: unknown): { result: unknown; transfer: ArrayBuffer[] } {
  const opened = openedIn(method, result);
  if (!opened) return { result, transfer: [] };
  let columns: RowColumns;
  try {
    columns = rowColumns(opened.rows);
  } catch {
    return { result, transfer: [] };
  }
  const sent = { ...opened, rows: columns };
  const transfer = [columns.index, columns.kind, columns.type, columns.source, columns.summaryEnds, columns.inHistory];
  if (columns.ids instanceof Float64Array) transfer.push(columns.ids as never);
  return {
    result: method === 'open' ? sent : { kind: 'opened', opened: sent },
    transfer: transfer.map((array) => array.buffer as ArrayBuffer),
  };
}

/** A result as the page reads it: an opened log's rows made again from their columns. */
export function receivedResult(method: EngineMethod, result: unknown): unknown {
  const opened = openedIn(method, result);
  const rows = opened?.rows as unknown as RowColumns | undefined;
  if (!opened || !rows || !(rows as { rowColumns?: unknown }).rowColumns) return result;
  const received = { ...opened, rows: rowsOf(rows) };
  return method === 'open' ? received : { kind: 'opened', opened: received };
}
