import { describe, expect, it } from 'vitest';
import {
  type LogEvent,
  type View,
  type ViewEntry,
  EntryFinder,
  MaskedView,
  ViewTracker,
  isAction,
  maskedSince,
  sameEntry,
  sharedPrefix,
  viewFromEvents,
  viewOf,
  viewRange,
} from '../../../src/engine/v0/index.ts';
import { browserObs, build, cmd, cmdOut, cond, ids, messages, msg, req } from './factory.ts';

/** OpenHands' test_view.py: MessageAction('Event i') with id = list index; extra events get the next index. */
function withIds(build: Array<(id: number) => LogEvent>): LogEvent[] {
  return build.map((make, i) => make(i));
}
const E = (id: number) => msg(id);
const CA = (forgottenEventIds: number[]) => (id: number) => cond(id, { forgottenEventIds });
const REQ = (id: number) => req(id);

function hasCondensationActions(view: View): boolean {
  return view.entries.some((entry) => isAction(entry, 'condensation') || isAction(entry, 'condensation_request'));
}

describe('View.from_events: OpenHands test_view.py (§7.1)', () => {
  it('preserves uncondensed lists (same event objects, same order)', () => {
    const events = messages(5);
    const view = viewFromEvents(events);
    expect(view.length).toBe(5);
    expect(ids(view)).toEqual([0, 1, 2, 3, 4]);
    events.forEach((event, i) => expect(view.entries[i]).toBe(event));
    expect(view.unhandledCondensationRequest).toBe(false);
  });

  it('forgets events: 5 messages + CA(ids=[0..4]) gives an empty view', () => {
    const view = viewFromEvents([...messages(5), cond(5, { forgottenEventIds: [0, 1, 2, 3, 4] })]);
    expect(view.length).toBe(0);
    expect(ids(view)).toEqual([]);
  });

  for (let k = 0; k < 5; k++) {
    it(`keeps non-forgotten events (CA forgets [${k}])`, () => {
      const view = viewFromEvents([...messages(5), cond(5, { forgottenEventIds: [k] })]);
      expect(ids(view)).toEqual([0, 1, 2, 3, 4].filter((id) => id !== k));
      expect(view.entries.map((entry) => (entry.kind === 'action' ? entry.args.content : null))).toEqual(
        [0, 1, 2, 3, 4].filter((id) => id !== k).map((id) => `Event ${id}`),
      );
    });
  }

  for (let offset = 0; offset < 5; offset++) {
    it(`inserts the summary at offset ${offset}`, () => {
      const view = viewFromEvents([
        ...messages(5),
        cond(5, { forgottenEventIds: [], summary: 'My Summary', summaryOffset: offset }),
      ]);
      expect(view.length).toBe(6);
      view.entries.forEach((entry, i) => {
        if (i === offset) {
          expect(entry).toMatchObject({ kind: 'summary', content: 'My Summary', condensationId: 5 });
        } else {
          const expectedId = i < offset ? i : i - 1;
          expect(entry).toMatchObject({ kind: 'action', id: expectedId, args: { content: `Event ${expectedId}` } });
        }
      });
    });
  }

  it('never shows the condensation action: [E0, E1, CA([0]), E2, E3]', () => {
    const view = viewFromEvents(withIds([E, E, CA([0]), E, E]));
    expect(hasCondensationActions(view)).toBe(false);
    expect(ids(view)).toEqual([1, 3, 4]);
  });

  it('unhandled request without condensation: [E0, E1, Req, E2]', () => {
    const view = viewFromEvents(withIds([E, E, REQ, E]));
    expect(view.unhandledCondensationRequest).toBe(true);
    expect(ids(view)).toEqual([0, 1, 3]);
    expect(hasCondensationActions(view)).toBe(false);
  });

  it('request handled by a later condensation: [E0, E1, Req, E2, CA([0,1]), E3]', () => {
    const view = viewFromEvents(withIds([E, E, REQ, E, CA([0, 1]), E]));
    expect(view.unhandledCondensationRequest).toBe(false);
    expect(ids(view)).toEqual([3, 5]);
  });

  it('multiple requests: [E0, Req, E1, CA([0]), E2, Req, E3]', () => {
    const view = viewFromEvents(withIds([E, REQ, E, CA([0]), E, REQ, E]));
    expect(view.unhandledCondensationRequest).toBe(true);
    expect(ids(view)).toEqual([2, 4, 6]);
  });

  it('condensation before request: [E0, CA([]), E1, Req, E2]', () => {
    const view = viewFromEvents(withIds([E, CA([]), E, REQ, E]));
    expect(view.unhandledCondensationRequest).toBe(true);
    expect(ids(view)).toEqual([0, 2, 4]);
  });

  it('no condensation events: flag false, view equals input', () => {
    const events = messages(3);
    const view = viewFromEvents(events);
    expect(view.unhandledCondensationRequest).toBe(false);
    expect(view.entries).toEqual(events);
  });

  it('only a condensation action: [E0, E1, CA([0]), E2]', () => {
    const view = viewFromEvents(withIds([E, E, CA([0]), E]));
    expect(view.unhandledCondensationRequest).toBe(false);
    expect(ids(view)).toEqual([1, 3]);
  });

  it('the request is always removed: [E0, Req, E1] and [E0, Req, E1, CA([]), E2]', () => {
    const a = viewFromEvents(withIds([E, REQ, E]));
    expect(a.unhandledCondensationRequest).toBe(true);
    expect(ids(a)).toEqual([0, 2]);
    expect(hasCondensationActions(a)).toBe(false);
    const b = viewFromEvents(withIds([E, REQ, E, CA([]), E]));
    expect(b.unhandledCondensationRequest).toBe(false);
    expect(ids(b)).toEqual([0, 2, 4]);
    expect(hasCondensationActions(b)).toBe(false);
  });
});

