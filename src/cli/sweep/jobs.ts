import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { type LogInput, LogFormatError, expandArchives, extractInstance, readLog } from '../../formats/index.ts';
import { readLogInput } from '../readInput.ts';
import { cliUnpacking } from '../unpacking.ts';
import type { SweepJob } from './types.ts';

type Job = Omit<SweepJob, 'index'>;

/** A folder that is one log (a conversation or session folder), not a folder of logs. */
function isLogFolder(dir: string): boolean {
  if (existsSync(join(dir, 'base_state.json')) || existsSync(join(dir, 'meta.json')) || existsSync(join(dir, 'events')))
    return true;
  return readdirSync(dir).some((name) => /^(event[-_]\d+[-_].+|\d+)\.json$/.test(name));
}

/** The first line of a file, read without reading the rest (eval lines run to megabytes). */
async function firstLine(path: string): Promise<string> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    lines.close();
    return line;
  }
  return '';
}

async function isEvalJsonl(path: string): Promise<boolean> {
  if (!path.endsWith('.jsonl')) return false;
  try {
    const first: unknown = JSON.parse(await firstLine(path));
    return typeof first === 'object' && first !== null && Array.isArray((first as { history?: unknown }).history);
  } catch {
    return false;
  }
}

/** An eval JSONL of any size: one line at a time, each line one instance. */
async function* evalLines(path: string, source: string): AsyncGenerator<Job> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    yield { source, input: { kind: 'file', file: { path: basename(path), text: line } }, instance: null };
  }
}

/** A log that may hold several instances (an archive of a run, a folder of conversations): one job each. */
async function* instancesOf(input: LogInput, source: string): AsyncGenerator<Job> {
  let expanded: LogInput;
  let instances;
  try {
    const unpacking = cliUnpacking(source, process.stderr.isTTY ? (text) => process.stderr.write(text) : null);
    expanded = await expandArchives(input, unpacking);
    unpacking.done();
    instances = readLog(expanded).instances;
  } catch (error) {
    // The rows report the problem; the worker is not made to unpack a bomb a second time.
    if (error instanceof LogFormatError) {
      yield { source, input: { kind: 'folder', name: source, files: [] }, instance: null, unreadable: error.message };
      return;
    }
    throw error;
  }
  if (instances.length <= 1) {
    yield { source, input: expanded, instance: null };
    return;
  }
  for (const instance of instances)
    yield { source, input: extractInstance(expanded, instance.id, instance.position), instance: instance.id };
}

async function* jobsAt(path: string, root: string): AsyncGenerator<Job> {
  const source = relative(root, path) || basename(path);
  if (statSync(path).isDirectory()) {
    const output = join(path, 'output.jsonl');
    if (existsSync(output) && (await isEvalJsonl(output))) {
      yield* evalLines(output, relative(root, output) || 'output.jsonl');
    } else if (isLogFolder(path)) {
      yield* instancesOf(readLogInput(path), source);
    } else {
      // A folder of logs: each file or folder in it, in name order.
      for (const name of readdirSync(path).sort()) {
        if (name.startsWith('.')) continue;
        const child = join(path, name);
        if (statSync(child).isDirectory() || /\.(json|jsonl|zip|gz|tgz|tar)$/i.test(name)) yield* jobsAt(child, root);
      }
    }
    return;
  }
  // A device or a pipe is not looked into (readLogInput refuses it, naming it): its reading may never end.
  if (statSync(path).isFile() && (await isEvalJsonl(path))) yield* evalLines(path, source);
  else yield* instancesOf(readLogInput(path), source);
}

/** Refuses an input that is not there: called before anything is written, as the jobs are read lazily. */
export function checkSweepInput(path: string): void {
  if (!existsSync(path)) throw new LogFormatError(path, 'no such file or folder');
}

/** Every instance under `path` (see checkSweepInput): an eval output.jsonl (streamed), an archive, a log, or a folder of them. */
export async function* sweepJobs(path: string): AsyncGenerator<SweepJob> {
  let index = 0;
  const root = statSync(path).isDirectory() ? path : join(path, '..');
  for await (const job of jobsAt(path, root)) yield { ...job, index: index++ };
}
