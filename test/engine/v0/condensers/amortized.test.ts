import { describe, expect, it } from 'vitest';
import { ConfigError, OpenHandsFailure } from '../../../../src/engine/index.ts';
import { forgottenIds, forgottenList, parseCondenserConfig, viewOf } from '../../../../src/engine/v0/index.ts';
import { thrown } from '../../../helpers/thrown.ts';
import { build, cmd, cmdOut, condensationOf, condense, messages, msg, range } from '../factory.ts';

function amortized(maxSize: number, keepFirst: number) {
  return build({ type: 'amortized', max_size: maxSize, keep_first: keepFirst });
}

const failureOf = (run: () => unknown) => thrown(run, OpenHandsFailure);

describe('amortized condenser: validation (§4.5)', () => {
  it.each([
    [2, 0],
    [3, 0],
    [4, 1],
    [5, 1],
  ])('accepts max_size %i, keep_first %i', (maxSize, keepFirst) => {
    expect(parseCondenserConfig({ type: 'amortized', max_size: maxSize, keep_first: keepFirst })).toMatchObject({
      max_size: maxSize,
      keep_first: keepFirst,
    });
  });

  it.each([
    [1, 0],
    [3, 1],
    [4, 2],
    [5, 2],
    [0, 0],
    [10, -1],
  ])('rejects max_size %i, keep_first %i', (maxSize, keepFirst) => {
    expect(() => parseCondenserConfig({ type: 'amortized', max_size: maxSize, keep_first: keepFirst })).toThrow(
      ConfigError,
    );
  });

  it('(4, 2) fails on keep_first', () => {
    expect(() => parseCondenserConfig({ type: 'amortized', max_size: 4, keep_first: 2 })).toThrow(
      expect.objectContaining({ path: 'keep_first' }),
    );
  });
});

describe('amortized condenser: trigger and selection (§4.5)', () => {
  it('a view of max_size events without request is returned as is', () => {
    const view = viewOf(messages(4));
    expect(condense(amortized(4, 1), view).result).toBe(view);
  });

  it('len > max_size: keeps head + tail so that max_size // 2 remain, always as a range', () => {
    // max 4, kf 1: target 2, head [0], tail [4] → forget 1..3.
    expect(condensationOf(condense(amortized(4, 1), viewOf(messages(5))).result)).toEqual(range(1, 3));
  });

  it('max 12, kf 0, 13 events → range 0–6', () => {
    expect(condensationOf(condense(amortized(12, 0), viewOf(messages(13))).result)).toEqual(range(0, 6));
  });

  it('max 12, kf 4, 13 events → range 4–10', () => {
    expect(condensationOf(condense(amortized(12, 4), viewOf(messages(13))).result)).toEqual(range(4, 10));
  });

  it('a request triggers at any length above target: max 4, kf 1, 4 events → range 1–2', () => {
    expect(condensationOf(condense(amortized(4, 1), viewOf(messages(4), true)).result)).toEqual(range(1, 2));
  });

  it('the range spans gaps numerically: view ids [0,3,7,9,12], max 4, kf 1 → range 3–9', () => {
    const view = viewOf([msg(0), msg(3), msg(7), msg(9), msg(12)]);
    const args = condensationOf(condense(amortized(4, 1), view).result);
    expect(args).toEqual(range(3, 9));
    expect(forgottenList(forgottenIds(args))).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('never carries a summary', () => {
    const args = condensationOf(condense(amortized(100, 1), viewOf(messages(101))).result);
    expect(args).toEqual(range(1, 51));
  });
});

describe('amortized condenser: min([]) on a request with a short view (§4.5)', () => {
  for (const length of [0, 1, 2, 3, 5, 49, 50]) {
    it(`max 100, kf 1, request at length ${length} → ValueError: min() arg is an empty sequence`, () => {
      const failure = failureOf(() => condense(amortized(100, 1), viewOf(messages(length), true)));
      expect(failure.pythonError).toBe('ValueError: min() arg is an empty sequence');
    });
  }

  it('max 100, kf 1, request at length 51 works: range 1–1', () => {
    expect(condensationOf(condense(amortized(100, 1), viewOf(messages(51), true)).result)).toEqual(range(1, 1));
  });

  it('max 100, kf 0 (class default), request at length 50 fails, 51 gives range 0–0', () => {
    expect(failureOf(() => condense(amortized(100, 0), viewOf(messages(50), true))).pythonError).toBe(
      'ValueError: min() arg is an empty sequence',
    );
    expect(condensationOf(condense(amortized(100, 0), viewOf(messages(51), true)).result)).toEqual(range(0, 0));
  });
});

describe('amortized condenser: the synthetic -1 id pitfall (§4.5, §8.6)', () => {
  it('after observation masking, the range starts at -1 and swallows the head', () => {
    // [C0, O1, C2, C3, C4]: masking (window 3) turns O1 (index 1 < 5-3) into an id -1 placeholder.
    const pipeline = build({
      type: 'pipeline',
      condensers: [
        { type: 'observation_masking', attention_window: 3 },
        { type: 'amortized', max_size: 4, keep_first: 1 },
      ],
    });
    const view = viewOf([cmd(0), cmdOut(1, 0), cmd(2), cmd(3), cmd(4)]);
    const args = condensationOf(condense(pipeline, view).result);
    // head [C0], tail [C4]; forget {-1, 2, 3} → range -1..3, which contains the head id 0.
    expect(args).toEqual(range(-1, 3));
    expect(forgottenList(forgottenIds(args))).toContain(0);
  });
});
