import { jsonErrorOffset, lineAndColumn } from './jsonSyntax.ts';

/** A log the inspector cannot read, with where the problem is ("events[12].args.summary_offset"). */
export class LogFormatError extends Error {
  readonly where: string;

  constructor(where: string, problem: string) {
    super(where ? `${where}: ${problem}` : problem);
    this.name = 'LogFormatError';
    this.where = where;
  }
}

/** The kind of mistake JSON.parse named, without the snippet of input V8 quotes (it can span lines). */
function jsonProblem(message: string): string {
  return (
    message
      // The quoted input, which V8 may shorten at either end with "...".
      .replace(/,\s*(?:\.\.\.)?"[\s\S]*(?:"|\.\.\.) is not valid JSON$/, '')
      .replace(/\s+at position \d+[\s\S]*$/, '')
      .replace(/\s+in JSON$/, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120)
  );
}

/** Turns JSON.parse's error into one line with a line and column (never quoting the input), and names truncation. */
export function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const reported = /position (\d+)/.exec(message);
  const offset = reported ? Number(reported[1]) : jsonErrorOffset(text);
  if (/Unexpected end of JSON input/i.test(message) || (offset !== null && offset >= text.trimEnd().length)) {
    return 'the JSON ends before it is complete (is the file truncated?)';
  }
  if (offset === null) return `invalid JSON (${jsonProblem(message)})`;
  const { line, column } = lineAndColumn(text, offset);
  return `invalid JSON at line ${line}, column ${column} (${jsonProblem(message)})`;
}

export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new LogFormatError(where, describeJsonError(error, text));
  }
}
