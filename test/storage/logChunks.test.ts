import { describe, expect, it } from 'vitest';
import { type LogChunkRecord, type LogManifest, storedFileBlob } from '../../src/storage/logChunks.ts';

const BYTES = new Uint8Array(20).map((_, i) => 65 + i);
const manifest: LogManifest = {
  kind: 'file',
  file: { path: 'log.json', encoding: 'bytes', size: 20, chunks: 3, chunkBytes: 9 },
};
const record = (index: number, bytes: Uint8Array | Blob): LogChunkRecord => ({ sessionId: 's', file: 0, index, bytes });
const chunk = (index: number) => record(index, new Blob([BYTES.slice(index * 9, index * 9 + 9)]));

describe('a stored log as one Blob of its chunks', () => {
  it('puts the chunks in their order, whatever order they come in', async () => {
    const unread = storedFileBlob(manifest, [chunk(2), chunk(0), chunk(1)]);
    expect(unread?.path).toBe('log.json');
    expect(new Uint8Array(await unread!.blob.arrayBuffer())).toEqual(BYTES);
  });

  it('is none for a log it cannot give whole as stored Blobs (read those back with joinLog)', () => {
    // A chunk missing in the middle, even one the size of the text "undefined".
    expect(storedFileBlob(manifest, [chunk(0), chunk(2)])).toBeNull();
    expect(storedFileBlob(manifest, [chunk(0), chunk(1)])).toBeNull();
    // Chunks an earlier version stored as byte arrays, a log stored as text, a folder.
    expect(storedFileBlob(manifest, [chunk(0), record(1, BYTES.slice(9, 18)), chunk(2)])).toBeNull();
    expect(
      storedFileBlob({ kind: 'file', file: { ...manifest.file, encoding: 'text' } }, [chunk(0), chunk(1), chunk(2)]),
    ).toBeNull();
    expect(
      storedFileBlob({ kind: 'folder', name: 'f', files: [manifest.file] }, [chunk(0), chunk(1), chunk(2)]),
    ).toBeNull();
    // A chunk of another size than the manifest says.
    expect(storedFileBlob(manifest, [chunk(0), chunk(1), record(2, new Blob([BYTES.slice(18, 19)]))])).toBeNull();
  });
});
