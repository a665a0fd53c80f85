/**
 * Every log format the inspector reads, one reader file each, listed once here in the order they are
 * tried; the shape names and their labels derive from this list.
 */
import { evalOutputReader } from './evalOutput.ts';
import { eventListReader } from './eventList.ts';
import { eventsFolderReader } from './eventsFolder.ts';
import { feedbackReader } from './feedback.ts';
import { httpRecordingReader } from './httpRecording.ts';
import { sdkFolderReader } from './sdkFolder.ts';
import { trajectoryReader } from './trajectory.ts';
import { type LogReader, defineReader } from './types.ts';

export type { LogReader, ReaderInput } from './types.ts';

/** Shapes one of the readers above produces: containers named by the SDK events they hold, and variants. */
const produced = <const Shape extends string>(shape: Shape, label: string, flavor: 'v0' | 'sdk') =>
  defineReader({ shape, label, flavor });

export const LOG_READERS = [
  feedbackReader,
  trajectoryReader,
  httpRecordingReader,
  evalOutputReader,
  eventListReader,
  sdkFolderReader,
  eventsFolderReader,
  produced('v0-events-jsonl', 'OpenHands events, one per line (JSONL)', 'v0'),
  produced('v0-legacy-pairs', 'OpenDevin evaluation output (2024, [action, observation] pairs)', 'v0'),
  produced('sdk-events-folder', 'OpenHands SDK event files (event-NNNNN-<id>.json)', 'sdk'),
  produced('sdk-ui-download', 'OpenHands web UI download (V1 zip: meta.json + event files)', 'sdk'),
  produced('sdk-list', 'OpenHands SDK event list', 'sdk'),
  produced('sdk-events-jsonl', 'OpenHands SDK events, one per line (JSONL)', 'sdk'),
  produced('sdk-eval-jsonl', 'OpenHands SDK evaluation output (JSONL with "history")', 'sdk'),
] as const satisfies readonly LogReader[];

/** Every shape of log the inspector reads. */
export type LogShape = (typeof LOG_READERS)[number]['shape'];

export const SHAPE_LABELS = Object.fromEntries(LOG_READERS.map((reader) => [reader.shape, reader.label])) as Readonly<
  Record<LogShape, string>
>;

const SHAPES: ReadonlySet<string> = new Set(LOG_READERS.map((reader) => reader.shape));
/** A located shape as the registry names it (every reader names only shapes listed above). */
export function logShape(shape: string): LogShape {
  if (!SHAPES.has(shape)) throw new Error(`no reader is listed for the log shape ${shape}`);
  return shape as LogShape;
}

/** SDK (V1) logs: events with a `kind` and string ids, read by `src/formats/sdk`. */
export function isSdkShape(shape: LogShape): boolean {
  return LOG_READERS.find((reader) => reader.shape === shape)?.flavor === 'sdk';
}
