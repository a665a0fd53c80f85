import { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import {
  type AnyParsedLog,
  type LocateOptions,
  LogFormatError,
  type LogFile,
  type LogInput,
  MAX_STRING_BYTES,
  decodeText,
  encodingOf,
  readStreamedLog,
} from '../formats/index.ts';

/** Files worth reading from a folder: JSON logs, JSONL eval outputs, and archives of them. */
const LOG_FILE = /\.(json|jsonl|zip|gz|tgz|tar)$/i;
/** Read as bytes: archives, and JSONL eval outputs that run past what one string holds. */
const BYTE_FILE = /\.(jsonl|zip|gz|tgz|tar)$/i;

function listLogFiles(root: string, dir = root, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listLogFiles(root, path, found);
    else if (entry.isFile() && LOG_FILE.test(entry.name)) found.push(path);
  }
  return found;
}

/** A device, a named pipe or a socket: reading one may never end. */
const NOT_A_FILE = 'it is not a regular file (a device, a pipe or a socket)';

/** The most Node reads of a file in one go (2 GiB less a byte). */
const MAX_READ_BYTES = 2 ** 31 - 1;

/**
 * A file read whole (a folder's files, and a single file that is not one JSON document: JSONL, an
 * archive, UTF-16), refused by its size before anything is read: as bytes, at most what Node reads at
 * once; as one text, at most what a JavaScript string holds.
 */
function readWhole(path: string, name: string, as: 'bytes' | 'text'): Uint8Array {
  const { size } = statSync(path);
  // UTF-16 takes two bytes a character (looked at only for a file that is long enough to matter).
  const tooLong =
    as === 'bytes' ? size > MAX_READ_BYTES : size > MAX_STRING_BYTES && (size > 2 * MAX_STRING_BYTES || !isUtf16(path));
  if (tooLong) {
    throw new LogFormatError(
      name,
      as === 'bytes'
        ? `is ${(size / 1e9).toFixed(1)} GB; a file that is not one JSON document (JSONL, an archive, UTF-16) is read whole, and at most 2 GiB can be`
        : `is ${Math.round(size / 1024 ** 2)} MiB; a folder's files are each read whole as one text, and a text holds at most 512 Mi characters (give a log this big as a file of its own: it is read as it streams)`,
    );
  }
  return readFileSync(path);
}

function isUtf16(path: string): boolean {
  const head = new Uint8Array(3);
  const fd = openSync(path, 'r');
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    return encodingOf(head.subarray(0, read)).startsWith('utf-16');
  } finally {
    closeSync(fd);
  }
}

function readFile(path: string, name: string): LogFile {
  return BYTE_FILE.test(name)
    ? { path: name, bytes: readWhole(path, name, 'bytes') }
    : { path: name, text: decodeText(readWhole(path, name, 'text')) };
}

/** Reads a log path (a file, an archive, or a folder of event files or eval outputs) from disk. */
export function readLogInput(path: string): LogInput {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    throw new LogFormatError(path, 'no such file or folder');
  }
  if (stats.isDirectory()) {
    const files = listLogFiles(path).map((file) => readFile(file, relative(path, file)));
    return { kind: 'folder', name: basename(path), files };
  }
  if (!stats.isFile()) throw new LogFormatError(basename(path), NOT_A_FILE);
  // A single file is read as bytes: its shape (archive, JSONL, JSON) is told from its content.
  return { kind: 'file', file: { path: basename(path), bytes: readWhole(path, basename(path), 'bytes') } };
}

/**
 * A log file that is one JSON document, parsed as it is read a block at a time: a 100 MB log's bytes
 * are never all in memory. null for what is read whole by readLogInput (a folder, an archive, JSONL,
 * UTF-16; a path that cannot be opened, which readLogInput names).
 */
export function streamLogFile(path: string, options: LocateOptions): AnyParsedLog | null {
  let fd: number;
  try {
    // Not opened unless a regular file: opening a named pipe waits for a writer.
    if (!statSync(path).isFile()) return null;
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return null;
    const read = (into: Uint8Array, position: number) => readSync(fd, into, 0, into.length, position);
    return readStreamedLog(basename(path), { size: stats.size, read }, options);
  } finally {
    closeSync(fd);
  }
}

export function readTextFile(path: string, what: string): string {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    throw new LogFormatError(path, `cannot read the ${what}`);
  }
  if (!stats.isFile()) throw new LogFormatError(path, `cannot read the ${what}: ${NOT_A_FILE}`);
  if (stats.size > MAX_STRING_BYTES)
    throw new LogFormatError(
      path,
      `cannot read the ${what}: it is ${Math.round(stats.size / 1024 ** 2)} MiB, more than one text holds`,
    );
  try {
    // UTF-8 with or without a byte-order mark, or UTF-16, as editors write them.
    return decodeText(readFileSync(path));
  } catch {
    throw new LogFormatError(path, `cannot read the ${what}`);
  }
}
