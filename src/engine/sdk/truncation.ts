import { sha256Hex } from './sha256.ts';
import { codePointLength, headCodePoints, tailCodePoints } from './text.ts';

/**
 * The SDK's `maybe_truncate` as its tools and its message serializer apply it to what the LLM reads
 * (openhands-sdk `utils/truncate.py`). The notices are fixed strings the SDK's code puts into the
 * message, so they are reproduced exactly; lengths are Python's (code points).
 */

export const SDK_TRUNCATE_NOTICE =
  '<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you.</NOTE>';

function persistNotice(filePath: string, lineNumber: number): string {
  return (
    '<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you. ' +
    `The complete output has been saved to ${filePath} - you can use other tools to view the full content ` +
    `(truncated part starts around line ${lineNumber}).</NOTE>`
  );
}

/** `DEFAULT_TEXT_CONTENT_LIMIT`: tool message texts longer than this are clipped when serialized. */
export const DEFAULT_TEXT_CONTENT_LIMIT = 50_000;

/** Python's `str.splitlines()` boundaries; `\r\n` counts once. */
// eslint-disable-next-line no-control-regex -- Python counts these separators as whitespace / line breaks.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/g;

/** `len(text.splitlines())`. */
export function pythonLineCount(text: string): number {
  if (text === '') return 0;
  let breaks = 0;
  let lastEnd = 0;
  for (const match of text.matchAll(LINE_BREAK)) {
    breaks++;
    lastEnd = match.index + match[0].length;
  }
  return lastEnd === text.length ? breaks : breaks + 1;
}

/** `str(Path(directory) / name)` on POSIX: empty and `.` segments vanish, a trailing slash too. */
export function pythonPathJoin(directory: string, name: string): string {
  const root = directory.startsWith('//') && !directory.startsWith('///') ? '//' : directory.startsWith('/') ? '/' : '';
  const segments = directory.split('/').filter((segment) => segment !== '' && segment !== '.');
  return root + [...segments, name].join('/');
}

export interface TruncateOptions {
  /** `save_dir` (a tool's `full_output_save_dir`): where the SDK saved the whole text, which the notice then names. */
  readonly saveDir?: string | null;
  /** `tool_prefix` of the saved file's name (`terminal`, `browser`). */
  readonly toolPrefix?: string;
  /** `truncate_notice`: the SDK's own notice unless a caller gives another. */
  readonly notice?: string;
}

/**
 * `maybe_truncate(content, truncate_after, save_dir=..., tool_prefix=...)`: keeps the head (one more
 * character when the room is odd), a notice and the tail. With a save directory the notice names the
 * file the SDK wrote (`<prefix>_output_<sha256[:8]>.txt`; assumed written, as it was during the run)
 * and the line where the clipped part starts.
 */
export function sdkMaybeTruncate(content: string, limit: number | null, options: TruncateOptions = {}): string {
  if (!limit || limit < 0) return content;
  const length = codePointLength(content);
  if (length <= limit) return content;
  const baseNotice = options.notice ?? SDK_TRUNCATE_NOTICE;
  const noticeLength = codePointLength(baseNotice);
  if (noticeLength >= limit) return headCodePoints(baseNotice, limit);
  const available = limit - noticeLength;
  const proposedHead = Math.floor(available / 2) + (available % 2);
  let notice = baseNotice;
  if (options.saveDir) {
    const filePath = pythonPathJoin(
      options.saveDir,
      `${options.toolPrefix ?? 'output'}_output_${sha256Hex(content).slice(0, 8)}.txt`,
    );
    notice = persistNotice(filePath, pythonLineCount(headCodePoints(content, proposedHead)) + 1);
  }
  const finalLength = codePointLength(notice);
  if (finalLength >= limit) return headCodePoints(notice, limit);
  const remaining = limit - finalLength;
  const head = Math.min(proposedHead, remaining);
  return headCodePoints(content, head) + notice + tailCodePoints(content, remaining - head);
}
