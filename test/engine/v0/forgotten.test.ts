import { describe, expect, it } from 'vitest';
import { noLlm, runSync } from '../../../src/engine/index.ts';
import {
  type CondensationArgs,
  eventMessage,
  forgetsId,
  forgottenAmong,
  forgottenIds,
  forgottenJson,
  forgottenLength,
  forgottenList,
  prepareLog,
  replay,
} from '../../../src/engine/v0/index.ts';
import { readV0Event } from '../../../src/formats/v0Event.ts';
import { wideRangeLog } from '../../helpers/hostileLogs.ts';

const args = (fields: Partial<CondensationArgs>): CondensationArgs => ({
  forgottenEventIds: null,
  forgottenEventsStartId: null,
  forgottenEventsEndId: null,
  summary: null,
  summaryOffset: null,
  ...fields,
});
const range = (start: number, end: number) =>
  forgottenIds(args({ forgottenEventsStartId: start, forgottenEventsEndId: end }));

describe('forgotten ids', () => {
  it('lists an explicit list sorted with its duplicates, as OpenHands does, and a range by its ends', () => {
    expect(forgottenIds(args({ forgottenEventIds: [6, -1, 2, -1] }))).toEqual({ kind: 'list', ids: [-1, -1, 2, 6] });
    expect(range(4, 9)).toEqual({ kind: 'range', start: 4, end: 9 });
    expect(forgottenLength(range(4, 9))).toBe(6);
    expect(forgottenLength(range(9, 4))).toBe(0);
    expect(forgottenList(range(4, 9))).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it('writes a range as the JSON of every integer in it, unused ids of the log included (replay.md §6)', () => {
    for (const [start, end] of [
      [4, 18],
      [-1, 3],
      [5, 4],
      [0, 200_000],
    ] as const) {
      expect(forgottenJson(range(start, end))).toBe(JSON.stringify(forgottenList(range(start, end))));
    }
    expect(forgottenJson(forgottenIds(args({ forgottenEventIds: [3, 1] })))).toBe('[1,3]');
  });

  it('counts a range against the log’s own ids, never expanding it', () => {
    const logIds = [0, 1, 2, 4, 7, 9_999_999, 20_000_000];
    expect(forgottenAmong(range(0, 9_999_999), logIds)).toEqual({ ids: [0, 1, 2, 4, 7, 9_999_999], count: 6 });
    expect(forgottenAmong(range(0, 9_999_999), logIds, 2)).toEqual({ ids: [0, 1], count: 6 });
    expect(forgottenAmong(range(5, 6), logIds)).toEqual({ ids: [], count: 0 });
    expect(forgottenAmong(forgottenIds(args({ forgottenEventIds: [-1, -1, 2, 3, 7] })), logIds)).toEqual({
      ids: [2, 7],
      count: 2,
    });
    expect([3, 4, 10_000_000].map(forgetsId(range(4, 9_999_999)))).toEqual([false, true, false]);
  });

  it('shows a wide range in a condensation’s message by its ends (the message is for people, never a prompt)', () => {
    const [event] = wideRangeLog(1)
      .slice(1, 2)
      .map((raw, i) =>
        readV0Event(
          { ...raw, message: undefined, args: { ...(raw.args as object), summary: null, summary_offset: null } },
          i,
          `[${i}]`,
        ),
      );
    expect(eventMessage(event!)).toBe(
      'Condenser is dropping the events: [0, 1, 2, … 9999995 more …, 9999998, 9999999].',
    );
    const narrow = readV0Event(
      {
        id: 9,
        source: 'agent',
        action: 'condensation',
        args: { forgotten_events_start_id: 3, forgotten_events_end_id: 5 },
      },
      0,
      '[0]',
    );
    expect(eventMessage(narrow)).toBe('Condenser is dropping the events: [3, 4, 5].');
  });

  it('replays 150 recorded condensations of the range 0..9,999,999 without holding their ids (issue 21)', () => {
    const events = wideRangeLog(150, 0).map((raw, i) => readV0Event(raw, i, `[${i}]`));
    const before = process.memoryUsage().heapUsed;
    const result = runSync(replay({ log: prepareLog(events), mode: 'recorded' }), noLlm);
    // Forgetting is global: the range takes every event of the log, later ones too; the summary stays.
    expect(result.steps).toHaveLength(150);
    expect(new Set(result.steps.map((step) => step.viewLength))).toEqual(new Set([1]));
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 ** 2);
  });
});
