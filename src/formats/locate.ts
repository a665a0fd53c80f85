import { LogFormatError, parseJson } from './errors.ts';
import { evalJsonlOf, looksLikeJsonl } from './evalJsonl.ts';
import { foreignFormat } from './foreignFormats.ts';
import { parseJsonBytes } from './jsonBytes.ts';
import { v0PayloadLater } from './v0PayloadLater.ts';
import { fileText } from './logFile.ts';
import { LOG_READERS, type ReaderInput } from './readers/index.ts';
import { type LocateOptions, type LocatedEvents, type LogFile, type LogInput, isRecord } from './types.ts';

/** Readers tried before files that merely resemble events are refused as another format. */
const BEFORE_REFUSALS = new Set(['v0-feedback', 'v0-trajectory', 'v0-http-recording', 'v0-eval-jsonl']);

function tryReaders(
  input: ReaderInput,
  options: LocateOptions,
  which: (shape: string) => boolean,
): LocatedEvents | null {
  for (const reader of LOG_READERS) {
    if (!which(reader.shape)) continue;
    const found = reader.locate?.(input, options) ?? null;
    if (found) return found;
  }
  return null;
}

/** Things that are not logs, or logs of other formats: one sentence saying what they are. */
function refusal(value: unknown): { where: string; why: string } | null {
  if (isRecord(value)) {
    if (value.trajectory === null && 'error' in value)
      return { where: 'trajectory', why: `the server could not produce this trajectory: ${String(value.error)}` };
    if (Array.isArray(value.events) && 'conversation_id' in value) {
      return {
        where: 'events',
        why: 'this file only lists event files by name (an OpenHands-CLI trajectory summary); open the folder of event files instead',
      };
    }
    if (isRecord(value.agent) && typeof value.id === 'string' && !('action' in value) && !('observation' in value)) {
      return {
        where: '',
        why: 'this is an SDK conversation’s base_state.json, which holds no events; open the whole conversation folder (with its events/ folder) instead',
      };
    }
  }
  const foreign = foreignFormat(value);
  return foreign ? { where: '', why: foreign } : null;
}

/** A parsed JSON document (a list or an object) through the readers, in the registry's order. */
function fromDocument(value: unknown, where: string, options: LocateOptions): LocatedEvents {
  if (Array.isArray(value) && value.length === 0) throw new LogFormatError(where, 'the log holds no events');
  const input: ReaderInput = Array.isArray(value)
    ? { kind: 'list', items: value, where }
    : { kind: 'object', value: value as Record<string, unknown> };
  const found = tryReaders(input, options, (shape) => BEFORE_REFUSALS.has(shape));
  if (found) return found;
  const refused = refusal(value);
  if (refused) throw new LogFormatError(refused.where || where, refused.why);
  const rest = tryReaders(input, options, (shape) => !BEFORE_REFUSALS.has(shape));
  if (rest) return rest;
  throw new LogFormatError(
    '',
    `no OpenHands events found (top-level keys: ${
      Object.keys(value as object)
        .slice(0, 8)
        .join(', ') || 'none'
    })`,
  );
}

function fromFile(
  file: LogFile,
  options: LocateOptions,
  resolvedIds: ReadonlySet<string> | null = null,
): LocatedEvents {
  if (file.bytes && file.bytes.length === 0) throw new LogFormatError(file.path, 'the file is empty');
  if (looksLikeJsonl(file)) return tryReaders({ kind: 'lines', file, resolvedIds }, options, () => true)!;
  let value: unknown;
  if (file.bytes) {
    // Read piece by piece: no string of the whole file, and each event's byte span is kept.
    value = parseJsonBytes(file.bytes, file.path, {
      ...(options.progress ? { progress: options.progress } : {}),
      keepSpans: options.keepSources !== false,
      // The bytes are kept: big observations' payloads are read again from them when asked for.
      element: v0PayloadLater,
    });
  } else {
    if (file.text.trim() === '') throw new LogFormatError(file.path, 'the file is empty');
    value = parseJson(file.text, file.path);
  }
  return locateInDocument(value, file.path, options);
}

/** The events of a file that is one JSON document, parsed already (`path` names the file in messages). */
export function locateInDocument(value: unknown, path: string, options: LocateOptions): LocatedEvents {
  if (Array.isArray(value) || isRecord(value)) return fromDocument(value, '', options);
  if (typeof value === 'string') {
    throw new LogFormatError(
      path,
      'the file holds one JSON string (a Python repr dump, not events); it cannot be read as a log',
    );
  }
  throw new LogFormatError(path, 'no OpenHands events found (expected a list, an object with "trajectory", or JSONL)');
}

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
  const resolvedIds = resolvedIdsOf(files);
  // An eval run's outputs: output.jsonl names the instances (its conversations beside it do not).
  const jsonl = evalJsonlOf(files);
  if (jsonl) {
    const found = fromFile(jsonl, options, resolvedIds);
    return { ...found, notes: [`Read from ${jsonl.path}.`, ...found.notes] };
  }
  return tryReaders({ kind: 'folder', name, files, resolvedIds }, options, () => true)!;
}

/** Finds the events in any supported log shape; throws LogFormatError naming what is wrong. */
export function locateEvents(input: LogInput, options: LocateOptions = {}): LocatedEvents {
  return input.kind === 'file' ? fromFile(input.file, options) : fromFolder(input.name, input.files, options);
}
