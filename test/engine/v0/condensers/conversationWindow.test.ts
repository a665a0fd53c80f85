import { describe, expect, it } from 'vitest';
import {
  type LogEvent,
  type View,
  forgottenIds,
  forgottenList,
  viewFromEvents,
  viewOf,
} from '../../../../src/engine/v0/index.ts';
import {
  build,
  cmd,
  cmdOut,
  cond,
  condensationOf,
  condense,
  explicit,
  ids,
  msg,
  range,
  recall,
  recallObs,
  req,
  systemMsg,
} from '../factory.ts';

/** Runs conversation_window on `events` with a pending request (it only condenses then). */
function forget(events: readonly LogEvent[] | View) {
  const view = Array.isArray(events) ? viewOf(events as LogEvent[], true) : (events as View);
  return condensationOf(condense(build({ type: 'conversation_window' }), view).result);
}

const S = (id: number) => systemMsg(id);
const U = (id: number, content = 'User Task 1') => msg(id, content, 'user');
const A = (id: number) => msg(id, 'agent says', 'agent');
const R = (id: number, query = 'User Task 1') => recall(id, query);
const RO = (id: number, cause: number) => recallObs(id, cause);
const C = (id: number) => cmd(id);
const O = (id: number, cause: number | null = null) => cmdOut(id, cause);

describe('conversation_window: OpenHands test cases (§7.2) with their encoding (§4.6)', () => {
  it('basic truncation [S1,U2,R3,RO4,C5,O6,C7,O8,C9,O10] → range 5–8', () => {
    const args = forget([S(1), U(2), R(3), RO(4, 3), C(5), O(6, 5), C(7), O(8, 7), C(9), O(10, 9)]);
    expect(args).toEqual(range(5, 8));
    expect(forgottenList(forgottenIds(args))).toEqual([5, 6, 7, 8]);
  });

  it('no system message [U1,R2,RO3,C4,O5,C6,O7,C8,O9] → range 4–7', () => {
    expect(forget([U(1), R(2), RO(3, 2), C(4), O(5, 4), C(6), O(7, 6), C(8), O(9, 8)])).toEqual(range(4, 7));
  });

  it('no recall observation [S1,U2,R3,C4,O5,C6,O7,C8,O9] → range 4–7 (recall still essential)', () => {
    expect(forget([S(1), U(2), R(3), C(4), O(5, 4), C(6), O(7, 6), C(8), O(9, 8)])).toEqual(range(4, 7));
  });

  it('"short history" [S1,U2,R3,RO4,C5,O6] still forgets → range 5–6', () => {
    expect(forget([S(1), U(2), R(3), RO(4, 3), C(5), O(6, 5)])).toEqual(range(5, 6));
  });

  it('only essential events [S1,U2,R3,RO4] → explicit []', () => {
    expect(forget([S(1), U(2), R(3), RO(4, 3)])).toEqual(explicit([]));
  });

  it('dangling observations at the cut [S1,U2,R3,RO4,O5,O6,C7,O8,C9,O10] → range 5–8', () => {
    expect(forget([S(1), U(2), R(3), RO(4, 3), O(5), O(6), C(7), O(8, 7), C(9), O(10, 9)])).toEqual(range(5, 8));
  });

  it('only dangling observations in the recent slice [S1,U2,R3,RO4,O5,O6] → range 5–6', () => {
    expect(forget([S(1), U(2), R(3), RO(4, 3), O(5), O(6)])).toEqual(range(5, 6));
  });

  it('empty view → explicit []', () => {
    expect(forget([])).toEqual(explicit([]));
  });

  it('multiple user messages [S1,U2,R3,RO4,C5,O6,U7,R8,RO9,C10,O11] → range 5–9 (2nd user message forgotten)', () => {
    const args = forget([
      S(1),
      U(2, 'User Task 1'),
      R(3, 'User Task 1'),
      RO(4, 3),
      C(5),
      O(6, 5),
      U(7, 'User Task 2'),
      R(8, 'User Task 2'),
      RO(9, 8),
      C(10),
      O(11, 10),
    ]);
    expect(args).toEqual(range(5, 9));
    expect(forgottenList(forgottenIds(args))).toHaveLength(5);
  });
});

