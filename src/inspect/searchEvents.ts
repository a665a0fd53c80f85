import type { RawEvents } from '../formats/index.ts';

const encoder = new TextEncoder();

/** `\u00e9` for é: how Python's json.dumps (ensure_ascii, OpenHands' default) writes non-ASCII. */
function asciiEscaped(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const lowerAscii = (byte: number) => (byte >= 0x41 && byte <= 0x5a ? byte + 32 : byte);

/**
 * Whether `needle` (lowercase UTF-8) occurs in `hay`, ASCII letters matched in either case. The next
 * place of the first byte in each case is found by indexOf (native, memchr) and kept until it is
 * passed: looking for both again at every candidate scanned to the end for the rarer case each time,
 * quadratic in an event's length (a search for "n…" in a 1 GB log took 40 s).
 */
function containsFolded(hay: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0]!;
  const upper = first >= 0x61 && first <= 0x7a ? first - 32 : first;
  const last = hay.length - needle.length;
  let lower = hay.indexOf(first);
  let capital = upper === first ? -1 : hay.indexOf(upper);
  for (;;) {
    const i = lower < 0 ? capital : capital < 0 ? lower : Math.min(lower, capital);
    if (i < 0 || i > last) return false;
    let k = 1;
    while (k < needle.length && lowerAscii(hay[i + k]!) === needle[k]) k++;
    if (k === needle.length) return true;
    if (lower === i) lower = hay.indexOf(first, i + 1);
    else capital = hay.indexOf(upper, i + 1);
  }
}

/**
 * The events whose JSON contains `query` (ASCII letters in any case), read from the log's bytes
 * where it has them: nothing is copied or kept between searches. A query is looked for as typed and
 * as JSON writes it inside a string (quotes and newlines escaped), non-ASCII also as \\uXXXX escapes.
 */
export function searchEvents(raw: RawEvents, query: string): Int32Array {
  const needle = query.trim().toLowerCase();
  if (!needle) return new Int32Array(0);
  const escaped = JSON.stringify(needle).slice(1, -1);
  // As typed (keys, quotes around values), as JSON escapes it inside a string, and with \uXXXX escapes.
  const forms = [...new Set([needle, escaped, asciiEscaped(needle), asciiEscaped(escaped)])].map((form) =>
    encoder.encode(form),
  );
  const matches: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const source = raw.sourceBytes(i);
    if (source) {
      if (forms.some((form) => containsFolded(source, form))) matches.push(i);
      continue;
    }
    let text: string;
    try {
      text = JSON.stringify(raw.at(i)).toLowerCase();
    } catch {
      continue;
    }
    if (text.includes(needle) || text.includes(escaped)) matches.push(i);
  }
  return Int32Array.from(matches);
}