describe('View.from_events: forgetting (§2.1, §3)', () => {
  it('a range is numeric and inclusive', () => {
    const view = viewFromEvents([...messages(6), cond(6, { forgottenEventsStartId: 1, forgottenEventsEndId: 3 })]);
    expect(ids(view)).toEqual([0, 4, 5]);
  });

  it('a range with start > end forgets nothing', () => {
    const view = viewFromEvents([...messages(4), cond(4, { forgottenEventsStartId: 3, forgottenEventsEndId: 1 })]);
    expect(ids(view)).toEqual([0, 1, 2, 3]);
  });

  it('ids + a lone start id: the list is used, the lone start ignored', () => {
    const view = viewFromEvents([...messages(4), cond(4, { forgottenEventIds: [2], forgottenEventsStartId: 0 })]);
    expect(ids(view)).toEqual([0, 1, 3]);
  });

  it('forgetting is global: a condensation hides a later event it lists', () => {
    const view = viewFromEvents([msg(0), cond(1, { forgottenEventIds: [3] }), msg(2), msg(3), msg(4)]);
    expect(ids(view)).toEqual([0, 2, 4]);
  });

  it('forgetting is global with a range reaching past the condensation', () => {
    const view = viewFromEvents([
      msg(0),
      msg(1),
      cond(2, { forgottenEventsStartId: 1, forgottenEventsEndId: 4 }),
      msg(3),
      msg(4),
      msg(5),
    ]);
    expect(ids(view)).toEqual([0, 5]);
  });

  it('condensations accumulate', () => {
    const view = viewFromEvents([
      ...messages(4),
      cond(4, { forgottenEventIds: [0] }),
      msg(5),
      cond(6, { forgottenEventIds: [2, 5] }),
      msg(7),
    ]);
    expect(ids(view)).toEqual([1, 3, 7]);
  });

  it('a condensation action with id -1 drops every other id-less event', () => {
    const view = viewFromEvents([msg(0), msg(-1, 'unsaved'), msg(1), cond(-1, { forgottenEventIds: [] })]);
    expect(ids(view)).toEqual([0, 1]);
  });
});

