import { LogFormatError, parseJson } from './errors.ts';
import { EvalScan, evalJsonlOf, locateJsonl, looksLikeJsonl } from './evalJsonl.ts';
import { foreignFormat } from './foreignFormats.ts';
import { parseJsonBytes } from './jsonBytes.ts';
import { fileText } from './logFile.ts';
import { located } from './located.ts';
import { isSdkFolder, locateSdkFolder } from './sdk/index.ts';
import { type LocateOptions, type LocatedEvents, type LogFile, type LogInput, type LogShape, isRecord } from './types.ts';

export type { EvalInstance, LocateOptions, LocatedEvents, LogFile, LogInput, LogShape } from './types.ts';

export const SHAPE_LABELS: Record<LogShape, string> = {
  'v0-list': 'OpenHands event list',
  'v0-trajectory': 'OpenHands trajectory download ({"trajectory": [...]})',
  'v0-eval-jsonl': 'OpenHands evaluation output (JSONL with "history")',
  'v0-events-jsonl': 'OpenHands events, one per line (JSONL)',
  'v0-events-folder': 'OpenHands session folder (events/<id>.json)',
  'v0-legacy-pairs': 'OpenDevin evaluation output (2024, [action, observation] pairs)',
  'v0-feedback': 'OpenHands feedback export (2024)',
  'v0-http-recording': 'recorded trajectory API response',
  'sdk-conversation-folder': 'OpenHands SDK conversation folder (base_state.json + events/)',
  'sdk-events-folder': 'OpenHands SDK event files (event-NNNNN-<id>.json)',
  'sdk-ui-download': 'OpenHands web UI download (V1 zip: meta.json + event files)',
  'sdk-list': 'OpenHands SDK event list',
  'sdk-events-jsonl': 'OpenHands SDK events, one per line (JSONL)',
  'sdk-eval-jsonl': 'OpenHands SDK evaluation output (JSONL with "history")',
};

/** SDK (V1) logs: events with a `kind` and string ids, read by `src/formats/sdk`. */
export function isSdkShape(shape: LogShape): boolean {
  return shape.startsWith('sdk-');
}

function isSdkEvent(value: unknown): boolean {
  return isRecord(value) && typeof value.kind === 'string' && typeof value.id === 'string';
}

function fromList(items: unknown[], where: string, options: LocateOptions): LocatedEvents {
  if (items.length === 0) throw new LogFormatError(where, 'the log holds no events');
  const first = items[0];
  if (isRecord(first) && Array.isArray(first.trajectory) && ('feedback' in first || 'version' in first)) {
    const scan = new EvalScan(options);
    items.forEach((entry, i) => scan.add(isRecord(entry) ? entry : {}, i + 1, { id: `feedback ${i + 1}`, history: isRecord(entry) ? entry.trajectory : null, label: `[${i}].trajectory` }));
    return scan.finish('v0-feedback');
  }
  const foreign = foreignFormat(items);
  if (foreign) throw new LogFormatError(where, foreign);
  return located('v0-list', items, (i) => `${where}[${i}]`);
}

function fromObject(value: Record<string, unknown>, options: LocateOptions): LocatedEvents {
  if (Array.isArray(value.trajectory)) return located('v0-trajectory', value.trajectory, (i) => `trajectory[${i}]`);
  const response = value.response;
  if (isRecord(response) && isRecord(response.json) && Array.isArray(response.json.trajectory)) {
    return located('v0-http-recording', response.json.trajectory, (i) => `response.json.trajectory[${i}]`);
  }
  if (Array.isArray(value.history)) {
    const scan = new EvalScan(options);
    scan.add(value, 1);
    return scan.finish('v0-eval-jsonl');
  }
  if (value.trajectory === null && 'error' in value) {
    throw new LogFormatError('trajectory', `the server could not produce this trajectory: ${String(value.error)}`);
  }
  if (Array.isArray(value.events) && 'conversation_id' in value) {
    throw new LogFormatError('events', 'this file only lists event files by name (an OpenHands-CLI trajectory summary); open the folder of event files instead');
  }
  if ('action' in value || 'observation' in value || isSdkEvent(value)) return located('v0-list', [value], () => 'the event');
  if (isRecord(value.agent) && typeof value.id === 'string') {
    throw new LogFormatError('', 'this is an SDK conversation’s base_state.json, which holds no events; open the whole conversation folder (with its events/ folder) instead');
  }
  const foreign = foreignFormat(value);
  if (foreign) throw new LogFormatError('', foreign);
  throw new LogFormatError('', `no OpenHands events found (top-level keys: ${Object.keys(value).slice(0, 8).join(', ') || 'none'})`);
}

