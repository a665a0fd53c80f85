// The boundary: every log shape (readers/), archives, configuration text, session files and the
// recorded bill (recorded/), validated with zod; bad input becomes one line naming where and what.
import { type LogEvent } from '../engine/v0/index.ts';
import { type ExpandOptions, archiveKind, expandArchives } from './archive.ts';
import { LogFormatError } from './errors.ts';
import { plainInput } from './logFile.ts';
import { type ByteSource, TextAfterValueError, parseJsonStream } from './jsonBytes.ts';
import { type KeptBytes, bytesInFile } from './keptBytes.ts';
import { v0PayloadLater } from './v0PayloadLater.ts';
import { locateEvents, locateInDocument } from './locate.ts';
import { STREAM_HEAD_BYTES, streamStart } from './streamStart.ts';
import { type LogShape, isSdkShape, logShape } from './readers/index.ts';
import type { EvalInstance, LocateOptions, LocatedEvents, LogInput, UnreadFile } from './types.ts';
import { type RawEvents, rawEventsOf } from './rawEvents.ts';
import { type RecordedBill, V0BillReader } from './recorded/index.ts';
import { type SdkParsedLog, readSdkLog } from './sdk/index.ts';
import { checkUniqueIds, readV0Event } from './v0Event.ts';

export { LogFormatError } from './errors.ts';
export {
  ConfigTextError,
  condenserConfigToToml,
  parseCondenserConfigText,
  readCondenserConfigText,
} from './condenserConfig.ts';
export type { EvalInstance, ImportInput, LocateOptions, LogFile, LogInput, UnreadFile } from './types.ts';
export { LOG_READERS, type LogReader, type LogShape, SHAPE_LABELS, isSdkShape } from './readers/index.ts';
export { type ExpandOptions, archiveKind, expandArchives } from './archive.ts';
export { extractInstance } from './extractInstance.ts';
export { fileHead, fileSize, fileText, readUnreadFile, unreadFileHead } from './logFile.ts';
export { decodeText, encodingOf } from './encoding.ts';
export type { SdkParsedLog } from './sdk/index.ts';
export type { RawEvents } from './rawEvents.ts';
export type { RecordedBill, RecordedCall, RecordedFigures, RecordedRole } from './recorded/index.ts';
export {
  MODEL_NOT_RECORDED,
  agentCallsByEvent,
  callsByEvent,
  recordedCallJson,
  recordedUsageJson,
  usageOfCall,
} from './recorded/index.ts';
export { MAX_STRING_BYTES } from './jsonBytes.ts';
export type { ByteSource } from './jsonBytes.ts';
export {
  looksLikeSdkCondenserText,
  parseSdkCondenserText,
  parseSdkCondenserValue,
  sdkCondenserRefusal,
} from './sdk/index.ts';
export {
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
  isSessionFileText,
  parseSessionFile,
  writeSessionFile,
  writeSessionFileParts,
} from './sessionFile.ts';
export type { SessionFile } from './sessionFile.ts';
export { parseKeyedAnswers, parseLlmScript, scriptAnswerJson } from './llmScript.ts';
export { withoutSecrets } from './secrets.ts';

/** A V0 log (integer ids, `action`/`observation` events). */
export interface ParsedLog {
  readonly flavor: 'v0';
  readonly shape: LogShape;
  readonly events: readonly LogEvent[];
  /** Each event's JSON exactly as the log has it, for display and search (index-aligned with `events`). */
  readonly raw: RawEvents;
  readonly instances: readonly EvalInstance[];
  readonly instanceId: string | null;
  /** Things worth telling the user (several instances, the conversation's title...). */
  readonly notes: readonly string[];
  readonly recordedCondenser: unknown;
  /** Every LLM call the log records (agent and condenser), with its usage and cost as recorded. */
  readonly recorded: RecordedBill;
}

/** Any log the inspector reads: V0 (`flavor: 'v0'`) or OpenHands SDK (`flavor: 'sdk'`). */
export type AnyParsedLog = ParsedLog | SdkParsedLog;

/** Reads a log in any supported shape, validating every event; throws LogFormatError with a path. */
export function readLog(input: LogInput, options: LocateOptions = {}): AnyParsedLog {
  const files = input.kind === 'file' ? [input.file] : input.files;
  const archive = files.find((file) => file.bytes && archiveKind(file.bytes));
  if (archive)
    throw new LogFormatError(archive.path, 'this is an archive: open it with loadLog, which unpacks it first');
  return parsedLog(locateEvents(plainInput(input), options));
}

/**
 * Reads a log file that is one JSON document as it streams from `source` (the command line: a 100 MB
 * log's bytes are never all held; the events stay, as they must). An archive or UTF-16 (told by the
 * file's first bytes) is null: read those whole with loadLog. A value with more after it is null too:
 * JSONL (an eval run's output) or a damaged file, which the whole-file reader tells apart.
 * `kept`: the same file, readable again later (a big log in the app: its bytes stay in the file, not in
 * memory); then each event's text is kept as the file has it, and big payloads are read from there
 * when asked for, as loadLog keeps them from the bytes it holds.
 */