describe('View.from_events: summary insertion (§3 step 3)', () => {
  const three = () => [msg(0), msg(1), msg(2)];
  const withSummary = (summaryOffset: number, summary = 'sum') => [
    ...three(),
    cond(3, { forgottenEventIds: [], summary, summaryOffset }),
  ];

  it('offset beyond the length appends at the end', () => {
    expect(ids(viewFromEvents(withSummary(10)))).toEqual([0, 1, 2, 'S']);
  });

  it('offset equal to the length appends at the end', () => {
    expect(ids(viewFromEvents(withSummary(3)))).toEqual([0, 1, 2, 'S']);
  });

  it('offset -1 puts it before the last event', () => {
    expect(ids(viewFromEvents(withSummary(-1)))).toEqual([0, 1, 'S', 2]);
  });

  it('offset -10 is clamped to the front', () => {
    expect(ids(viewFromEvents(withSummary(-10)))).toEqual(['S', 0, 1, 2]);
  });

  it('an empty-string summary is still inserted', () => {
    const view = viewFromEvents(withSummary(1, ''));
    expect(ids(view)).toEqual([0, 'S', 1, 2]);
    expect(view.entries[1]).toMatchObject({ kind: 'summary', content: '' });
  });

  it('the offset applies to the post-forgetting list', () => {
    const view = viewFromEvents([
      ...messages(5),
      cond(5, { forgottenEventsStartId: 1, forgottenEventsEndId: 2, summary: 'sum', summaryOffset: 1 }),
    ]);
    expect(ids(view)).toEqual([0, 'S', 3, 4]);
  });

  it('only the latest summary-bearing condensation is shown', () => {
    const view = viewFromEvents([
      ...messages(4),
      cond(4, { forgottenEventIds: [1], summary: 'first', summaryOffset: 1 }),
      msg(5),
      cond(6, { forgottenEventIds: [2], summary: 'second', summaryOffset: 0 }),
      msg(7),
    ]);
    expect(ids(view)).toEqual(['S', 0, 3, 5, 7]);
    expect(view.entries.filter((entry) => entry.kind === 'summary')).toEqual([
      { kind: 'summary', content: 'second', condensationId: 6 },
    ]);
  });

  it('a later summary-less condensation does not cancel the summary', () => {
    const view = viewFromEvents([
      ...messages(4),
      cond(4, { forgottenEventIds: [1], summary: 'kept', summaryOffset: 1 }),
      msg(5),
      cond(6, { forgottenEventIds: [2] }),
      msg(7),
    ]);
    expect(ids(view)).toEqual([0, 'S', 3, 5, 7]);
    expect(view.entries[1]).toMatchObject({ kind: 'summary', content: 'kept', condensationId: 4 });
  });
});

describe('View.from_events: the request flag (§3 step 4)', () => {
  it('no request and no condensation: false', () => {
    expect(viewFromEvents(messages(2)).unhandledCondensationRequest).toBe(false);
  });

  it('a request last: true', () => {
    expect(viewFromEvents([msg(0), cond(1, { forgottenEventIds: [] }), req(2)]).unhandledCondensationRequest).toBe(
      true,
    );
  });

  it('a condensation after the request: false, even an empty no-op one', () => {
    expect(
      viewFromEvents([msg(0), req(1), msg(2), cond(3, { forgottenEventIds: [] }), msg(4)]).unhandledCondensationRequest,
    ).toBe(false);
  });

  it('a request after the condensation: true again', () => {
    expect(
      viewFromEvents([msg(0), req(1), cond(2, { forgottenEventIds: [] }), msg(3), req(4), msg(5)])
        .unhandledCondensationRequest,
    ).toBe(true);
  });

  it('a request that a condensation forgets by id still counts for the flag', () => {
    // Forgetting only affects what is shown; the flag scan looks at event kinds from the end.
    const view = viewFromEvents([msg(0), cond(1, { forgottenEventIds: [2] }), req(2)]);
    expect(view.unhandledCondensationRequest).toBe(true);
    expect(ids(view)).toEqual([0]);
  });
});

