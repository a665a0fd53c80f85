import { describe, expect, it } from 'vitest';
import { bytesInFile, bytesInMemory } from '../../src/formats/keptBytes.ts';

const FILE = Uint8Array.from({ length: 1000 }, (_, k) => (k * 7) % 251);

/** A file read range by range, counting its reads (each copies, as FileReaderSync does). */
function countingFile(file = FILE) {
  const reads: Array<[number, number]> = [];
  return { reads, read: (start: number, end: number) => (reads.push([start, end]), file.slice(start, end)) };
}

describe('bytes kept in memory', () => {
  it('gives views of the bytes themselves', () => {
    const kept = bytesInMemory(FILE);
    expect(kept.size).toBe(1000);
    const slice = kept.slice(10, 20);
    expect([...slice]).toEqual([...FILE.subarray(10, 20)]);
    expect(slice.buffer).toBe(FILE.buffer);
  });
});

describe('bytes kept in the file', () => {
  it('gives any range as the file has it, within a block or across several', () => {
    const { read } = countingFile();
    const kept = bytesInFile(1000, read, 64, 4);
    for (const [start, end] of [
      [0, 1],
      [5, 64],
      [60, 70],
      [63, 200],
      [0, 1000],
      [999, 1000],
      [500, 500],
    ] as const)
      expect([...kept.slice(start, end)]).toEqual([...FILE.subarray(start, end)]);
    // Past the ends: cut to the file, as subarray does.
    expect([...kept.slice(990, 2000)]).toEqual([...FILE.subarray(990)]);
    expect(kept.slice(-5, 0).length).toBe(0);
  });

  it('reads each block once while it is among the last ones used, and only the blocks asked for', () => {
    const { reads, read } = countingFile();
    const kept = bytesInFile(1000, read, 100, 3);
    kept.slice(0, 10);
    kept.slice(50, 60);
    kept.slice(120, 130);
    expect(reads).toEqual([
      [0, 100],
      [100, 200],
    ]);
    kept.slice(250, 260);
    kept.slice(350, 360); // four blocks used: the least recent (0) goes
    kept.slice(0, 5);
    expect(reads.at(-1)).toEqual([0, 100]);
    expect(reads).toHaveLength(5);
    // The last block is short: read to the file's end only.
    kept.slice(950, 1000);
    expect(reads.at(-1)).toEqual([900, 1000]);
  });

  it('keeps slices valid after their block is let go', () => {
    const kept = bytesInFile(1000, countingFile().read, 100, 1);
    const first = kept.slice(0, 10);
    kept.slice(500, 510);
    expect([...first]).toEqual([...FILE.subarray(0, 10)]);
  });

  it('names a file that gives fewer bytes than it had (changed since it was opened)', () => {
    const kept = bytesInFile(1000, (start, end) => FILE.slice(start, Math.min(end, 950)), 100);
    expect(() => kept.slice(960, 970)).toThrow(
      "the log's file gave 50 bytes at 900 instead of 100: has it changed since it was opened?",
    );
  });
});
