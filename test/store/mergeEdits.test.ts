import { describe, expect, it } from 'vitest';
import { mergeJson, mergeText } from '../../src/store/mergeEdits.ts';

describe('mergeText', () => {
  it('keeps both edits when they changed different lines', () => {
    const base = 'one\ntwo\nthree\nfour';
    expect(mergeText(base, 'ONE\ntwo\nthree\nfour', 'one\ntwo\nthree\nFOUR')).toBe('ONE\ntwo\nthree\nFOUR');
  });

  it('takes the one side that changed, and the same change once', () => {
    expect(mergeText('a', 'a', 'b')).toBe('b');
    expect(mergeText('a', 'b', 'a')).toBe('b');
    expect(mergeText('a', 'same', 'same')).toBe('same');
  });

  it('gives up where both changed the same lines', () => {
    expect(mergeText('', 'written in B', 'written in A')).toBeNull();
    expect(mergeText('x\ny', 'x\nmine', 'x\ntheirs')).toBeNull();
  });

  it('does not merge texts past its bound', () => {
    const long = Array.from({ length: 6000 }, (_, i) => `line ${i}`).join('\n');
    expect(mergeText(long, `${long}\nmine`, `theirs\n${long}`)).toBeNull();
  });
});

describe('mergeJson', () => {
  const base = {
    type: 'pipeline',
    condensers: [
      { type: 'browser_output_masking' },
      { type: 'observation_masking' },
      { type: 'llm', max_size: 120, keep_first: 1 },
    ],
  };
  const withSummarizer = (changes: Record<string, unknown>) => ({
    ...base,
    condensers: [base.condensers[0], base.condensers[1], { ...base.condensers[2], ...changes }],
  });

  it('keeps each side’s settings when they changed different ones', () => {
    expect(mergeJson(base, withSummarizer({ keep_first: 3 }), withSummarizer({ max_size: 50 }))).toEqual({
      merged: withSummarizer({ max_size: 50, keep_first: 3 }),
    });
  });

  it('leaves out a setting one side removed, and keeps one the other added', () => {
    const mine = { type: 'llm', max_size: 40 };
    expect(
      mergeJson({ type: 'llm', max_size: 40, keep_first: 2 }, mine, {
        type: 'llm',
        max_size: 40,
        keep_first: 2,
        max_event_length: 100,
      }),
    ).toEqual({
      merged: { type: 'llm', max_size: 40, max_event_length: 100 },
    });
  });

  it('names the settings both changed differently', () => {
    expect(mergeJson(base, withSummarizer({ max_size: 60 }), withSummarizer({ max_size: 50 }))).toEqual({
      conflicts: ['condensers[2].max_size'],
    });
    expect(mergeJson({ type: 'llm' }, { type: 'amortized' }, { type: 'noop' })).toEqual({ conflicts: ['type'] });
  });
});
