import { describe, expect, it } from 'vitest';
import { MAX_LOG_BYTES, UnreadableFileError, readPicked } from '../../../src/ui/session-list/readFiles.ts';
import { rejected } from '../../helpers/thrown.ts';

function file(name: string, text: string, size?: number): File {
  const made = new File([text], name);
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('reading picked files', () => {
  it('leaves one picked file unread, for the engine to read: the page never holds its bytes', async () => {
    const picked = new File(['\uFEFF[{"id": 0}]'], 'log.json');
    expect(await readPicked([picked])).toEqual({
      kind: 'file',
      file: { kind: 'unread', path: 'log.json', blob: picked },
      size: picked.size,
    });
  });

  it("reads a folder's files as bytes (no string of a whole file), byte-order marks and all", async () => {
    const picked = await readPicked([
      Object.defineProperty(file('log.json', '\uFEFF[{"id": 0}]'), 'webkitRelativePath', { value: 'run/log.json' }),
    ]);
    expect(picked?.kind === 'folder' && Array.from(picked.files[0]!.bytes!.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('refuses a file past the limit with a sentence naming the limit, never "empty"', async () => {
    const error = await rejected(readPicked([file('run.json', '', 3.1e9)]), UnreadableFileError);
    expect(error.message).toBe(
      `run.json is 3.1 GB; the inspector opens logs of up to ${(MAX_LOG_BYTES / 1e9).toFixed(1)} GB in the browser (the file and its events are held in this tab's memory). Replay it with npm run replay, or open one instance of an eval run.`,
    );
  });
});
