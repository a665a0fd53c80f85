import { describe, expect, it } from 'vitest';
import { listInSlices, whenMade } from '../../src/worker/slicedList.ts';

describe('listInSlices: a long list made a slice per task of the page’s thread', () => {
  it('makes a list that fits in a slice at once', () => {
    const made = listInSlices(3, (i) => i * 2, 3);
    expect(made).toEqual([0, 2, 4]);
    expect(listInSlices(0, () => 1, 3)).toEqual([]);
  });

  it('makes a longer list in order, each item once, letting other messages run between slices', async () => {
    const asked: number[] = [];
    const seenBySlice: boolean[] = [];
    let otherRan = false;
    const made = listInSlices(
      10,
      (i) => {
        asked.push(i);
        if (i % 4 === 0) seenBySlice.push(otherRan);
        return `item ${i}`;
      },
      4,
    );
    expect(made).toBeInstanceOf(Promise);
    // Posted after the first slice: it runs before the last.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      otherRan = true;
      channel.port1.close();
    };
    channel.port2.postMessage(null);
    expect(await made).toEqual(Array.from({ length: 10 }, (_, i) => `item ${i}`));
    expect(asked).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seenBySlice).toHaveLength(3);
    expect(seenBySlice[0]).toBe(false);
    expect(seenBySlice[2]).toBe(true);
  });

  it('passes on an item’s error as the list’s', async () => {
    const made = listInSlices(
      6,
      (i) => {
        if (i === 5) throw new Error('bad item 5');
        return i;
      },
      2,
    );
    await expect(made).rejects.toThrow('bad item 5');
  });
});

describe('whenMade', () => {
  it('uses a value at once, and a promised one once it comes', async () => {
    expect(whenMade(2, (n) => n + 1)).toBe(3);
    const later = whenMade(Promise.resolve(2), (n) => n + 1);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(3);
  });
});
