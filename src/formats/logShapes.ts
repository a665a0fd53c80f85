import { LogFormatError, parseJson } from './errors.ts';
import { isSdkFolder, locateSdkFolder } from './sdk/folder.ts';

/** The top-level shapes of OpenHands logs (see samples/real-logs/FORMATS.md). */
export type LogShape =
  | 'v0-list'
  | 'v0-trajectory'
  | 'v0-eval-jsonl'
  | 'v0-events-jsonl'
  | 'v0-events-folder'
  | 'v0-legacy-pairs'
  | 'v0-feedback'
  | 'v0-http-recording'
  | 'sdk-conversation-folder'
  | 'sdk-events-folder'
  | 'sdk-list'
  | 'sdk-events-jsonl'
  | 'sdk-eval-jsonl';

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
  'sdk-list': 'OpenHands SDK event list',
  'sdk-events-jsonl': 'OpenHands SDK events, one per line (JSONL)',
  'sdk-eval-jsonl': 'OpenHands SDK evaluation output (JSONL with "history")',
};

/** SDK (V1) logs: events with a `kind` and string ids, read by `src/formats/sdk`. */
export function isSdkShape(shape: LogShape): boolean {
  return shape.startsWith('sdk-');
}

export interface LogFile {
  /** Path inside the dropped folder, or the file name. */
  readonly path: string;
  readonly text: string;
}

export type LogInput =
  | { readonly kind: 'file'; readonly file: LogFile }
  | { readonly kind: 'folder'; readonly name: string; readonly files: readonly LogFile[] };

export interface EvalInstance {
  readonly id: string;
  readonly eventCount: number;
}

/** The raw events found in a log, before each is validated. */
export interface LocatedEvents {
  readonly shape: LogShape;
  readonly items: readonly unknown[];
  /** Where item i is, for messages: e.g. `line 3: history[12]` or `events/12.json`. */
  readonly label: (index: number) => string;
  readonly instances: readonly EvalInstance[];
  readonly instanceId: string | null;
  readonly notes: readonly string[];
  /** A condenser configuration the log records (eval metadata), if any. */
  readonly recordedCondenser: unknown;
  /** An SDK conversation's base_state.json, parsed (its condenser, model and HEAD). */
  readonly baseState?: unknown;
}

export interface LocateOptions {
  /** Which eval instance to read: its instance_id, or its 1-based line number. */
  readonly instance?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSdkEvent(value: unknown): boolean {
  return isRecord(value) && typeof value.kind === 'string' && typeof value.id === 'string';
}

/** The SDK shape of a container that turned out to hold SDK events. */
const SDK_SHAPE_OF: Partial<Record<LogShape, LogShape>> = { 'v0-events-jsonl': 'sdk-events-jsonl', 'v0-eval-jsonl': 'sdk-eval-jsonl' };

function located(shape: LogShape, items: readonly unknown[], label: (index: number) => string, extra: Partial<LocatedEvents> = {}): LocatedEvents {
  const actual = items.some(isSdkEvent) ? (SDK_SHAPE_OF[shape] ?? 'sdk-list') : shape;
  return { shape: actual, items, label, instances: [], instanceId: null, notes: [], recordedCondenser: null, ...extra };
}

function fromList(items: unknown[], where: string): LocatedEvents {
  if (items.length === 0) throw new LogFormatError(where, 'the log holds no events');
  const first = items[0];
  if (isRecord(first) && Array.isArray(first.trajectory) && ('feedback' in first || 'version' in first)) {
    return chooseInstance(
      items.map((entry, i) => ({ id: `feedback ${i + 1}`, record: entry, history: isRecord(entry) ? entry.trajectory : null })),
      'v0-feedback',
      {},
      (i) => `[${i}].trajectory`,
    );
  }
  return located('v0-list', items, (i) => `${where}[${i}]`);
}

function fromObject(value: Record<string, unknown>): LocatedEvents {
  if (Array.isArray(value.trajectory)) return located('v0-trajectory', value.trajectory, (i) => `trajectory[${i}]`);
  const response = value.response;
  if (isRecord(response) && isRecord(response.json) && Array.isArray(response.json.trajectory)) {
    return located('v0-http-recording', response.json.trajectory, (i) => `response.json.trajectory[${i}]`);
  }
  if (Array.isArray(value.history)) return fromEvalLines([value], {});
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
  throw new LogFormatError('', `no OpenHands events found (top-level keys: ${Object.keys(value).slice(0, 8).join(', ') || 'none'})`);
}

interface CandidateInstance {
  readonly id: string;
  readonly record: unknown;
  readonly history: unknown;
}

function chooseInstance(
  candidates: readonly CandidateInstance[],
  shape: LogShape,
  options: LocateOptions,
  label: (lineIndex: number) => string,
): LocatedEvents {
  const instances = candidates.map((candidate) => ({
    id: candidate.id,
    eventCount: Array.isArray(candidate.history) ? candidate.history.length : 0,
  }));
  let chosen = 0;
  if (options.instance !== undefined) {
    const byId = candidates.findIndex((candidate) => candidate.id === options.instance);
    const byLine = /^\d+$/.test(options.instance) ? Number(options.instance) - 1 : -1;
    chosen = byId >= 0 ? byId : byLine;
    if (chosen < 0 || chosen >= candidates.length) {
      throw new LogFormatError('', `no instance "${options.instance}" in this file (instances: ${instances.map((i) => i.id).join(', ')})`);
    }
  }
  const candidate = candidates[chosen]!;
  if (!Array.isArray(candidate.history)) throw new LogFormatError(label(chosen), 'this instance has no event history');
  const notes = candidates.length > 1 ? [`This file holds ${candidates.length} instances; showing ${candidate.id}.`] : [];
  const record = isRecord(candidate.record) ? candidate.record : {};
  const metadata = isRecord(record.metadata) ? record.metadata : {};
  return located(shape, candidate.history, (i) => `${label(chosen)}[${i}]`, {
    instances,
    instanceId: candidate.id,
    notes,
    recordedCondenser: metadata.condenser_config ?? null,
  });
}

/** Eval outputs: one instance per line, each with `history`. Old shapes are refused where they lack ids. */
function fromEvalLines(lines: readonly Record<string, unknown>[], options: LocateOptions): LocatedEvents {
  const candidates = lines.map((line, i) => ({
    id: String(line.instance_id ?? line.id ?? `line ${i + 1}`),
    record: line,
    history: line.history,
  }));
  const sample = lines.find((line) => Array.isArray(line.history) && line.history.length > 0)?.history as unknown[] | undefined;
  const first = sample?.[0];
  if (Array.isArray(first)) return legacyPairs(chooseInstance(candidates, 'v0-legacy-pairs', options, (i) => `line ${i + 1}: history`));
  if (isRecord(first) && !('id' in first) && !('args' in first) && !('extras' in first)) {
    throw new LogFormatError(
      'history',
      'this is an OpenHands resolver output from 2024 whose history items carry no ids (nor sources); condensers forget events by id, so it cannot be replayed',
    );
  }
  return chooseInstance(candidates, 'v0-eval-jsonl', options, (i) => `line ${i + 1}: history`);
}

/**
 * The 2024 [action, observation] pairs: flattened. The observation half of a pair with nothing to
 * observe is an id-less NullObservation, which the agent's history drops anyway.
 */
function legacyPairs(found: LocatedEvents): LocatedEvents {
  const items: unknown[] = [];
  const origins: string[] = [];
  found.items.forEach((pair, i) => {
    const halves = Array.isArray(pair) ? pair : [pair];
    halves.forEach((half, j) => {
      if (isRecord(half) && half.observation === 'null' && half.id === undefined) return;
      items.push(half);
      origins.push(`${found.label(i)}[${j}]`);
    });
  });
  return { ...found, items, label: (i) => origins[i] ?? `event ${i}` };
}

function fromJsonl(text: string, options: LocateOptions): LocatedEvents {
  const lines: Record<string, unknown>[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const value = parseJson(line, `line ${i + 1}`);
    if (!isRecord(value)) throw new LogFormatError(`line ${i + 1}`, 'expected a JSON object on each line');
    lines.push(value);
  });
  if (lines.length === 0) throw new LogFormatError('', 'the file is empty');
  if (lines.some((line) => Array.isArray(line.history))) return fromEvalLines(lines, options);
  return located('v0-events-jsonl', lines, (i) => `line ${i + 1}`);
}

