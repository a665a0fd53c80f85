import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../src/ui/shared/format.ts';

describe('formatCount', () => {
  it('writes a count as toLocaleString("en-US") does, from one formatter', () => {
    const values = [0, 7, 999, 1000, 12_345, 1_234_567_890, -4_200, 0.5, 2.3456, 1e21];
    expect(values.map(formatCount)).toEqual(values.map((value) => value.toLocaleString('en-US')));
    expect(formatCount(12_345)).toBe('12,345');
  });
});