/** mulberry32: a small deterministic generator (fixed seed below), so the histories are reproducible. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomHistory(random: () => number, length: number): LogEvent[] {
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const events: LogEvent[] = [];
  for (let id = 0; id < length; id++) {
    const roll = random();
    if (roll < 0.1) {
      events.push(req(id));
    } else if (roll < 0.25) {
      // May name earlier ids, later ids (global forgetting), its own id, or ids that never occur.
      const withSummary = random() < 0.5;
      const summary = withSummary
        ? { summary: random() < 0.2 ? '' : `summary of ${id}`, summaryOffset: int(-3, 6) }
        : {};
      if (random() < 0.5) {
        const count = int(0, 4);
        const list = Array.from({ length: count }, () => int(-1, length + 2));
        events.push(cond(id, { forgottenEventIds: list, ...summary }));
      } else {
        const start = int(0, length);
        events.push(cond(id, { forgottenEventsStartId: start, forgottenEventsEndId: start + int(-1, 6), ...summary }));
      }
    } else {
      events.push(msg(id));
    }
  }
  return events;
}

function describeView(view: View) {
  return {
    flag: view.unhandledCondensationRequest,
    length: view.length,
    entries: view.entries.map((entry) =>
      entry.kind === 'summary'
        ? `S(${entry.content}|${entry.condensationId})`
        : entry.kind === 'masked'
          ? 'M'
          : entry.id,
    ),
  };
}

describe('ViewTracker (incremental) agrees with viewFromEvents after every append', () => {
  const SEED = 0x5eed_2025;
  const random = generator(SEED);
  for (let history = 0; history < 12; history++) {
    const events = randomHistory(random, 20 + history * 5);
    it(`generated history #${history} (${events.length} events, seed ${SEED})`, () => {
      const tracker = new ViewTracker(events.map((event) => event.id));
      for (let n = 1; n <= events.length; n++) {
        tracker.append(events[n - 1]!);
        const reference = viewFromEvents(events.slice(0, n));
        expect(describeView(tracker.view()), `after ${n} events`).toEqual(describeView(reference));
      }
    });
  }

  it('the generated histories do exercise condensations, requests and summaries', () => {
    const check = generator(SEED);
    const all = Array.from({ length: 12 }, (_, h) => randomHistory(check, 20 + h * 5)).flat();
    expect(all.some((event) => isAction(event, 'condensation_request'))).toBe(true);
    expect(all.some((event) => isAction(event, 'condensation') && event.condensation?.summary !== null)).toBe(true);
    expect(
      all.some((event) => isAction(event, 'condensation') && event.condensation?.forgottenEventsStartId !== null),
    ).toBe(true);
  });

  it('a hand-written history: range, global forgetting, summary, request', () => {
    const events = [
      msg(0),
      msg(1),
      msg(2),
      cond(3, { forgottenEventsStartId: 1, forgottenEventsEndId: 1, summary: 'one', summaryOffset: 1 }),
      msg(4),
      cond(5, { forgottenEventIds: [7] }),
      msg(6),
      msg(7),
      req(8),
      msg(9),
    ];
    const tracker = new ViewTracker(events.map((event) => event.id));
    const expected: Array<[(number | 'S')[], boolean]> = [
      [[0], false],
      [[0, 1], false],
      [[0, 1, 2], false],
      [[0, 'S', 2], false],
      [[0, 'S', 2, 4], false],
      [[0, 'S', 2, 4], false],
      [[0, 'S', 2, 4, 6], false],
      [[0, 'S', 2, 4, 6], false],
      [[0, 'S', 2, 4, 6], true],
      [[0, 'S', 2, 4, 6, 9], true],
    ];
    events.forEach((event, i) => {
      tracker.append(event);
      const view = tracker.view();
      expect([ids(view), view.unhandledCondensationRequest], `after id ${event.id}`).toEqual(expected[i]);
    });
  });
});

describe('viewOf', () => {
  it('keeps the entries and the flag', () => {
    const events = messages(2);
    const view = viewOf(events, true);
    expect(view.length).toBe(2);
    expect(view.unhandledCondensationRequest).toBe(true);
    expect(view.entries).toBe(events);
  });
});

describe('sharedPrefix: what two moments of the history share, told without comparing them', () => {
  it('is the earlier view within one epoch; unknown across a condensation or for views made otherwise', () => {
    const tracker = new ViewTracker([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (const event of messages(3)) tracker.append(event);
    const early = tracker.view();
    tracker.append(msg(3));
    const later = tracker.view();
    expect(sharedPrefix(early, later)).toBe(3);
    expect(later.entries.slice(0, 3)).toEqual(early.entries);
    expect(sharedPrefix(later, early)).toBeNull();
    // A summary at offset 1 sits at the same place in both views: everything before the new event is shared.
    tracker.append(cond(4, { forgottenEventIds: [2], summary: 'S', summaryOffset: 1 }));
    const summarized = tracker.view();
    expect(sharedPrefix(later, summarized)).toBeNull();
    tracker.append(msg(5));
    const grown = tracker.view();
    expect(sharedPrefix(summarized, grown)).toBe(summarized.length);
    expect(grown.entries.slice(0, summarized.length)).toEqual(summarized.entries);
    expect(sharedPrefix(viewOf([...summarized.entries]), grown)).toBeNull();
  });

  it('is unknown where the summary sat at the end of the earlier view and moves', () => {
    const tracker = new ViewTracker([0, 1, 2, 3, 4]);
    tracker.append(msg(0));
    tracker.append(cond(1, { forgottenEventIds: [], summary: 'S', summaryOffset: 3 }));
    const before = tracker.view();
    expect(before.entries.map((entry) => entry.kind)).toEqual(['action', 'summary']);
    tracker.append(msg(2));
    tracker.append(msg(3));
    const after = tracker.view();
    // The summary moved from index 1 to 3: the shared prefix is not the earlier view.
    expect(sharedPrefix(before, after)).toBeNull();
  });
});

describe('MaskedView: a masked view read a range at a time, compared by its limit', () => {
  /** The view the observation masking condenser gives for `view`, built whole as OpenHands builds it. */
  const maskedWhole = (view: View, window: number): (number | 'S' | 'M')[] =>
    ids(
      view.entries.map((entry, i) => (entry.kind === 'observation' && i < view.length - window ? placeholder : entry)),
    );
  const placeholder = { kind: 'masked', content: '<MASKED>', original: msg(-1) } as const satisfies ViewEntry;
  /** How many first entries two views share, compared one by one. */
  const comparedPrefix = (a: View, b: View) => {
    let k = 0;
    while (k < Math.min(a.length, b.length) && sameEntry(a.entries[k]!, b.entries[k]!)) k++;
    return k;
  };

  it('shows what masking the whole view shows, in any range; each step shares with the last what comparing says', () => {
    // Commands and their outputs, a message now and then, a condensation that forgets a few early ones.
    const events: LogEvent[] = [];
    for (let id = 0; id < 60; id++)
      events.push(
        id === 31
          ? cond(id, { forgottenEventIds: [3, 4, 5] })
          : id % 7 === 0
            ? msg(id)
            : id % 2
              ? cmdOut(id, id - 1)
              : cmd(id),
      );
    for (const window of [1, 3, 10]) {
      const masking = build({ type: 'observation_masking', attention_window: window });
      const tracker = new ViewTracker(events.map((event) => event.id));
      let last: View | null = null;
      let maskMoved = 0;
      for (const event of events) {
        tracker.append(event);
        const view = masking.passThrough(tracker.view())!;
        expect(view).toBeInstanceOf(MaskedView);
        expect(ids(view)).toEqual(maskedWhole(tracker.view(), window));
        expect(ids(viewRange(view, 2, view.length - 1))).toEqual(ids(view).slice(2, -1));
        if (last) {
          const shared = sharedPrefix(last, view);
          // Unknown only across the condensation (a new epoch), as for the history itself.
          expect(shared === null).toBe(sharedPrefix((last as MaskedView).input, (view as MaskedView).input) === null);
          if (shared !== null) expect(shared).toBe(comparedPrefix(last, view));
          if (shared !== null && shared < last.length) maskMoved++;
          // Where the mask moved on, the entries it reached are all that changed in place.
          const replaced = maskedSince(last, view);
          expect(replaced === null).toBe(shared === null);
          if (replaced !== null)
            expect(replaced).toEqual(
              last.entries.flatMap((entry, k) => (sameEntry(entry, view.entries[k]!) ? [] : [k])),
            );
        }
        last = view;
      }
      // The mask moved onto an output at about every other step: those are the steps that share less.
      expect(maskMoved).toBeGreaterThanOrEqual(20);
    }
  });

  it('is told apart from another masking: two condensers never share by limit', () => {
    const tracker = new ViewTracker([0, 1, 2, 3]);
    for (const event of [cmd(0), cmdOut(1, 0), cmd(2), cmdOut(3, 2)]) tracker.append(event);
    const a = build({ type: 'observation_masking', attention_window: 1 }).passThrough(tracker.view())!;
    const b = build({ type: 'observation_masking', attention_window: 1 }).passThrough(tracker.view())!;
    expect(sharedPrefix(a, b)).toBeNull();
  });
});

