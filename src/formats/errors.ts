/** A log the inspector cannot read, with where the problem is ("events[12].args.summary_offset"). */
export class LogFormatError extends Error {
  readonly where: string;

  constructor(where: string, problem: string) {
    super(where ? `${where}: ${problem}` : problem);
    this.name = 'LogFormatError';
    this.where = where;
  }
}

/** Turns JSON.parse's error into a sentence with a line and column, and names truncation. */
export function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  const atEnd = position !== null && Number(position[1]) >= text.trimEnd().length;
  if (/Unexpected end of JSON input/i.test(message) || atEnd) {
    return 'the JSON ends before it is complete (is the file truncated?)';
  }
  if (position) {
    const offset = Number(position[1]);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return `invalid JSON at line ${line}, column ${column} (${message.replace(/\s*in JSON at position \d+.*$/, '')})`;
  }
  return `invalid JSON (${message})`;
}

export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new LogFormatError(where, describeJsonError(error, text));
  }
}
