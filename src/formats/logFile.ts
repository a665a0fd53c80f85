import { strFromU8 } from 'fflate';
import { decodeText, encodingOf, utf8Bytes, withoutBom } from './encoding.ts';
import { LogFormatError } from './errors.ts';
import { MAX_STRING_BYTES } from './jsonBytes.ts';
import type { LogFile, LogInput, UnreadFile } from './types.ts';

/** The file's text (bytes in UTF-8 or UTF-16, with or without a byte-order mark). */
export function fileText(file: LogFile): string {
  return file.text !== undefined ? withoutBom(file.text) : decodeText(file.bytes);
}

/** The file as plain UTF-8 (no byte-order mark, UTF-16 converted): what the readers expect. */
export function plainFile(file: LogFile): LogFile {
  return file.text !== undefined
    ? { path: file.path, text: withoutBom(file.text) }
    : { path: file.path, bytes: utf8Bytes(file.bytes) };
}

export function plainInput(input: LogInput): LogInput {
  return input.kind === 'file'
    ? { kind: 'file', file: plainFile(input.file) }
    : { kind: 'folder', name: input.name, files: input.files.map(plainFile) };
}

export function fileSize(file: LogFile): number {
  return file.text !== undefined ? utf8Length(file.text) : file.bytes!.length;
}

/** Bytes of the text in UTF-8, as the file it came from had them (what the browser reports as its size). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Line `n` of a byte file as text; a line longer than a string can hold is refused by name, not by a decoder's riddle. */
function lineText(file: LogFile & { bytes: Uint8Array }, start: number, end: number, n: number): string {
  if (end - start > MAX_STRING_BYTES) {
    throw new LogFormatError(
      `${file.path}: line ${n}`,
      `the line is ${((end - start) / 1024 ** 2) | 0} MiB long, more than a JavaScript string can hold (512 MiB); it cannot be read`,
    );
  }
  return strFromU8(file.bytes.subarray(start, end));
}

/**
 * Calls `visit` with each line of the file and its 1-based number, without building one string of a
 * whole byte file: eval outputs run to hundreds of megabytes, past what one JavaScript string holds.
 */
export function forEachLine(file: LogFile, visit: (line: string, lineNumber: number) => void): void {
  if (file.text !== undefined) {
    const text = file.text;
    let start = 0;
    for (let n = 1; start <= text.length; n++) {
      const end = text.indexOf('\n', start);
      visit(text.slice(start, end < 0 ? text.length : end), n);
      if (end < 0) break;
      start = end + 1;
    }
    return;
  }
  const bytes = file.bytes;
  let start = 0;
  for (let n = 1; start <= bytes.length; n++) {
    const end = bytes.indexOf(0x0a, start);
    visit(lineText(file, start, end < 0 ? bytes.length : end, n), n);
    if (end < 0) break;
    start = end + 1;
  }
}

/** The first characters of the file, for telling its shape (a byte file is decoded only that far). */
export function fileHead(file: LogFile, length = 4096): string {
  if (file.text !== undefined) return withoutBom(file.text).slice(0, length);
  const encoding = encodingOf(file.bytes);
  if (encoding === 'utf-16le' || encoding === 'utf-16be')
    return decodeText(file.bytes.subarray(0, 2 * length + 2)).slice(0, length);
  if (encoding === 'utf-8-bom') return fileHead({ path: file.path, bytes: file.bytes.subarray(3) }, length);
  // Cut at a character boundary: drop a partial UTF-8 sequence at the end.
  let end = Math.min(length, file.bytes.length);
  while (end < file.bytes.length && end > 0 && (file.bytes[end]! & 0xc0) === 0x80) end--;
  return strFromU8(file.bytes.subarray(0, end));
}

/**
 * The file's first line, and whether anything but blank space follows it (a JSONL file has more lines).
 * The only line of a byte file is not decoded (null): it is one JSON document, read as such.
 */
export function firstLine(file: LogFile): { readonly line: string | null; readonly more: boolean } {
  if (file.text !== undefined) {
    const text = file.text.trimStart();
    const end = text.indexOf('\n');
    return end < 0
      ? { line: text, more: false }
      : { line: text.slice(0, end), more: text.slice(end + 1).trim() !== '' };
  }
  const bytes = file.bytes;
  let start = 0;
  while (
    start < bytes.length &&
    (bytes[start] === 0x20 || bytes[start] === 0x0a || bytes[start] === 0x0d || bytes[start] === 0x09)
  )
    start++;
  const end = bytes.indexOf(0x0a, start);
  if (end < 0) return { line: null, more: false };
  let rest = end + 1;
  while (
    rest < bytes.length &&
    (bytes[rest] === 0x20 || bytes[rest] === 0x0a || bytes[rest] === 0x0d || bytes[rest] === 0x09)
  )
    rest++;
  if (rest >= bytes.length) return { line: null, more: false };
  return { line: lineText(file, start, end, 1), more: true };
}

/** Enough of an unread file's first bytes for fileHead (UTF-16 takes two bytes a character, plus its mark). */
const HEAD_BYTES = 2 * 4096 + 4;

/** The start of an unread file, as a byte file fileHead can tell the shape of. */
export async function unreadFileHead(file: UnreadFile): Promise<LogFile> {
  return { path: file.path, bytes: new Uint8Array(await file.blob.slice(0, HEAD_BYTES).arrayBuffer()) };
}

/** An unread file's bytes (read where this runs: the engine's worker); a refusal is one sentence. */
export async function readUnreadFile(file: UnreadFile): Promise<LogFile> {
  try {
    return { path: file.path, bytes: new Uint8Array(await file.blob.arrayBuffer()) };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    const size = `${(file.blob.size / 1e9).toFixed(1)} GB`;
    throw new LogFormatError(
      file.path,
      `the file (${size}) could not be read into memory (${problem}); the browser may be short of memory: close other tabs, or replay it with npm run replay`,
    );
  }
}
