/** Python list semantics the condensers depend on, including the quirks (`view[-0:]` is the whole list). */

/** Normalises a Python slice bound (negative counts from the end, then clamped to [0, length]). */
function sliceBound(length: number, bound: number): number {
  if (bound < 0) return Math.max(0, length + bound);
  return Math.min(bound, length);
}

/** `items[start:end]` with Python semantics; `end` undefined means "to the end". */
export function pySlice<T>(items: readonly T[], start: number, end?: number): T[] {
  const from = sliceBound(items.length, start);
  const to = end === undefined ? items.length : sliceBound(items.length, end);
  return from < to ? items.slice(from, to) : [];
}

/** Where `list.insert(index, x)` puts x in a list of `length` items. */
export function pyInsertIndex(length: number, index: number): number {
  if (index < 0) return Math.max(0, length + index);
  return Math.min(index, length);
}

/** `a // b` for integers (floor division, also for negatives). */
export function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

/** min and max of a non-empty list without spreading it into arguments (lists can be long). */
export function minMax(values: readonly number[]): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return [min, max];
}

const TRUNCATION_MARKER = '\n[... Observation truncated due to length ...]\n';

/**
 * OpenHands' `truncate_content`: keeps the first and last half of `maxChars` characters.
 * For maxChars 0 or 1 the tail slice is `content[-0:]`, the whole text: reproduced on purpose.
 */
export function truncateContent(content: string, maxChars: number | null): string {
  if (maxChars === null || maxChars < 0) return content;
  const chars = /[\uD800-\uDFFF]/.test(content) ? Array.from(content) : null;
  const length = chars ? chars.length : content.length;
  if (length <= maxChars) return content;
  const half = Math.floor(maxChars / 2);
  const slice = (start: number, end?: number) => (chars ? chars.slice(start, end).join('') : content.slice(start, end));
  // Joined into a new string: slices (and a concatenation of them) would keep the whole content alive.
  return [slice(0, half), TRUNCATION_MARKER, half === 0 ? content : slice(-half)].join('');
}

// Every character Python's `str.isspace()` accepts (the information separators \x1c-\x1f among them).
const PY_SPACE = '[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const PY_STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'g');
const PY_RSTRIP = new RegExp(`${PY_SPACE}+$`);

/** Python's `str.strip()` with no arguments. */
export function pyStrip(text: string): string {
  return text.replace(PY_STRIP, '');
}

/** `str.rstrip()` with no arguments. */
export function pyRstrip(text: string): string {
  return text.replace(PY_RSTRIP, '');
}

/** Python truthiness of a JSON value: None, False, 0, '', [] and {} are false. */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
