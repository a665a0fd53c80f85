import { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import {
  type AnyParsedLog,
  type LocateOptions,
  LogFormatError,
  type LogFile,
  type LogInput,
  decodeText,
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

function readFile(path: string, name: string): LogFile {
  return BYTE_FILE.test(name)
    ? { path: name, bytes: readFileSync(path) }
    : { path: name, text: decodeText(readFileSync(path)) };
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
  // A single file is read as bytes: its shape (archive, JSONL, JSON) is told from its content.
  return { kind: 'file', file: { path: basename(path), bytes: readFileSync(path) } };
}

/**
 * A log file that is one JSON document, parsed as it is read a block at a time: a 100 MB log's bytes
 * are never all in memory. null for what is read whole by readLogInput (a folder, an archive, JSONL,
 * UTF-16; a path that cannot be opened, which readLogInput names).
 */
export function streamLogFile(path: string, options: LocateOptions): AnyParsedLog | null {
  let fd: number;
  try {
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
  try {
    // UTF-8 with or without a byte-order mark, or UTF-16, as editors write them.
    return decodeText(readFileSync(path));
  } catch {
    throw new LogFormatError(path, `cannot read the ${what}`);
  }
}
