import { describe, expect, it } from 'vitest';
import { IdSet } from '../../../src/engine/v0/idSet.ts';

describe('IdSet: the forgotten ids of a history', () => {
  it('holds ids from 0 up, ids past the log’s largest, and odd ones alike', () => {
    const set = IdSet.forIds([0, 1, 2, 5, 9]);
    const added = [0, 5, 9, 10, 1_000_000, -1, 2.5];
    for (const id of added) set.add(id);
    for (const id of added) expect(set.has(id), `id ${id}`).toBe(true);
    for (const id of [1, 2, 3, 8, 11, 999_999, -2, 2.25]) expect(set.has(id), `id ${id}`).toBe(false);
  });

  it('holds the ids of a log whose ids are too sparse for flags', () => {
    const set = IdSet.forIds([3, 4_000_000_000]);
    set.add(4_000_000_000);
    set.add(3);
    expect([set.has(3), set.has(4_000_000_000), set.has(4), set.has(0)]).toEqual([true, true, false, false]);
    expect(IdSet.forIds([]).has(0)).toBe(false);
  });
});
