import { archiveKind } from './archive.ts';
import { encodingOf } from './encoding.ts';

/** How much of a file's start tells whether it can be read as it streams (see streamStart). */
export const STREAM_HEAD_BYTES = 4096;

const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Where the JSON document of a file of `size` bytes begins (past a UTF-8 byte-order mark), when it can
 * be read as it streams: a list or an object in UTF-8. null for a file read whole: an archive, UTF-16,
 * and anything else (its refusal is the whole-file reader's).
 */
export function streamStart(head: Uint8Array, size: number): number | null {
  if (size === 0 || archiveKind(head)) return null;
  const encoding = encodingOf(head);
  if (encoding !== 'utf-8' && encoding !== 'utf-8-bom') return null;
  const start = encoding === 'utf-8-bom' ? 3 : 0;
  let first = start;
  while (isSpace(head[first])) first++;
  return head[first] === 0x5b || head[first] === 0x7b ? start : null;
}
