/**
 * Python string lengths count code points; JavaScript's count UTF-16 units. The SDK's previews and
 * truncation are specified in code points, so these helpers cut there (fast path for BMP-only text).
 */

const SURROGATE = /[\uD800-\uDFFF]/;

export function codePointLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** `text[:count]` in code points. */
export function headCodePoints(text: string, count: number): string {
  if (!SURROGATE.test(text)) return text.slice(0, count);
  return Array.from(text).slice(0, count).join('');
}

/** `text[-count:]` in code points (empty for count 0, unlike Python's `text[-0:]`). */
export function tailCodePoints(text: string, count: number): string {
  if (count <= 0) return '';
  if (!SURROGATE.test(text)) return text.slice(-count);
  return Array.from(text).slice(-count).join('');
}

/** Our own wording of the notice the SDK puts where it clipped a text (same tags, similar length). */
export const TRUNCATE_NOTICE =
  '<response clipped><NOTE>Part of this text was left out to save context; only its start and its end are shown.</NOTE>';

/**
 * The SDK's `maybe_truncate`: keeps the head (one character more when the room is odd), the notice
 * and the tail, within `limit` code points. A limit of null or 0 means no truncation.
 */
export function maybeTruncate(text: string, limit: number | null, notice = TRUNCATE_NOTICE): string {
  if (!limit || limit < 0) return text;
  const length = codePointLength(text);
  if (length <= limit) return text;
  const noticeLength = codePointLength(notice);
  if (noticeLength >= limit) return headCodePoints(notice, limit);
  const room = limit - noticeLength;
  const tail = Math.floor(room / 2);
  const head = tail + (room % 2);
  return headCodePoints(text, head) + notice + tailCodePoints(text, tail);
}
