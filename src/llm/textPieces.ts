/**
 * Long texts are counted in pieces, and a piece's count is remembered: a condensation prompt, an
 * agent's request and the events' own counts list the same texts again and again, at any offset.
 * So pieces are cut where the text itself says (content-defined), the same wherever it stands.
 */

/** Longest piece of text handed to the tokenizer at once. */
export const PIECE = 4096;
/** No content cut closer than this to the piece's start: pieces of about a kilobyte. */
const MIN_PIECE = 256;
/** Texts shorter than this are counted as they are, not looked up. */
const REMEMBER_FROM = 64;

const SLASH = 0x2f;

/**
 * A cut right after a '\n' is exact when the next character is printable ASCII other than '/':
 * o200k's pre-tokens never run across it (the newline ends `\s*[\r\n]+` or `[^\s\p{L}\p{N}]+[\r\n/]*`,
 * which would take a '/' after it, and nothing starts with one), so the pieces count as the whole does.
 */
export function exactCutAt(text: string, at: number): boolean {
  const first = text.charCodeAt(at);
  return first > 0x20 && first < 0x7f && first !== SLASH;
}

/**
 * About one exact cut in eight is taken, picked by a hash of the characters around it (16 before, 8
 * after): the same cuts wherever the text stands.
 */
function picked(text: string, at: number): boolean {
  let hash = 0x811c9dc5;
  for (let k = Math.max(0, at - 16), end = Math.min(text.length, at + 8); k < end; k++)
    hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return ((hash >>> 13) & 7) === 0;
}

/**
 * Where the piece from `start` ends: at a picked cut; else, for a longer rest, at the last exact cut,
 * or just before a space (o200k starts a word with its leading space, so ordinary text counts the
 * same), or hard at PIECE inside a run without one (BPE takes time quadratic in one pre-token's
 * length: 200,000 characters without spaces take it half a minute).
 */
export function pieceEnd(text: string, start: number): number {
  const limit = Math.min(text.length, start + PIECE);
  let lastExact = -1;
  for (let newline = text.indexOf('\n', start + MIN_PIECE); newline >= 0 && newline + 1 < limit;) {
    if (exactCutAt(text, newline + 1)) {
      if (picked(text, newline + 1)) return newline + 1;
      lastExact = newline + 1;
    }
    newline = text.indexOf('\n', newline + 1);
  }
  if (limit === text.length) return limit;
  if (lastExact > 0) return lastExact;
  const half = start + PIECE / 2;
  const space = Math.max(text.lastIndexOf(' ', limit - 1), text.lastIndexOf('\n', limit - 1));
  if (space > half) return space;
  // Never split a surrogate pair.
  return /[\uD800-\uDBFF]/.test(text[limit - 1]!) ? limit - 1 : limit;
}

/** 53 bits of two 32-bit multiplicative hashes (FNV-1a and a murmur-style lane) over the UTF-16 units and the length. */
export function textHash(text: string): number {
  let a = 0x811c9dc5;
  let b = text.length ^ 0x9e3779b9;
  for (let k = 0; k < text.length; k++) {
    const unit = text.charCodeAt(k);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x200000 + (b >>> 11);
}

/**
 * Counts remembered by the piece's hash (never the text: a piece is a slice, which would keep its
 * whole prompt alive). Up to `capacity` pieces (about 40 bytes each), then it starts again. Two
 * pieces sharing 53 bits of hash would share a count: at a million pieces, odds of about 1 in 10,000
 * that one count in an estimate is another piece's.
 */
export function rememberedCounts(count: (text: string) => number, capacity = 1 << 19): (text: string) => number {
  const counts = new Map<number, number>();
  return (text) => {
    if (text.length < REMEMBER_FROM) return count(text);
    const key = textHash(text);
    let tokens = counts.get(key);
    if (tokens === undefined) {
      tokens = count(text);
      if (counts.size >= capacity) counts.clear();
      counts.set(key, tokens);
    }
    return tokens;
  };
}
