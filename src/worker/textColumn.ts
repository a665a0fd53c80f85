/**
 * Many texts one after another, for the trip from the worker to the page. A string arrives in the one
 * task that takes the whole message in (a gigabyte log's row summaries, 40 MB, took 21 to 112 ms of
 * it); UTF-8 bytes are transferred, and the page decodes them a chunk at a time as it makes the rows,
 * a slice per task. Texts that UTF-8 cannot carry exactly (a lone surrogate) go as one string.
 */
export interface TextColumn {
  /** Where text i ends, in UTF-16 units from the first text's start. */
  readonly ends: Uint32Array;
  /** The texts as UTF-8, and where text i's bytes end; null when they go as `text`. */
  readonly utf8: Uint8Array | null;
  readonly byteEnds: Uint32Array | null;
  readonly text: string | null;
}

/** Texts decoded at a time on the page: a few hundred kilobytes. */
const CHUNK = 4096;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function textColumn(texts: readonly string[]): TextColumn {
  const ends = new Uint32Array(texts.length);
  let end = 0;
  texts.forEach((text, i) => (ends[i] = end += text.length));
  const text = texts.join('');
  if (LONE_SURROGATE.test(text)) return { ends, utf8: null, byteEnds: null, text };
  const byteEnds = new Uint32Array(texts.length);
  let bytes = 0;
  texts.forEach((item, i) => (byteEnds[i] = bytes += utf8Length(item)));
  const utf8 = new Uint8Array(bytes);
  new TextEncoder().encodeInto(text, utf8);
  return { ends, utf8, byteEnds, text: null };
}

/** Bytes UTF-8 takes for a well-formed text. */
function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    // Two bytes below U+0800, three above; a surrogate pair (two units) takes four.
    length += unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 1 : 2;
  }
  return length;
}

/** Text i of the column; texts are decoded a chunk at a time, the last chunk kept. */
export function textAt(column: TextColumn): (i: number) => string {
  const { ends, utf8, byteEnds, text } = column;
  const start = (i: number) => (i === 0 ? 0 : ends[i - 1]!);
  if (text !== null) return (i) => text.slice(start(i), ends[i]!);
  const decoder = new TextDecoder();
  let chunk = -1;
  let decoded = '';
  let chunkStart = 0;
  return (i) => {
    if (Math.floor(i / CHUNK) !== chunk) {
      chunk = Math.floor(i / CHUNK);
      const first = chunk * CHUNK;
      const last = Math.min(ends.length, first + CHUNK) - 1;
      decoded = decoder.decode(utf8!.subarray(first === 0 ? 0 : byteEnds![first - 1]!, byteEnds![last]!));
      chunkStart = start(first);
    }
    return decoded.slice(start(i) - chunkStart, ends[i]! - chunkStart);
  };
}
