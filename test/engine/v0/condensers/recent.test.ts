import { describe, expect, it } from 'vitest';
import { viewOf } from '../../../../src/engine/v0/index.ts';
import { build, condense, ids, messages, viewResult } from '../factory.ts';

function recentIds(config: Record<string, unknown>, count = 5, flag = false) {
  return ids(viewResult(condense(build({ type: 'recent', ...config }), viewOf(messages(count), flag)).result));
}

describe('recent condenser (§4.4), 5 events with ids 0..4', () => {
  it.each([
    [1, 5, [0, 1, 2, 3, 4]],
    [1, 3, [0, 3, 4]],
    [1, 2, [0, 4]],
    [2, 3, [0, 1, 4]],
    [0, 3, [2, 3, 4]],
    [0, 5, [0, 1, 2, 3, 4]],
    [0, 1, [4]],
  ] as const)('keep_first %i, max_events %i → %j', (keepFirst, maxEvents, expected) => {
    expect(recentIds({ keep_first: keepFirst, max_events: maxEvents })).toEqual(expected);
  });

  it('a view shorter than the budget repeats the head: kf 1, max 10 → [0, 0,1,2,3,4]', () => {
    expect(recentIds({ keep_first: 1, max_events: 10 })).toEqual([0, 0, 1, 2, 3, 4]);
  });

  it('a budget of one more than the view: kf 1, max 6 → tail_length 5 is the whole view, head repeated', () => {
    expect(recentIds({ keep_first: 1, max_events: 6 })).toEqual([0, 0, 1, 2, 3, 4]);
  });

  it('tail_length 0 (keep_first = max_events): view[-0:] is everything → [0,1,0,1,2,3,4]', () => {
    expect(recentIds({ keep_first: 2, max_events: 2 })).toEqual([0, 1, 0, 1, 2, 3, 4]);
  });

  it('keep_first > max_events: tail_length is max(0, negative) = 0 → head + everything', () => {
    expect(recentIds({ keep_first: 3, max_events: 2 })).toEqual([0, 1, 2, 0, 1, 2, 3, 4]);
  });

  it('defaults from the config: keep_first 1, max_events 100', () => {
    const ids150 = recentIds({}, 150);
    expect(ids150).toHaveLength(100);
    expect(ids150.slice(0, 2)).toEqual([0, 51]);
    expect(ids150[99]).toBe(149);
    // 100 events: tail_length 99 → [0] + ids 1..99, exactly the view.
    expect(recentIds({}, 100)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('drops the request flag and never condenses', () => {
    const result = condense(build({ type: 'recent', keep_first: 1, max_events: 3 }), viewOf(messages(5), true)).result;
    const view = viewResult(result);
    expect(view.unhandledCondensationRequest).toBe(false);
    expect(ids(view)).toEqual([0, 3, 4]);
  });
});
