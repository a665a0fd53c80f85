import { MAX_CONDENSER_CALLS_PER_STEP, type PreparedLog, type ReplayStep, type View, forgottenLength } from '../engine/index.ts';
import { UsageError } from './args.ts';

/** Bytes a full trace's view items take, about (`{"id":12345},`), and each step's other fields. */
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
function idBytes(log: PreparedLog): number {
  const widest = Math.max(Math.abs(log.sortedIds[0] ?? 0), Math.abs(log.maxId), 1);
  return String(widest).length + 2;
}

/**
 * About the most the trace can be, counted without replaying: every step's view is at most the whole
 * log; a condensation forgets ids of its view (counted with the views), or every id of a range between
 * two of them, which runs past the view only over ids the log leaves unused (ids far apart).
 */
function traceBound(log: PreparedLog, steps: number, compact: boolean): number {
  const events = log.events.length;
  const views = compact ? events * ITEM_BYTES : events * events * ITEM_BYTES;
  const span = log.sortedIds.length ? log.maxId - Math.min(log.sortedIds[0]!, -1) + 1 : 0;
  const unusedIds = Math.max(0, span - events);
  return views + steps * MAX_CONDENSER_CALLS_PER_STEP * unusedIds * idBytes(log);
}

interface Measured {
  viewBytes: number;
  forgottenBytes: number;
  widest: { ids: number; step: ReplayStep } | null;
}

/**
 * Refuses, before anything is written, a trace larger than `maxBytes` (every step's view, unless
 * `compact`, and every id the condensations forget) or a condensation that forgets more ids than one
 * can be written with. `replayWith` runs the replay once more, only where the trace could be large.
 */
export function checkTraceSize(options: {
  log: PreparedLog;
  compact: boolean;
  maxBytes: number;
  replayWith: (onStep: (step: ReplayStep, view: View | null) => void) => void;
}): void {
  const { log, compact, maxBytes } = options;
  const steps = log.stepBefore.reduce((sum, flag) => sum + flag, 0);
  if (traceBound(log, steps, compact) < SMALL_TRACE_BYTES) return;
  const perId = idBytes(log);
  const measured: Measured = { viewBytes: 0, forgottenBytes: 0, widest: null };
  options.replayWith((step, view) => {
    measured.viewBytes += STEP_BYTES + (compact ? 0 : (view?.length ?? 0) * ITEM_BYTES);
    for (const condensation of step.condensations) {
      const ids = forgottenLength(condensation.forgotten);
      measured.forgottenBytes += ids * perId;
      if (!measured.widest || ids > measured.widest.ids) measured.widest = { ids, step };
    }
  });
  const { widest } = measured;
  if (widest && widest.ids > MAX_FORGOTTEN_LISTED) {
    throw new UsageError(
      `a condensation at step ${widest.step.index} (before event ${widest.step.beforeEventId}) forgets ${widest.ids.toLocaleString('en-US')} ids, more than the ${MAX_FORGOTTEN_LISTED.toLocaleString('en-US')} the trace writes for one condensation: this log's ids lie far apart (${log.sortedIds[0]} to ${log.maxId} for ${log.events.length} events), and a range between two of them lists every id in it`,
    );
  }
  const bytes = measured.viewBytes + measured.forgottenBytes;
  if (bytes <= maxBytes) return;
  const gb = (value: number) => (value / 1e9).toFixed(1);
  const allow = `allow it with --max-trace-gb ${Math.ceil(bytes / 1e9)}`;
  if (measured.forgottenBytes > measured.viewBytes) {
    throw new UsageError(
      `the trace would be about ${gb(bytes)} GB, ${gb(measured.forgottenBytes)} GB of it the ids its condensations forget (this log's ids lie far apart, ${log.sortedIds[0]} to ${log.maxId} for ${log.events.length} events, and a range lists every id in it); ${allow}`,
    );
  }
  throw new UsageError(`the trace would be about ${gb(bytes)} GB (every step writes its whole view); write each step's view as a difference from the previous one with --compact, or ${allow}`);
}
