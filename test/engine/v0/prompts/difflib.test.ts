/** Expected opcodes printed by CPython 3.11's difflib.SequenceMatcher(None, a, b) for the same input. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SequenceMatcher } from '../../../../src/engine/v0/prompts/difflib.ts';

const before = 'a b c d e f g h i j'.split(' ');
const after = 'a B c d e f g h I j k'.split(' ');

describe('SequenceMatcher (difflib port)', () => {
  it('opcodes of two edits and an append', () => {
    expect(new SequenceMatcher(before, after).getOpcodes()).toEqual([
      ['equal', 0, 1, 0, 1],
      ['replace', 1, 2, 1, 2],
      ['equal', 2, 8, 2, 8],
      ['replace', 8, 9, 8, 9],
      ['equal', 9, 10, 9, 10],
      ['insert', 10, 10, 10, 11],
    ]);
  });

  it('grouped opcodes with 2 lines of context split the far-apart edits into two hunks', () => {
    expect(new SequenceMatcher(before, after).getGroupedOpcodes(2)).toEqual([
      [
        ['equal', 0, 1, 0, 1],
        ['replace', 1, 2, 1, 2],
        ['equal', 2, 4, 2, 4],
      ],
      [
        ['equal', 6, 8, 6, 8],
        ['replace', 8, 9, 8, 9],
        ['equal', 9, 10, 9, 10],
        ['insert', 10, 10, 10, 11],
      ],
    ]);
  });

  it('200+ items: a popular item never starts a match (autojunk)', () => {
    const a = [...Array<string>(3).fill('x'), 'y', ...Array<string>(200).fill('x')];
    const b = [...Array<string>(200).fill('x'), 'y', ...Array<string>(3).fill('x')];
    const matcher = new SequenceMatcher(a, b);
    expect(matcher.getMatchingBlocks()).toEqual([
      [0, 197, 7],
      [204, 204, 0],
    ]);
    expect(matcher.getOpcodes()).toEqual([
      ['insert', 0, 0, 0, 197],
      ['equal', 0, 7, 197, 204],
      ['delete', 7, 204, 204, 204],
    ]);
  });

  it('no changes: no hunks', () => {
    expect(new SequenceMatcher(['a'], ['a']).getGroupedOpcodes(2)).toEqual([]);
    expect(new SequenceMatcher([], []).getGroupedOpcodes(2)).toEqual([]);
  });
});

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'fixtures', 'openhands', name), 'utf8'));

describe('SequenceMatcher against Python difflib’s output on random sequences', () => {
  const cases: Array<{ a: string[]; b: string[]; n: number; groups: unknown }> =
    fixture('difflib-grouped-opcodes.json');

  it('groups opcodes as Python does, autojunk included', () => {
    expect(cases.some((c) => c.b.length >= 200)).toBe(true);
    const differing = cases.filter(
      (c) => JSON.stringify(new SequenceMatcher(c.a, c.b).getGroupedOpcodes(c.n)) !== JSON.stringify(c.groups),
    );
    expect(differing).toEqual([]);
  });

  it('gives one equal group for identical inputs and none for two empty ones', () => {
    expect(new SequenceMatcher(['x', 'y'], ['x', 'y']).getOpcodes()).toEqual([['equal', 0, 2, 0, 2]]);
    expect(new SequenceMatcher([], []).getGroupedOpcodes()).toEqual([]);
  });
});
