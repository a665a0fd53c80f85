import { describe, expect, it } from 'vitest';
import { type View, entryId, viewFromEvents, viewOf } from '../../../../src/engine/v0/index.ts';
import {
  browserObs,
  build,
  cmd,
  cmdOut,
  cond,
  condense,
  ids,
  messages,
  msg,
  recall,
  recallObs,
  viewResult,
} from '../factory.ts';

function mask(view: View, attentionWindow?: number): View {
  const config =
    attentionWindow === undefined
      ? { type: 'observation_masking' }
      : { type: 'observation_masking', attention_window: attentionWindow };
  return viewResult(condense(build(config), view).result);
}

describe('observation_masking condenser (§4.2)', () => {
  it('OpenHands test: window 3 on [E, Obs1, E, E, Obs2] masks only index 1', () => {
    const events = [msg(0), cmdOut(1, null, 'Observation 1'), msg(2), msg(3), cmdOut(4, null, 'Observation 2')];
    const result = mask(viewOf(events), 3);
    expect(result.length).toBe(5);
    expect(ids(result)).toEqual([0, 'M', 2, 3, 4]);
    expect(result.entries[1]).toMatchObject({ kind: 'masked', content: '<MASKED>' });
    expect(entryId(result.entries[1]!)).toBe(-1);
    expect(result.entries[0]).toBe(events[0]);
    for (let i = 2; i < 5; i++) expect(result.entries[i]).toBe(events[i]);
  });

  it('masks by position: only observations at index < len(view) - window', () => {
    // 8 entries, window 3 → indices 0..4 are candidates; observations there are 1, 3 (ids 1, 3), not 5, 7.
    const events = [cmd(0), cmdOut(1, 0), cmd(2), cmdOut(3, 2), cmd(4), cmdOut(5, 4), cmd(6), cmdOut(7, 6)];
    expect(ids(mask(viewOf(events), 3))).toEqual([0, 'M', 2, 'M', 4, 5, 6, 7]);
  });

  it('actions are never masked', () => {
    expect(ids(mask(viewOf(messages(6)), 1))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('masks every observation kind, including recall observations and the inserted summary', () => {
    const history = [
      msg(0),
      recall(1, 'Event 0'),
      recallObs(2, 1),
      browserObs(3, 'page', 'https://example.com'),
      cmd(4),
      cmdOut(5, 4),
      cond(6, { forgottenEventIds: [], summary: 'old summary', summaryOffset: 1 }),
      msg(7),
    ];
    const view = viewFromEvents(history);
    expect(ids(view)).toEqual([0, 'S', 1, 2, 3, 4, 5, 7]);
    // window 2 → indices < 6 are candidates: the summary (1), recall obs (3), browser output (4).
    expect(ids(mask(view, 2))).toEqual([0, 'M', 1, 'M', 'M', 4, 5, 7]);
  });

  it('the masked placeholder loses the cause (it has id -1 and is a synthetic entry)', () => {
    const result = mask(viewOf([cmd(0), cmdOut(1, 0), msg(2)]), 1);
    const masked = result.entries[1]!;
    expect(masked.kind).toBe('masked');
    expect(entryId(masked)).toBe(-1);
    expect('cause' in masked).toBe(false);
  });

  it('default attention_window from the config is 100, not the class default 5', () => {
    const hundred = viewOf([cmdOut(0), ...messages(99, 1)]);
    expect(ids(mask(hundred))[0]).toBe(0);
    const hundredAndOne = viewOf([cmdOut(0), ...messages(100, 1)]);
    expect(ids(mask(hundredAndOne))[0]).toBe('M');
  });

  it('returns a new view whose request flag is dropped', () => {
    const view = viewOf([msg(0), cmdOut(1)], true);
    const result = mask(view, 5);
    expect(result).not.toBe(view);
    expect(result.unhandledCondensationRequest).toBe(false);
    expect(ids(result)).toEqual([0, 1]);
  });

  it('is stateless: the same input gives the same output twice', () => {
    const condenser = build({ type: 'observation_masking', attention_window: 1 });
    const view = viewOf([cmdOut(0), msg(1)]);
    expect(ids(viewResult(condense(condenser, view).result))).toEqual(['M', 1]);
    expect(ids(viewResult(condense(condenser, view).result))).toEqual(['M', 1]);
  });

  it('one condenser fed views in turn (growing, cut, an earlier one again) masks each as a fresh one would', () => {
    const events = Array.from({ length: 40 }, (_, id) => (id % 2 === 0 ? cmd(id) : cmdOut(id, id - 1)));
    const views = [
      ...Array.from({ length: 30 }, (_, k) => viewOf(events.slice(0, k + 1))),
      viewOf([events[0]!, ...events.slice(20, 40)]), // a condensation kept the first and the last 20
      viewOf(events.slice(0, 12)), // an earlier step asked again
      viewOf(events.slice(0, 13)),
    ];
    const condenser = build({ type: 'observation_masking', attention_window: 4 });
    for (const view of views) {
      const inTurn = viewResult(condense(condenser, view).result);
      const fresh = mask(view, 4);
      expect(ids(inTurn)).toEqual(ids(fresh));
      // The same placeholder objects as before for an observation masked again, the events themselves otherwise.
      inTurn.entries.forEach((entry, i) => {
        if (entry.kind === 'masked') expect(entry.original).toBe(view.entries[i]);
        else expect(entry).toBe(view.entries[i]);
      });
    }
  });
});