export function readStreamedLog(
  path: string,
  source: ByteSource,
  options: LocateOptions & { readonly kept?: KeptBytes } = {},
): AnyParsedLog | null {
  const head = new Uint8Array(Math.min(source.size, STREAM_HEAD_BYTES));
  const start = streamStart(head.subarray(0, source.read(head, 0)), source.size);
  if (start === null) return null;
  const document: ByteSource = {
    size: source.size - start,
    read: (into, position) => source.read(into, position + start),
  };
  const { kept } = options;
  let value: unknown;
  try {
    value = parseJsonStream(document, path, {
      ...(options.progress ? { progress: options.progress } : {}),
      ...(kept
        ? {
            kept: { size: kept.size - start, slice: (from, to) => kept.slice(from + start, to + start) },
            element: v0PayloadLater,
          }
        : {}),
    });
  } catch (error) {
    if (error instanceof TextAfterValueError) return null;
    throw error;
  }
  return parsedLog(locateInDocument(value, path, options));
}

/**
 * How a picked file is read where it is (a worker's FileReaderSync): bytes [start, end) of `blob` at
 * once. Files of `fromBytes` or more are read so, and their bytes stay in the file.
 */
export interface FileInPlace {
  readRange(blob: Blob, start: number, end: number): Uint8Array;
  readonly fromBytes: number;
  /** How many bytes one read of kept bytes fetches (KEPT_BLOCK_BYTES unless said). */
  readonly blockBytes?: number;
}

/** A log read where it is; `readFrom` moves its reads to another copy of the same bytes (its stored one). */
export interface LogInPlace {
  readonly log: AnyParsedLog;
  readFrom(copy: Blob): void;
}

/**
 * A picked file too big to hold twice (its bytes and its events), read as it streams from the file,
 * its events' texts and big payloads read again from the file when asked for: null when it is smaller
 * than `inPlace.fromBytes` or cannot be streamed (read those whole, with readUnreadFile and loadLog).
 */
export function readFileInPlace(
  file: UnreadFile,
  inPlace: FileInPlace,
  options: LocateOptions = {},
): LogInPlace | null {
  const size = file.blob.size;
  if (size < inPlace.fromBytes) return null;
  let blob = file.blob;
  let fromCopy = false;
  const refused = (start: number, problem: string) =>
    new LogFormatError(
      file.path,
      fromCopy
        ? `its stored copy could not be read at byte ${start} (${problem})`
        : `the file could not be read at byte ${start} (${problem}): it may have been moved or changed since it was picked`,
    );
  const readRange = (start: number, end: number) => {
    let part: Uint8Array;
    try {
      part = inPlace.readRange(blob, start, end);
    } catch (error) {
      throw refused(start, error instanceof Error ? error.message : String(error));
    }
    if (part.length !== end - start) throw refused(start, `${part.length} bytes instead of ${end - start}`);
    return part;
  };
  const source: ByteSource = {
    size,
    read(into, position) {
      const part = readRange(position, Math.min(size, position + into.length));
      into.set(part);
      return part.length;
    },
  };
  const log = readStreamedLog(file.path, source, {
    ...options,
    kept: bytesInFile(size, readRange, inPlace.blockBytes),
  });
  return (
    log && {
      log,
      readFrom(copy) {
        if (copy.size !== size) throw new Error(`the copy has ${copy.size} bytes, the log ${size}`);
        blob = copy;
        fromCopy = true;
      },
    }
  );
}

function parsedLog(found: LocatedEvents): AnyParsedLog {
  if (found.items.length === 0) throw new LogFormatError('', 'the log holds no events');
  if (isSdkShape(logShape(found.shape))) return readSdkLog(found);
  const bill = new V0BillReader(found.label);
  const events = found.items.map((item, i) => {
    const event = readV0Event(item, i, () => found.label(i));
    bill.add(item, i);
    return event;
  });
  checkUniqueIds(events, found.label);
  return {
    flavor: 'v0',
    shape: logShape(found.shape),
    events,
    raw: rawEventsOf(found.items),
    instances: found.instances,
    instanceId: found.instanceId,
    notes: found.notes,
    recordedCondenser: found.recordedCondenser,
    recorded: bill.finish(found.metrics),
  };
}

/** Reads a log of any shape, archives (zip, tar.gz) included: they are unpacked first (`unpacking` paces that). */
export async function loadLog(
  input: LogInput,
  options: LocateOptions & { unpacking?: ExpandOptions } = {},
): Promise<AnyParsedLog> {
  const { unpacking, ...locate } = options;
  return readLog(await expandArchives(input, unpacking), locate);
}

/**
 * For callers that handle only V0 logs: reads like readLog, and refuses an SDK log with a clear
 * message instead of handing back events of the other model.
 */
export function readV0Log(input: LogInput, options: LocateOptions = {}): ParsedLog {
  const log = readLog(input, options);
  if (log.flavor === 'sdk') {
    throw new LogFormatError(
      '',
      'this is an OpenHands SDK (V1) log (events with "kind" and string ids); only V0 logs (events with "action"/"observation" and integer ids) can be used here',
    );
  }
  return log;
}
export {
  MAX_SWEEP_CONFIGS,
  SWEEP_COLUMNS,
  SWEEP_FORMAT,
  SWEEP_VERSION,
  isSweepResultText,
  parseSweepResult,
  sweepCsvHeader,
  sweepCsvRows,
  writeSweepJson,
} from './sweepResult.ts';
export type { SweepConfig, SweepResult, SweepRow } from './sweepResult.ts';
