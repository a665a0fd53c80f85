/**
 * Python 3 string semantics the reference (`quality_facts.py`) relies on where JavaScript's defaults
 * differ: what `str.strip()` strips, `s[:n]` counting code points, and `sorted()` ordering by code point.
 */

/**
 * `str.isspace()` for one UTF-16 unit. Python counts \x1c-\x1f and \x85 as whitespace and not
 * \ufeff, the reverse of JavaScript's `trim()`. Every Python whitespace character is in the BMP.
 */
export function isPythonSpace(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || (unit >= 0x1c && unit <= 0x1f);
  if (unit < 0x85) return false;
  return (
    unit === 0x85 ||
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000
  );
}

/** `text.strip()` */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text.charCodeAt(start))) start++;
  while (end > start && isPythonSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

export const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
export const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** `text[:count]`: the first `count` code points (a surrogate pair is one; a lone surrogate is one too). */
export function codePointPrefix(text: string, count: number): string {
  if (text.length <= count) return text;
  let index = 0;
  for (let taken = 0; taken < count && index < text.length; taken++) {
    index += isHighSurrogate(text.charCodeAt(index)) && isLowSurrogate(text.charCodeAt(index + 1)) ? 2 : 1;
  }
  return text.slice(0, index);
}

/** Python's `<` on strings (code point order), as a sort comparator; JavaScript's default compares UTF-16 units. */
export function compareCodePoints(a: string, b: string): number {
  const shared = Math.min(a.length, b.length);
  let index = 0;
  while (index < shared && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  if (index === shared) return a.length - b.length;
  // The first difference may be the second half of a pair whose first half both share.
  const pairedHere = isLowSurrogate(a.charCodeAt(index)) || isLowSurrogate(b.charCodeAt(index));
  if (pairedHere && index > 0 && isHighSurrogate(a.charCodeAt(index - 1))) index--;
  return a.codePointAt(index)! - b.codePointAt(index)!;
}

/**
 * `needle in haystack` on code points: a UTF-16 match that begins with the second half of a pair, or
 * ends with the first half of one, splits a character Python sees as one, so it is no match there.
 */
export function containsCodePoints(haystack: string, needle: string): boolean {
  return indexOfCodePoints(haystack, needle, 0) >= 0;
}

/** Where `needle` first occurs in `haystack` from `from` on, on code point boundaries; -1 if nowhere. */
export function indexOfCodePoints(haystack: string, needle: string, from: number): number {
  const startsLow = isLowSurrogate(needle.charCodeAt(0));
  const endsHigh = isHighSurrogate(needle.charCodeAt(needle.length - 1));
  let at = haystack.indexOf(needle, from);
  if (!startsLow && !endsHigh) return at;
  while (at >= 0) {
    const splitsBefore = startsLow && isHighSurrogate(haystack.charCodeAt(at - 1));
    const splitsAfter = endsHigh && isLowSurrogate(haystack.charCodeAt(at + needle.length));
    if (!splitsBefore && !splitsAfter) return at;
    at = haystack.indexOf(needle, at + 1);
  }
  return -1;
}
