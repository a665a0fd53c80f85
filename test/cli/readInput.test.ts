import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLogInput, readTextFile, streamLogFile } from '../../src/cli/readInput.ts';
import { LogFormatError } from '../../src/formats/index.ts';
import { thrown } from '../helpers/thrown.ts';

const dir = mkdtempSync(join(tmpdir(), 'read-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MIB = 1024 ** 2;

/** A file of `size` bytes that takes no room on disk (sparse), beginning with `head`. */
function sparse(path: string, size: number, head = ''): string {
  writeFileSync(path, head);
  truncateSync(path, size);
  return path;
}

describe('readLogInput refuses a file too big to read whole, by its size, before reading it', () => {
  it('a single file past what Node reads at once (JSONL, archives, UTF-16 are read whole)', () => {
    const error = thrown(() => readLogInput(sparse(join(dir, 'huge.jsonl'), 3 * 1024 * MIB)), LogFormatError);
    expect(error.message).toBe(
      'huge.jsonl: is 3.2 GB; a file that is not one JSON document (JSONL, an archive, UTF-16) is read whole, and at most 2 GiB can be',
    );
  });

  it('a folder’s file past what one text holds, counting two bytes a character in UTF-16', () => {
    const folder = join(dir, 'folder');
    mkdirSync(join(folder, 'events'), { recursive: true });
    writeFileSync(join(folder, 'events', '0.json'), '{"id": 0}');
    sparse(join(folder, 'events', '1.json'), 600 * MIB);
    const error = thrown(() => readLogInput(folder), LogFormatError);
    expect(error.message).toBe(
      `${join('events', '1.json')}: is 600 MiB; a folder's files are each read whole as one text, and a text holds at most 512 Mi characters (give a log this big as a file of its own: it is read as it streams)`,
    );
    // UTF-16 (a byte-order mark): 600 MiB is 300 Mi characters, but 1100 MiB is too many.
    sparse(join(folder, 'events', '1.json'), 1100 * MIB, '\ufeff');
    expect(thrown(() => readLogInput(folder), LogFormatError).message).toMatch(/^events.1\.json: is 1100 MiB; /);
  });
});

describe('the command line refuses a device or a pipe, whose reading may never end, before reading it', () => {
  it('as the log, and as a configuration or any other text file', () => {
    expect(streamLogFile('/dev/zero', {})).toBeNull();
    expect(thrown(() => readLogInput('/dev/zero'), LogFormatError).message).toBe(
      'zero: it is not a regular file (a device, a pipe or a socket)',
    );
    expect(thrown(() => readTextFile('/dev/zero', 'configuration'), LogFormatError).message).toBe(
      '/dev/zero: cannot read the configuration: it is not a regular file (a device, a pipe or a socket)',
    );
  });
});
