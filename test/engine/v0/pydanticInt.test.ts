/** Every expectation here was read off pydantic 2.13 (`class M(BaseModel): x: int`, lax mode). */
import { describe, expect, it } from 'vitest';
import { pydanticLaxInt } from '../../../src/engine/v0/pydanticInt.ts';

describe('pydanticLaxInt: what pydantic 2 accepts as an int', () => {
  it.each([
    [true, 1],
    [false, 0],
    [24, 24],
    [24.0, 24],
    [-0.0, 0],
    [9.2e18, 9.2e18],
    ['24.0', 24],
    ['24.00', 24],
    ['1_0', 10],
    ['1_000.0', 1000],
    ['+1_0', 10],
    [' 7 ', 7],
    ['\t8\n', 8],
    ['\u00a05', 5],
    ['\u30005', 5],
    ['+5', 5],
    ['-3', -3],
    ['007', 7],
    ['-0', 0],
    ['-24.0', -24],
    // pydantic-core strips leading zeros (and underscores among them) before the sign check.
    ['0-5', -5],
    ['+0-76', -76],
    ['0__5', 5],
    ['0_-5', -5],
    ['-0_5', -5],
  ])('%j → %d', (input, expected) => {
    expect(pydanticLaxInt(input)).toBe(expected);
  });

  it.each([
    [24.5],
    [1e20],
    [2 ** 63],
    [-(2 ** 63)],
    [Infinity],
    [NaN],
    [null],
    [undefined],
    [[1]],
    [{}],
    [''],
    ['24.5'],
    ['1e2'],
    ['24.'],
    ['.0'],
    ['0x10'],
    ['_10'],
    ['10_'],
    ['1__0'],
    ['1_0.0_0'],
    ['24.0_0'],
    ['+-1'],
    ['--1'],
    ['- 1'],
    ['1 0'],
    ['-0-5'],
    ['0-05'],
    ['\ufeff5'],
    ['\x1c5'],
    ['١٢'],
    ['１２'],
    ['true'],
  ])('%j is refused', (input) => {
    expect(pydanticLaxInt(input)).toBeNull();
  });
});
