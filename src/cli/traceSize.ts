import type { InspectedLog, TraceSize } from '../inspect/index.ts';
import { UsageError } from './args.ts';

/** Bytes a full trace's view item takes, about (`{"id":12345},`), and each step's other fields. */
const ITEM_BYTES = 14;
const STEP_BYTES = 80;
/** Below this a trace is not worth measuring. */
const SMALL_TRACE_BYTES = 1e9;
/**
 * The most ids one condensation's `forgotten_event_ids` is written with: its text is one string, and
 * a JavaScript string holds about 512 MiB (20 million ids of up to 16 digits stay well inside).
 */
export const MAX_FORGOTTEN_LISTED = 20_000_000;

/** Bytes one id of a forgotten list takes (`4503599627370495,`), by the widest id of the log. */
function idBytes(log: InspectedLog): number {
  const widest = log.ids.reduce<number>((most, id) => Math.max(most, String(id).length), 1);
  return widest + 2;
}

/** `0 to 30000024 for 25 events`: where a log's ids lie. */
function idSpan(log: InspectedLog): string {
  const ids = log.ids.filter((id): id is number => typeof id === 'number');
  const [lowest, highest] = ids.reduce(
    ([low, high], id) => [Math.min(low, id), Math.max(high, id)],
    [Infinity, -Infinity],
  );
  return ids.length ? `${lowest} to ${highest} for ${log.ids.length} events` : `${log.ids.length} events`;
}

const bytesOf = (size: TraceSize, compact: boolean, perId: number) =>
  size.steps * STEP_BYTES + (compact ? 0 : size.items * ITEM_BYTES) + size.forgottenIds * perId;

/**
 * Refuses, before anything is written, a trace larger than `maxBytes` (every step's view, unless
 * `compact`, and every id the condensations forget) or a condensation that forgets more ids than one
 * can be written with. `measure` replays once more, only where the trace could be large.
 */
export function checkTraceSize(
  log: InspectedLog,
  options: { compact: boolean; maxBytes: number; measure: () => TraceSize },
): void {
  const { compact, maxBytes } = options;
  const perId = idBytes(log);
  // A small trace is not measured, unless the user's limit is smaller still.
  if (bytesOf(log.traceBound(compact), compact, perId) < Math.min(SMALL_TRACE_BYTES, maxBytes)) return;
  const measured = options.measure();
  const { widest } = measured;
  if (widest && widest.ids > MAX_FORGOTTEN_LISTED) {
    throw new UsageError(
      `a condensation at step ${widest.step} (before event ${widest.beforeEventId}) forgets ${widest.ids.toLocaleString('en-US')} ids, more than the ${MAX_FORGOTTEN_LISTED.toLocaleString('en-US')} the trace writes for one condensation: this log's ids lie far apart (${idSpan(log)}), and a range between two of them lists every id in it`,
    );
  }
  const bytes = bytesOf(measured, compact, perId);
  if (bytes <= maxBytes) return;
  const gb = (value: number) => (value / 1e9).toFixed(1);
  const allow = `allow it with --max-trace-gb ${Math.ceil(bytes / 1e9)}`;
  const forgottenBytes = measured.forgottenIds * perId;
  if (forgottenBytes > bytes - forgottenBytes) {
    throw new UsageError(
      `the trace would be about ${gb(bytes)} GB, ${gb(forgottenBytes)} GB of it the ids its condensations forget (this log's ids lie far apart, ${idSpan(log)}, and a range lists every id in it); ${allow}`,
    );
  }
  throw new UsageError(
    `the trace would be about ${gb(bytes)} GB (every step writes its whole view); write each step's view as a difference from the previous one with --compact, or ${allow}`,
  );
}