function fromFile(file: LogFile, options: LocateOptions, resolvedIds: ReadonlySet<string> | null = null): LocatedEvents {
  if (file.bytes && file.bytes.length === 0) throw new LogFormatError(file.path, 'the file is empty');
  if (looksLikeJsonl(file)) return locateJsonl(file, options, resolvedIds);
  let value: unknown;
  if (file.bytes) {
    // Read piece by piece: no string of the whole file, and each event's byte span is kept.
    value = parseJsonBytes(file.bytes, file.path, { progress: options.progress });
  } else {
    if (file.text.trim() === '') throw new LogFormatError(file.path, 'the file is empty');
    value = parseJson(file.text, file.path);
  }
  if (Array.isArray(value)) return fromList(value, '', options);
  if (isRecord(value)) return fromObject(value, options);
  if (typeof value === 'string') {
    throw new LogFormatError(file.path, 'the file holds one JSON string (a Python repr dump, not events); it cannot be read as a log');
  }
  throw new LogFormatError(file.path, 'no OpenHands events found (expected a list, an object with "trajectory", or JSONL)');
}

const EVENT_FILE = /(?:^|\/)(\d+)\.json$/;

/** SWE-bench's report.json beside the outputs lists the resolved instances. */
function resolvedIdsOf(files: readonly LogFile[]): ReadonlySet<string> | null {
  for (const file of files) {
    if (!/(?:^|\/|\.)report\.json$/.test(file.path)) continue;
    const report = parseJson(fileText(file), file.path);
    if (isRecord(report) && Array.isArray(report.resolved_ids)) return new Set(report.resolved_ids.map(String));
  }
  return null;
}

function fromFolder(name: string, files: readonly LogFile[], options: LocateOptions): LocatedEvents {
  const jsonl = evalJsonlOf(files);
  // An eval run's outputs: output.jsonl names the instances (its conversations beside it do not).
  if (jsonl) {
    const found = fromFile(jsonl, options, resolvedIdsOf(files));
    return { ...found, notes: [`Read from ${jsonl.path}.`, ...found.notes] };
  }
  if (isSdkFolder(files)) return locateSdkFolder(name, files, options, resolvedIdsOf(files));
  const eventFiles = files
    .filter((file) => EVENT_FILE.test(file.path) && !file.path.includes('event_cache/'))
    .map((file) => ({ file, number: Number(EVENT_FILE.exec(file.path)![1]) }))
    .sort((a, b) => a.number - b.number);
  if (eventFiles.length === 0) {
    throw new LogFormatError(name, 'no event files found (expected events/0.json, events/1.json, ..., SDK events/event-00000-<id>.json, or an output.jsonl)');
  }
  const items = eventFiles.map(({ file }) => parseJson(fileText(file), file.path));
  const metadataFile = files.find((file) => /(?:^|\/)metadata\.json$/.test(file.path));
  const notes: string[] = [];
  if (metadataFile) {
    const metadata = parseJson(fileText(metadataFile), metadataFile.path);
    if (isRecord(metadata) && typeof metadata.title === 'string') notes.push(`Conversation: ${metadata.title}`);
  }
  return located('v0-events-folder', items, (i) => eventFiles[i]!.file.path, { notes });
}

/** Finds the events in any supported log shape; throws LogFormatError naming what is wrong. */
export function locateEvents(input: LogInput, options: LocateOptions = {}): LocatedEvents {
  return input.kind === 'file' ? fromFile(input.file, options) : fromFolder(input.name, input.files, options);
}
