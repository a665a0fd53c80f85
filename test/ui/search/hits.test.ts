import { describe, expect, it } from 'vitest';
import { hasHit, hitRanges, stepHit } from '../../../src/ui/search/hits.ts';

describe('search hits', () => {
  it('finds the query in any case, literally (never as a pattern)', () => {
    expect(hitRanges('Trajectory not found; trajectory NOT FOUND', 'trajectory not found')).toEqual([
      [0, 20],
      [22, 42],
    ]);
    expect(hitRanges('a.b axb (x)', '.')).toEqual([[1, 2]]);
    expect(hitRanges('cost (x) $1', '(x)')).toEqual([[5, 8]]);
    expect(hasHit('abc', '  ')).toBe(false);
    expect(hasHit('a+b', 'A+B')).toBe(true);
  });

  it('steps through hits, wrapping at either end', () => {
    expect(stepHit(-1, 3, 1)).toBe(0);
    expect(stepHit(-1, 3, -1)).toBe(2);
    expect(stepHit(2, 3, 1)).toBe(0);
    expect(stepHit(0, 3, -1)).toBe(2);
    expect(stepHit(-1, 0, 1)).toBe(-1);
  });
});
