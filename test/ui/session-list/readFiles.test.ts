import { describe, expect, it } from 'vitest';
import { MAX_LOG_BYTES, UnreadableFileError, readPicked } from '../../../src/ui/session-list/readFiles.ts';
import { rejected } from '../../helpers/thrown.ts';

function file(name: string, text: string, size?: number): File {
  const made = new File([text], name);
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('reading picked files', () => {
  it('reads every file as bytes (no string of the whole file), byte-order marks and all', async () => {
    const picked = await readPicked([file('log.json', '\uFEFF[{"id": 0}]')]);
    expect(picked?.kind === 'file' && picked.file.bytes && Array.from(picked.file.bytes.subarray(0, 3))).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
  });

  it('refuses a file past the limit with a sentence naming the limit, never "empty"', async () => {
    const error = await rejected(readPicked([file('run.json', '', 3.1e9)]), UnreadableFileError);
    expect(error.message).toBe(
      `run.json is 3.1 GB; the inspector opens logs of up to ${(MAX_LOG_BYTES / 1e9).toFixed(1)} GB in the browser (the file and its events are held in this tab's memory). Replay it with npm run replay, or open one instance of an eval run.`,
    );
  });
});
