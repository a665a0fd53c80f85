import { LogFormatError, parseJson } from './errors.ts';
import { evalJsonlOf, looksLikeJsonl } from './evalJsonl.ts';
import { forEachLine } from './logFile.ts';
import { type LogFile, type LogInput, isRecord } from './types.ts';

const EVENT_FILE = /(?:^|\/)event[-_]\d+[-_][^/]+\.json$/;

/** The eval line of instance `id` (the same ids as EvalScan: instance_id, else id, else "line N"). */
function lineOf(file: LogFile, id: string, position: number): string | null {
  let found: string | null = null;
  let seen = 0;
  forEachLine(file, (line, n) => {
    if (found !== null || line.trim() === '') return;
    seen++;
    // Parsed only when it can be the one: eval lines run to megabytes.
    if (seen !== position && !line.includes(JSON.stringify(id).slice(1, -1)) && id !== `line ${n}`) return;
    const value = parseJson(line, `${file.path}: line ${n}`);
    if (isRecord(value) && String(value.instance_id ?? value.id ?? `line ${n}`) === id) found = line;
  });
  return found;
}

/**
 * Only instance `id` of a log that holds several (an eval JSONL, a folder or archive of an eval run):
 * what a session keeps, so that a 100 MB run is not stored once per instance looked at. `position` is
 * the instance's 1-based place, which finds it fast. A log of one instance comes back as it is.
 */
export function extractInstance(input: LogInput, id: string, position: number): LogInput {
  const jsonl = input.kind === 'file' ? input.file : evalJsonlOf(input.files);
  if (jsonl && looksLikeJsonl(jsonl)) {
    const line = lineOf(jsonl, id, position);
    if (line !== null)
      return {
        kind: 'file',
        file: {
          path: `${jsonl.path.replace(/\.jsonl$/, '')}-${id.replace(/[^\w.-]+/g, '_')}.jsonl`,
          text: `${line}\n`,
        },
      };
  }
  if (input.kind === 'file') return input;
  // A folder of conversations: the one whose folder is named `id`.
  const eventFile = input.files.find((file) => EVENT_FILE.test(file.path) && file.path.split('/').includes(id));
  if (!eventFile) throw new LogFormatError(input.name, `no instance "${id}" in this folder`);
  const parts = eventFile.path.split('/');
  const root = parts.slice(0, parts.indexOf(id) + 1).join('/');
  const files = input.files
    .filter((file) => file.path.startsWith(`${root}/`))
    .map((file) => ({ ...file, path: file.path.slice(root.length + 1) }) as LogFile);
  return { kind: 'folder', name: id, files };
}
