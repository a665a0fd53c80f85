import { LRUCache } from 'lru-cache';

/**
 * Where a log's bytes are kept once it is read, for its events' texts as the file has them and for
 * payloads read again when asked for (v0PayloadLater): in memory, or, for a log too big to hold twice
 * (bytes and events), in the file itself, read a block at a time when asked for.
 */
export interface KeptBytes {
  readonly size: number;
  /** Bytes [start, end): a view that stays valid (a later read never writes over it). */
  slice(start: number, end: number): Uint8Array;
}

/** Bytes held in memory: their slices are views, nothing is copied. */
export function bytesInMemory(bytes: Uint8Array): KeptBytes {
  return { size: bytes.length, slice: (start, end) => bytes.subarray(start, end) };
}

/** Reads bytes [start, end) of a file at once (a worker's FileReaderSync on a Blob): a new array. */
export type ReadRange = (start: number, end: number) => Uint8Array;

/** A file's bytes are read this many at a time when kept in the file: a read has a fixed cost (a trip to the browser's file store). */
export const KEPT_BLOCK_BYTES = 1024 * 1024;
/** How many blocks stay in memory (the most recently used): 32 MiB, so nearby events cost no read. */
export const KEPT_BLOCKS = 32;

/**
 * Bytes kept in a file of `size` bytes, read by `read` a block at a time; the last KEPT_BLOCKS blocks
 * read stay. A slice within one block is a view of it; one across blocks is copied together.
 */
export function bytesInFile(
  size: number,
  read: ReadRange,
  blockBytes = KEPT_BLOCK_BYTES,
  blocksKept = KEPT_BLOCKS,
): KeptBytes {
  const blocks = new LRUCache<number, Uint8Array>({ max: blocksKept });
  const block = (index: number): Uint8Array => {
    let bytes = blocks.get(index);
    if (bytes) return bytes;
    const start = index * blockBytes;
    const end = Math.min(size, start + blockBytes);
    bytes = read(start, end);
    if (bytes.length !== end - start)
      throw new Error(
        `the log's file gave ${bytes.length} bytes at ${start} instead of ${end - start}: has it changed since it was opened?`,
      );
    blocks.set(index, bytes);
    return bytes;
  };
  return {
    size,
    slice(start, end) {
      start = Math.max(0, Math.min(size, start));
      end = Math.max(start, Math.min(size, end));
      const first = Math.floor(start / blockBytes);
      const last = Math.floor(Math.max(start, end - 1) / blockBytes);
      if (first === last) return block(first).subarray(start - first * blockBytes, end - first * blockBytes);
      const out = new Uint8Array(end - start);
      for (let index = first; index <= last; index++) {
        const blockStart = index * blockBytes;
        const from = Math.max(start, blockStart);
        const to = Math.min(end, blockStart + blockBytes);
        out.set(block(index).subarray(from - blockStart, to - blockStart), from - start);
      }
      return out;
    },
  };
}
