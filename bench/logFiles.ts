import { closeSync, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { type GenerateOptions, generateEvents, generateLog } from './generateLog.ts';

const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache', 'bench-logs');

/** Events of a generated log of about `bytes` bytes (compact JSON), from the generator's average event size. */
export function eventsForBytes(bytes: number, options: GenerateOptions = {}): number {
  const sample = generateLog(2000, 7, options);
  const average = JSON.stringify(sample).length / sample.length;
  return Math.round(bytes / average);
}

/**
 * A generated log of `events` events as a JSON list on disk, written an event at a time (a gigabyte
 * never sits in memory) and kept in node_modules/.cache between runs.
 */
export function logFile(events: number, options: GenerateOptions = {}): { path: string; bytes: number } {
  mkdirSync(CACHE, { recursive: true });
  const path = join(CACHE, `${options.realistic ? 'realistic' : 'generated'}-${events}.json`);
  if (!existsSync(path)) {
    const partial = `${path}.${process.pid}.tmp`;
    const fd = openSync(partial, 'w');
    const parts: string[] = ['['];
    let size = 1;
    let first = true;
    for (const event of generateEvents(events, 7, options)) {
      const json = JSON.stringify(event);
      parts.push(first ? json : `,\n${json}`);
      size += json.length;
      first = false;
      if (size > 16 << 20) {
        writeSync(fd, parts.join(''));
        parts.length = 0;
        size = 0;
      }
    }
    parts.push(']\n');
    writeSync(fd, parts.join(''));
    closeSync(fd);
    renameSync(partial, path);
  }
  return { path, bytes: statSync(path).size };
}
