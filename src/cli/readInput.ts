import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { LogFormatError, type LogInput } from '../formats/index.ts';

/** Event logs worth reading from a folder: JSON files only, nothing huge that is not an event. */
function listJsonFiles(root: string, dir = root, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listJsonFiles(root, path, found);
    else if (entry.isFile() && entry.name.endsWith('.json')) found.push(path);
  }
  return found;
}

/** Reads a log path (a file, or a folder of event files) from disk. */
export function readLogInput(path: string): LogInput {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    throw new LogFormatError(path, 'no such file or folder');
  }
  if (stats.isDirectory()) {
    const files = listJsonFiles(path).map((file) => ({ path: relative(path, file), text: readFileSync(file, 'utf8') }));
    return { kind: 'folder', name: basename(path), files };
  }
  return { kind: 'file', file: { path: basename(path), text: readFileSync(path, 'utf8') } };
}

export function readTextFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new LogFormatError(path, `cannot read the ${what}`);
  }
}