function looksLikeJsonl(text: string): boolean {
  const firstLine = text.trimStart().split('\n', 1)[0] ?? '';
  if (!firstLine.startsWith('{')) return false;
  try {
    JSON.parse(firstLine);
    return true;
  } catch {
    return false;
  }
}

function fromFile(file: LogFile, options: LocateOptions): LocatedEvents {
  if (file.text.trim() === '') throw new LogFormatError(file.path, 'the file is empty');
  if (looksLikeJsonl(file.text) && file.text.trim().includes('\n')) return fromJsonl(file.text, options);
  const value = parseJson(file.text, file.path);
  if (Array.isArray(value)) return fromList(value, '');
  if (isRecord(value)) return fromObject(value);
  if (typeof value === 'string') {
    throw new LogFormatError(file.path, 'the file holds one JSON string (a Python repr dump, not events); it cannot be read as a log');
  }
  throw new LogFormatError(file.path, 'no OpenHands events found (expected a list, an object with "trajectory", or JSONL)');
}

const EVENT_FILE = /(?:^|\/)(\d+)\.json$/;

function fromFolder(name: string, files: readonly LogFile[]): LocatedEvents {
  if (isSdkFolder(files)) return locateSdkFolder(name, files);
  const eventFiles = files
    .filter((file) => EVENT_FILE.test(file.path) && !file.path.includes('event_cache/'))
    .map((file) => ({ file, number: Number(EVENT_FILE.exec(file.path)![1]) }))
    .sort((a, b) => a.number - b.number);
  if (eventFiles.length === 0) {
    throw new LogFormatError(name, 'no event files found (expected events/0.json, events/1.json, ...)');
  }
  const items = eventFiles.map(({ file }) => parseJson(file.text, file.path));
  const metadataFile = files.find((file) => /(?:^|\/)metadata\.json$/.test(file.path));
  const notes: string[] = [];
  if (metadataFile) {
    const metadata = parseJson(metadataFile.text, metadataFile.path);
    if (isRecord(metadata) && typeof metadata.title === 'string') notes.push(`Conversation: ${metadata.title}`);
  }
  return located('v0-events-folder', items, (i) => eventFiles[i]!.file.path, { notes });
}

/** Finds the events in any supported log shape; throws LogFormatError naming what is wrong. */
export function locateEvents(input: LogInput, options: LocateOptions = {}): LocatedEvents {
  return input.kind === 'file' ? fromFile(input.file, options) : fromFolder(input.name, input.files);
}
