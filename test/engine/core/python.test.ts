import { describe, expect, it } from 'vitest';
import { floorDiv, minMax, pyInsertIndex, pySlice, truncateContent } from '../../../src/engine/core/python.ts';

const MARKER = '\n[... Observation truncated due to length ...]\n';
const FIVE = [0, 1, 2, 3, 4] as const;

describe('pySlice (Python list slicing)', () => {
  it.each([
    ['[0:2]', 0, 2, [0, 1]],
    ['[1:-1]', 1, -1, [1, 2, 3]],
    ['[-2:]', -2, undefined, [3, 4]],
    ['[-3:-1]', -3, -1, [2, 3]],
    ['[-10:]', -10, undefined, [0, 1, 2, 3, 4]],
    ['[0:10]', 0, 10, [0, 1, 2, 3, 4]],
    ['[10:]', 10, undefined, []],
    ['[3:1]', 3, 1, []],
    ['[2:2]', 2, 2, []],
    ['[-1:-3]', -1, -3, []],
  ] as const)('items%s', (_label, start, end, expected) => {
    expect(pySlice(FIVE, start, end)).toEqual(expected);
  });

  it('[-0:] is the whole list (the RecentEvents / summarizer pitfall)', () => {
    expect(pySlice(FIVE, -0)).toEqual([0, 1, 2, 3, 4]);
    expect(pySlice(FIVE, 0 - 0)).toEqual([0, 1, 2, 3, 4]);
  });

  it('[k:-0] is empty (end -0 means end 0)', () => {
    expect(pySlice(FIVE, 1, -0)).toEqual([]);
    expect(pySlice(FIVE, 0, -0)).toEqual([]);
  });

  it('slicing an empty list gives an empty list', () => {
    expect(pySlice([], -3)).toEqual([]);
    expect(pySlice([], 0, 2)).toEqual([]);
  });

  it('returns a copy, never the input array', () => {
    const items = [1, 2, 3];
    const copy = pySlice(items, 0);
    expect(copy).toEqual(items);
    expect(copy).not.toBe(items);
  });
});

describe('pyInsertIndex (list.insert semantics)', () => {
  it.each([
    [3, 0, 0],
    [3, 1, 1],
    [3, 3, 3],
    [3, 10, 3],
    [3, -1, 2],
    [3, -3, 0],
    [3, -10, 0],
    [0, 5, 0],
    [0, -1, 0],
  ] as const)('length %i, index %i → %i', (length, index, expected) => {
    expect(pyInsertIndex(length, index)).toBe(expected);
  });
});

describe('floorDiv and minMax', () => {
  it('floor-divides like Python //', () => {
    expect(floorDiv(7, 2)).toBe(3);
    expect(floorDiv(100, 2)).toBe(50);
    expect(floorDiv(5, 2)).toBe(2);
    expect(floorDiv(-3, 2)).toBe(-2);
    expect(floorDiv(-4, 2)).toBe(-2);
  });

  it('returns min and max of a list', () => {
    expect(minMax([5, -1, 3, 9, 0])).toEqual([-1, 9]);
    expect(minMax([7])).toEqual([7, 7]);
  });
});

describe('truncateContent (§4.7 truncate)', () => {
  const text = 'abcdefghij';

  it('leaves content unchanged when max_chars is null, negative, or not exceeded', () => {
    expect(truncateContent(text, null)).toBe(text);
    expect(truncateContent(text, -1)).toBe(text);
    expect(truncateContent(text, 10)).toBe(text);
    expect(truncateContent(text, 100)).toBe(text);
    expect(truncateContent('', 0)).toBe('');
  });

  it('keeps floor(max/2) characters from each end around the marker', () => {
    expect(truncateContent(text, 4)).toBe(`ab${MARKER}ij`);
    expect(truncateContent(text, 5)).toBe(`ab${MARKER}ij`);
    expect(truncateContent(text, 9)).toBe(`abcd${MARKER}ghij`);
    expect(truncateContent(text, 2)).toBe(`a${MARKER}j`);
  });

  it('for max 0 and 1, content[-0:] is the whole string: marker + full content', () => {
    expect(truncateContent(text, 0)).toBe(`${MARKER}${text}`);
    expect(truncateContent(text, 1)).toBe(`${MARKER}${text}`);
  });
});
