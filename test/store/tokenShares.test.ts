import { describe, expect, it } from 'vitest';
import { proportionalShares } from '../../src/store/index.ts';

describe('proportionalShares', () => {
  it('splits a whole in proportion to the weights, in whole numbers that add up to it exactly', () => {
    expect(proportionalShares([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(proportionalShares([100, 300], 1_000)).toEqual([250, 750]);
    const shares = proportionalShares([137, 2_901, 55, 12_004, 0, 3], 17_321);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(17_321);
    expect(shares[4]).toBe(0);
    expect(
      shares.every((share, k) => Math.abs(share - ([137, 2_901, 55, 12_004, 0, 3][k]! * 17_321) / 15_100) < 1),
    ).toBe(true);
  });

  it('gives nothing to share as zeros', () => {
    expect(proportionalShares([0, 0], 50)).toEqual([0, 0]);
    expect(proportionalShares([5, 6], 0)).toEqual([0, 0]);
    expect(proportionalShares([], 7)).toEqual([]);
  });
});