describe('EntryFinder: the n-th matching entry from a view’s end', () => {
  it('finds in the history’s views what walking back finds, summary and earlier moments included', () => {
    const events: LogEvent[] = [];
    for (let id = 0; id < 50; id++)
      events.push(
        id === 20
          ? cond(id, { forgottenEventIds: [1, 2, 3], summary: 'so far', summaryOffset: 2 })
          : id % 5 === 0
            ? browserObs(id)
            : msg(id),
      );
    const isBrowse = (entry: ViewEntry) => entry.kind === 'observation' && entry.type === 'browse';
    const walkedBack = (view: View, nth: number) => {
      let seen = 0;
      for (let i = view.length - 1; i >= 0; i--) if (isBrowse(view.entries[i]!) && ++seen === nth) return i;
      return -1;
    };
    const finder = new EntryFinder(isBrowse);
    const tracker = new ViewTracker(events.map((event) => event.id));
    const views: View[] = [];
    for (const event of events) {
      tracker.append(event);
      views.push(tracker.view());
    }
    // In order, then again in reverse (a step's view asked for after later ones), and a view made otherwise.
    for (const view of [...views, ...views.toReversed(), viewOf(views.at(-1)!.entries)])
      for (const nth of [1, 2, 4])
        expect(finder.nthFromEnd(view, nth), `${ids(view).join(',')} nth ${nth}`).toBe(walkedBack(view, nth));
    expect(walkedBack(views.at(-1)!, 4)).toBeGreaterThan(0);
  });
});