describe('conversation_window: derived cases (§4.6)', () => {
  it('[S1,U2,C3,O4,C5,O6] → range 3–4', () => {
    expect(forget([S(1), U(2), C(3), O(4, 3), C(5), O(6, 5)])).toEqual(range(3, 4));
  });

  it('[U1,C2,O3] → range 2–3', () => {
    expect(forget([U(1), C(2), O(3, 2)])).toEqual(range(2, 3));
  });

  it('[S1,U2,R3,C4,O5,RO6(cause 3),C7,O8,C9,O10] → explicit [4,5,7,8] (gap)', () => {
    expect(forget([S(1), U(2), R(3), C(4), O(5, 4), RO(6, 3), C(7), O(8, 7), C(9), O(10, 9)])).toEqual(
      explicit([4, 5, 7, 8]),
    );
  });

  it('[S1,U2,C3,C4] → explicit [3] (a single id is never a range)', () => {
    expect(forget([S(1), U(2), C(3), C(4)])).toEqual(explicit([3]));
  });

  it('[S1,U2,C3] → explicit []', () => {
    expect(forget([S(1), U(2), C(3)])).toEqual(explicit([]));
  });

  it('[S1,C2,O3] (no user message) → explicit []', () => {
    expect(forget([S(1), C(2), O(3, 2)])).toEqual(explicit([]));
  });

  it("[S1,U2('Task'),R3('Other'),RO4,C5,O6,C7,O8] → range 3–6 (the recall does not match)", () => {
    expect(forget([S(1), U(2, 'Task'), R(3, 'Other'), RO(4, 3), C(5), O(6, 5), C(7), O(8, 7)])).toEqual(range(3, 6));
  });

  it('[S1,A2(agent message),U3,C4,O5,C6,O7,C8,O9] → explicit [2,4,5,6,7]', () => {
    expect(forget([S(1), A(2), U(3), C(4), O(5, 4), C(6), O(7, 6), C(8), O(9, 8)])).toEqual(explicit([2, 4, 5, 6, 7]));
  });

  it('[S1,U2,C3,O4,C5,O6,C7] → range 3–6', () => {
    expect(forget([S(1), U(2), C(3), O(4, 3), C(5), O(6, 5), C(7)])).toEqual(range(3, 6));
  });

  it('an agent-sourced message alone is no user message → explicit []', () => {
    expect(forget([S(1), A(2), C(3), O(4, 3), C(5), O(6, 5)])).toEqual(explicit([]));
  });

  it('the system message is the first one anywhere, not only at index 0: [U1,S2,C3,O4,C5,O6] → range 3–4', () => {
    expect(forget([U(1), S(2), C(3), O(4, 3), C(5), O(6, 5)])).toEqual(range(3, 4));
  });

  it('only the first matching recall counts, and its observation is any observation with that cause', () => {
    // Essentials: S1, U2, R4 (first match; R3 has another query), O5 (cause 4, a run observation).
    // total 12, non-essential 8, keep 4 → slice [C9,O10,C11,O12] → forgotten [3,6,7,8] (explicit: gap).
    const events = [S(1), U(2), R(3, 'Other'), R(4), O(5, 4), R(6), RO(7, 6), C(8), C(9), O(10, 9), C(11), O(12, 11)];
    expect(forget(events)).toEqual(explicit([3, 6, 7, 8]));
  });

  it('a summary in the view puts the synthetic id -1 in the list: explicit [-1,3,4,5,6]', () => {
    const history = [
      S(1),
      U(2),
      C(3),
      O(4, 3),
      C(5),
      O(6, 5),
      C(7),
      O(8, 7),
      cond(9, { forgottenEventIds: [], summary: 'sum', summaryOffset: 2 }),
      cmd(10),
    ];
    const view = viewFromEvents(history);
    // [S1, U2, SUMMARY, C3, O4, C5, O6, C7, O8, C10]: total 10, essentials 2, keep 4 → slice [O6,C7,O8,C10] → first valid C7.
    const args = forget(viewOf(view.entries, true));
    expect(args).toEqual(explicit([-1, 3, 4, 5, 6]));
  });
});

describe('conversation_window: trigger (§4.6)', () => {
  it('never condenses on size alone', () => {
    const view = viewOf(Array.from({ length: 300 }, (_, i) => (i % 2 ? O(i, i - 1) : C(i))));
    expect(condense(build({ type: 'conversation_window' }), view).result).toBe(view);
  });

  it('condenses on a request read from the history, and the appended condensation handles it', () => {
    const history: LogEvent[] = [S(0), U(1), C(2), O(3, 2), C(4), O(5, 4), req(6)];
    const view = viewFromEvents(history);
    expect(view.unhandledCondensationRequest).toBe(true);
    const args = forget(view);
    // [S0,U1,C2,O3,C4,O5]: keep 2 → slice [C4,O5] → forget 2..3.
    expect(args).toEqual(range(2, 3));
    const after = viewFromEvents([...history, cond(7, args)]);
    expect(after.unhandledCondensationRequest).toBe(false);
    expect(ids(after)).toEqual([0, 1, 4, 5]);
  });
});
