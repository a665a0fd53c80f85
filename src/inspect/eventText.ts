import type { RawEvents } from '../formats/index.ts';

/** Longest event text the detail shows: a browser tree or a file dump can be tens of megabytes. */
export const MAX_DETAIL_CHARS = 2_000_000;

const decoder = new TextDecoder();

/** Deeper levels are indented like this one: indenting 100,000 levels would write gigabytes of spaces. */
const MAX_INDENT_LEVELS = 40;

/**
 * JSON text indented two spaces a level (up to MAX_INDENT_LEVELS), written by walking the text: no
 * recursion, so any nesting depth is fine (JSON.stringify of a value nested 100,000 deep runs out of stack).
 */
export function indentJson(text: string): string {
  const out: string[] = [];
  let depth = 0;
  let piece = 0;
  const newline = () => `\n${'  '.repeat(Math.min(depth, MAX_INDENT_LEVELS))}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out.push(text.slice(i, end + 1));
      i = end;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      let next = i + 1;
      while (next < text.length && ' \t\r\n'.includes(text[next]!)) next++;
      if (text[next] === close) {
        out.push(c + close);
        i = next;
      } else {
        depth++;
        out.push(c + newline());
      }
    } else if (c === '}' || c === ']') {
      depth = Math.max(0, depth - 1);
      out.push(newline() + c);
    } else if (c === ',') out.push(`,${newline()}`);
    else if (c === ':') out.push(': ');
    else if (!' \t\r\n'.includes(c)) out.push(c);
    // Join now and then: an array of millions of one-character pieces is slow.
    if (++piece === 65_536) {
      out.splice(0, out.length, out.join(''));
      piece = 0;
    }
  }
  return out.join('');
}

/** An event's JSON for the detail pane: the log's own text, indented, cut past MAX_DETAIL_CHARS. */
export function eventDetailText(raw: RawEvents, index: number): string {
  const source = raw.sourceBytes(index);
  let text: string;
  if (source) {
    text = decoder.decode(source.length > MAX_DETAIL_CHARS * 4 ? source.subarray(0, MAX_DETAIL_CHARS * 4) : source);
  } else {
    const value = raw.at(index);
    if (value === undefined) throw new Error(`there is no event at position ${index}`);
    try {
      text = JSON.stringify(value);
    } catch (error) {
      // By name: an error from another realm (a test's DOM) is not an instance of this realm's RangeError.
      if (error instanceof Error && error.name === 'RangeError') return '(this event is nested too deeply to show)';
      throw error;
    }
  }
  const cut = text.length > MAX_DETAIL_CHARS;
  const shown = indentJson(cut ? text.slice(0, MAX_DETAIL_CHARS) : text);
  return cut
    ? `${shown}\n… (cut: the event's JSON is ${(source?.length ?? text.length).toLocaleString('en-US')} characters long; the whole of it is in the log file)`
    : shown;
}
