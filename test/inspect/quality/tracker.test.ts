/**
 * The incremental tracker against the spec computed directly (naiveQuality: every step rebuilds the
 * view's facts and joins its texts), on hand-made cases for each mechanism, on random logs and views
 * made to be hard, and on the engine's own replays of random logs under random configurations.
 */
import { describe, expect, it } from 'vitest';
import { runSync } from '../../../src/engine/index.ts';
import {
  type LogEvent,
  type View,
  buildCondenser,
  prepareLog,
  readCondenserConfig,
  replay,
} from '../../../src/engine/v0/index.ts';
import { eventFacts } from '../../../src/inspect/quality/facts.ts';
import { LogFacts } from '../../../src/inspect/quality/logFacts.ts';
import { QualityTracker } from '../../../src/inspect/quality/tracker.ts';
import { type QualityViewItem, viewDelta } from '../../../src/inspect/quality/viewDelta.ts';
import { Random, prng, randomAnswer, randomConfig, randomLog } from '../../engine/v0/fuzz/randomLog.ts';
import { type NaiveStep, naiveQuality } from './naiveQuality.ts';
import { randomQualityCase } from './randomQuality.ts';

const event = (index: number): QualityViewItem => ({ kind: 'event', index });
const summary = (content: string): QualityViewItem => ({ kind: 'summary', content });
const masked = (content: string): QualityViewItem => ({ kind: 'masked', content });

function trackerOf(events: readonly unknown[]): QualityTracker {
  const facts = new LogFacts();
  for (const logged of events) facts.addEvent(logged);
  return new QualityTracker(facts);
}

/** Runs the tracker over full views (deltas computed between them) and the direct computation beside it. */
function bothWays(events: readonly unknown[], steps: readonly NaiveStep[]) {
  const tracker = trackerOf(events);
  let previous: readonly QualityViewItem[] = [];
  const tracked = steps.map(({ before, view }) => {
    const result = tracker.step(before, viewDelta(previous, view));
    previous = view;
    return result;
  });
  return { tracked: { steps: tracked, total: tracker.total() }, naive: naiveQuality(events, steps) };
}

const run = (command: string) => ({ action: 'run', args: { command } });
const said = (message: string) => ({ action: 'message', message });

describe('QualityTracker', () => {
  it('a fact is in view while an event of the view has it, and missing when used after it left', () => {
    const events = [run('ls /a/b'), said('ok'), run('ls /a/b'), run('cat /a/b')];
    const { tracked, naive } = bothWays(events, [
      { before: 1, view: [event(0)] },
      { before: 2, view: [event(1)] },
      { before: 3, view: [event(0), event(1), event(2)] },
    ]);
    expect(tracked).toEqual(naive);
    expect(tracked.steps[1]).toEqual({ seen: 2, in_view: 0, missing_used: ['command:ls /a/b', 'path:/a/b'] });
    expect(tracked.total).toEqual({ missing_used: 2, steps_with_missing_used: 1, facts_seen: 3 });
  });

  it('seen only grows, even when a later step is before an earlier event (as in the reference)', () => {
    const tracker = trackerOf([run('ls /a/b'), run('pwd'), run('ls /a/b')]);
    expect(tracker.step(2, { keep: 0, add: [] })?.seen).toBe(3);
    expect(tracker.step(0, { keep: 0, add: [] })).toEqual({
      seen: 3,
      in_view: 0,
      missing_used: ['command:ls /a/b', 'path:/a/b'],
    });
  });

  it('a step left out (before null) changes the view only', () => {
    const tracker = trackerOf([run('ls /a/b'), run('ls /a/b')]);
    expect(tracker.step(null, { keep: 0, add: [event(0)] })).toBeNull();
    expect(tracker.step(1, { keep: 1, add: [] })).toEqual({ seen: 2, in_view: 2, missing_used: [] });
    expect(tracker.total()).toEqual({ missing_used: 0, steps_with_missing_used: 0, facts_seen: 2 });
  });

  it('missing facts come in code point order', () => {
    const events = [
      { observation: 'run', content: 'error: \u{1f600}\nerror: \uffff' },
      said('x'),
      { observation: 'run', content: 'error: \uffff\nerror: \u{1f600}' },
    ];
    const { tracked } = bothWays(events, [{ before: 2, view: [event(1)] }]);
    expect(tracked.steps[0]!.missing_used).toEqual(['error:error: \uffff', 'error:error: \u{1f600}']);
  });

  it('a summary or placeholder that holds a seen value puts the fact in view', () => {
    const events = [run('git checkout main'), said('/x/y/z'), run('git checkout main')];
    const { tracked, naive } = bothWays(events, [
      { before: 2, view: [summary('we ran git checkout main earlier')] },
      { before: 2, view: [masked('<MASKED>')] },
    ]);
    expect(tracked).toEqual(naive);
    expect(tracked.steps.map((step) => step!.in_view)).toEqual([1, 0]);
  });

  it('a value split between two or three texts of the view is held by their join', () => {
    const command = 'cat <<EOF\nline one\n\nEOF';
    const events = [run(command), said('x'), run(command)];
    const views: QualityViewItem[][] = [
      [summary('start cat <<EOF'), event(1), masked('line one\n\nEOF and more')],
      [summary('cat <<EOF\nline one'), summary(''), summary('EOF')],
      [summary('cat <<EOF'), summary('line one'), summary(''), summary('EOF!')],
      [summary('cat <<EOF'), summary('line one'), summary('EOF')],
      [summary('cat <<EOF\nline one\n'), masked('\nEOF')],
    ];
    const { tracked, naive } = bothWays(
      events,
      views.map((view) => ({ before: 2, view })),
    );
    expect(tracked).toEqual(naive);
    // What quality_facts.py printed for the same log and views.
    const missing = { seen: 1, in_view: 0, missing_used: ['command:cat <<EOF\nline one\n\nEOF'] };
    const held = { seen: 1, in_view: 1, missing_used: [] };
    expect(tracked.steps).toEqual([held, held, held, missing, missing]);
    expect(tracked.total).toEqual({ missing_used: 2, steps_with_missing_used: 2, facts_seen: 1 });
  });

  it('a text back in view after many values were seen finds them all', () => {
    const paths = Array.from({ length: 40 }, (_, k) => `/p/${k}`);
    const events = [...paths.map((path) => said(path)), run(`ls ${paths.join(' ')}`)];
    const text = summary(`all of ${paths.join(', ')}`);
    const { tracked, naive } = bothWays(events, [
      { before: 1, view: [text] },
      { before: 2, view: [] },
      { before: 40, view: [text] },
    ]);
    expect(tracked).toEqual(naive);
    expect(tracked.steps[2]!.missing_used).toEqual([]);
    expect(tracked.steps[2]!.in_view).toBe(40);
  });

  it('texts forgotten to make room are searched again when they come back', () => {
    // /a/b is first seen while the summary that holds it is out of view and forgotten.
    const events = [said('x'), said('/a/b'), run('ls /a/b')];
    const first = summary('about /a/b');
    const steps: NaiveStep[] = [{ before: 1, view: [first] }];
    for (let k = 0; k < 5000; k++) steps.push({ before: 1, view: [summary(`text ${k}`)] });
    steps.push({ before: 2, view: [first] });
    const { tracked, naive } = bothWays(events, steps);
    expect(tracked).toEqual(naive);
    expect(tracked.steps.at(-1)).toEqual({ seen: 1, in_view: 1, missing_used: [] });
  });

  it('events fed while the replay goes on count as if fed before it began', () => {
    // The multi-line command is first fed while the texts that hold it across a join are in view.
    const events = [said('/a/b'), run('cat <<EOF\nx\nEOF'), run('cat <<EOF\nx\nEOF'), run('ls /a/b')];
    const steps: NaiveStep[] = [
      { before: 0, view: [summary('cat <<EOF'), summary('x\nEOF'), summary('ls /a/b')] },
      { before: 2, view: [summary('cat <<EOF'), summary('x\nEOF'), summary('ls /a/b')] },
      { before: 3, view: [summary('cat <<EOF')] },
    ];
    const facts = new LogFacts();
    const tracker = new QualityTracker(facts);
    let previous: readonly QualityViewItem[] = [];
    const tracked = steps.map(({ before, view }) => {
      while (facts.eventCount <= before!) facts.addEvent(events[facts.eventCount]);
      const result = tracker.step(before, viewDelta(previous, view));
      previous = view;
      return result;
    });
    while (facts.eventCount < events.length) facts.addEvent(events[facts.eventCount]);
    const naive = naiveQuality(events, steps);
    expect({ steps: tracked, total: tracker.total() }).toEqual(naive);
    expect(tracked.slice(1)).toEqual([
      { seen: 2, in_view: 2, missing_used: [] },
      { seen: 2, in_view: 0, missing_used: ['path:/a/b'] },
    ]);
  });

  it('item by item (keepItems, add…Item, endStep) gives what step() gives', () => {
    const events = [run('ls /a/b'), said('x'), run('cat <<EOF\nx\nEOF'), run('ls /a/b')];
    const whole = trackerOf(events);
    const itemwise = trackerOf(events);
    const deltas = [
      { before: 1, keep: 0, add: [event(0), summary('cat <<EOF'), { kind: 'other' } as const] },
      { before: 3, keep: 2, add: [masked('x\nEOF'), event(1)] },
      { before: 3, keep: 0, add: [event(1)] },
    ];
    for (const { before, keep, add } of deltas) {
      itemwise.keepItems(keep);
      for (const item of add) {
        if (item.kind === 'event') itemwise.addEventItem(item.index);
        else if (item.kind === 'other') itemwise.addOtherItem();
        else itemwise.addTextItem(item.content);
      }
      expect(itemwise.endStep(before)).toEqual(whole.step(before, { keep, add }));
    }
    expect(itemwise.total()).toEqual(whole.total());
    expect(whole.total().missing_used).toBe(2);
  });

  it('item by item, a refused item leaves the items added before it', () => {
    const tracker = trackerOf([run('ls /a/b'), run('ls /a/b')]);
    tracker.keepItems(0);
    tracker.addEventItem(0);
    expect(() => tracker.addEventItem(2)).toThrow(
      'view item 1 is event 2, but the log has 2 events (positions from 0)',
    );
    expect(() => tracker.endStep(5)).toThrow('the step is before event 5');
    expect(tracker.endStep(1)).toEqual({ seen: 2, in_view: 2, missing_used: [] });
    expect(() => tracker.keepItems(2)).toThrow('the view keeps 2 items of the previous view, which has 1');
  });

  it('a view changed in one place replaces items there, texts too, and keeps the rest', () => {
    const events = [run('ls /a/b'), run('ls /x/y'), run('ls /a/b'), run('ls /x/y')];
    const changed = trackerOf(events);
    const whole = trackerOf(events);
    changed.step(2, { keep: 0, add: [event(0), event(1), summary('z')] });
    whole.step(2, { keep: 0, add: [event(0), event(1), summary('z')] });
    // Event 1 (ls /x/y) leaves; event 0 and the summary stay.
    changed.replaceItems(1, 1, 0);
    expect(changed.endStep(3)).toEqual(whole.step(3, { keep: 1, add: [summary('z')] }));
    expect(changed.endStep(3)!.missing_used).toEqual(['command:ls /x/y', 'path:/x/y']);
    // A summary naming /x/y takes the place of event 0; the old summary stays after it.
    changed.replaceItems(0, 1, 1);
    changed.addTextItem('ran ls /x/y');
    expect(changed.endStep(3)).toEqual(whole.step(3, { keep: 0, add: [summary('ran ls /x/y'), summary('z')] }));
    expect(changed.endStep(3)!.missing_used).toEqual([]);
    expect(() => changed.replaceItems(1, 2, 0)).toThrow(
      'the view replaces items 1 to 3 of the previous view, which has 2',
    );
    expect(() => changed.replaceItems(0, 1.5, 0)).toThrow(
      'the view replaces 1.5 items from item 0 by 0: each must be a whole number from 0',
    );
    changed.replaceItems(0, 2, 1);
    expect(() => changed.endStep(3)).toThrow('the view still has 1 items to put in place of those it replaced');
  });

  it('texts after the replaced items are read joined with those put in their place', () => {
    // A multi-line command runs across the joins of three texts (the reference joins them with '\n').
    const events = [run('cat <<EOF\nx\nEOF'), said('one'), said('two'), run('cat <<EOF\nx\nEOF')];
    const changed = trackerOf(events);
    const whole = trackerOf(events);
    const first = [summary('cat <<EOF'), event(1), masked('EOF'), event(2)];
    changed.step(1, { keep: 0, add: first });
    whole.step(1, { keep: 0, add: first });
    changed.replaceItems(1, 1, 1);
    changed.addTextItem('x');
    const joined = whole.step(3, { keep: 0, add: [summary('cat <<EOF'), summary('x'), masked('EOF'), event(2)] });
    expect(changed.endStep(3)).toEqual(joined);
    expect(joined!.missing_used).toEqual([]);
    // The middle text out again: the command no longer runs across the joins.
    changed.replaceItems(1, 1, 0);
    const apart = whole.step(3, { keep: 1, add: [masked('EOF'), event(2)] });
    expect(changed.endStep(3)).toEqual(apart);
    expect(apart!.missing_used).toEqual(['command:cat <<EOF\nx\nEOF']);
  });

  it('texts put in a room before later texts come before them, whatever ends the room', () => {
    const events = [run('cat <<EOF\nx\nEOF'), said('one'), said('two'), run('cat <<EOF\nx\nEOF')];
    const changed = trackerOf(events);
    const whole = trackerOf(events);
    const first = [event(1), summary('cat <<EOF'), event(2), masked('EOF')];
    changed.step(1, { keep: 0, add: first });
    whole.step(1, { keep: 0, add: first });
    // Event 2 makes room for a text and an event; the placeholder after it stays (the shorter side).
    changed.replaceItems(2, 1, 2);
    changed.addTextItem('x');
    changed.addEventItem(2);
    const joined = whole.step(3, {
      keep: 0,
      add: [event(1), summary('cat <<EOF'), summary('x'), event(2), masked('EOF')],
    });
    expect(changed.endStep(3)).toEqual(joined);
    expect(joined!.missing_used).toEqual([]);
  });

  it('a room made in a full window grows it', () => {
    // 256 items fill the window as first made, from its start: two more in the middle need a larger one.
    const events = Array.from({ length: 300 }, (_, k) => run(`ls /d${k}/f`));
    const changed = trackerOf(events);
    const whole = trackerOf(events);
    const view = Array.from({ length: 256 }, (_, k) => event(k));
    changed.step(0, { keep: 0, add: view });
    whole.step(0, { keep: 0, add: view });
    changed.replaceItems(5, 0, 2);
    changed.addEventItem(290);
    changed.addEventItem(291);
    const grown = [...view.slice(0, 5), event(290), event(291), ...view.slice(5)];
    expect(changed.endStep(299)).toEqual(whole.step(299, { keep: 0, add: grown }));
    expect(changed.inViewFacts).toBe(2 * 258);
    // Emptied, the view holds no fact: the items moved to make room are the ones it held.
    changed.keepItems(0);
    expect(changed.endStep(299)).toEqual(whole.step(299, { keep: 0, add: [] }));
    expect(changed.inViewFacts).toBe(0);
  });

  it('a long view changed in random places, near its start and its end, counts as the whole view', () => {
    // Every event its own facts: an item lost or doubled changes how many seen facts are in view.
    const events = Array.from({ length: 1500 }, (_, k) => run(`ls /d${k}/f`));
    const texts = ['ls /d3/f', 'ls /d40/f then ls /d41/f', 'nothing'];
    const changed = trackerOf(events);
    const whole = trackerOf(events);
    const random = new Random(prng(77));
    let view: QualityViewItem[] = [];
    let next = 0;
    const grow = (count: number) => {
      const start = view.length;
      view = [...view, ...Array.from({ length: count }, () => event(next++))];
      changed.keepItems(start);
      for (const item of view.slice(start)) changed.addEventItem((item as { index: number }).index);
      whole.step(null, { keep: start, add: view.slice(start) });
    };
    grow(200);
    for (let round = 0; round < 120; round++) {
      // Near the start (the few before move), near the end (the few after move), or anywhere.
      const count = random.int(0, 5);
      const from = [2, view.length - count - 1, random.int(0, view.length - count)][round % 3]!;
      const put = Array.from({ length: random.int(0, 3) }, () =>
        random.chance(0.5) ? summary(random.pick(texts)) : event(random.int(0, next - 1)),
      );
      changed.replaceItems(from, count, put.length);
      for (const item of put) {
        if (item.kind === 'event') changed.addEventItem(item.index);
        else if (item.kind !== 'other') changed.addTextItem(item.content);
      }
      view.splice(from, count, ...put);
      const before = random.int(0, next - 1);
      expect(changed.endStep(before), `round ${round}`).toEqual(whole.step(before, { keep: 0, add: view }));
      grow(round % 10 === 0 ? 60 : random.int(0, 3));
    }
    expect(view.length).toBeGreaterThan(256);
    // Emptied, the view holds no fact: every item it let go of was the one it held.
    changed.keepItems(0);
    expect(changed.endStep(next - 1)).toEqual(whole.step(next - 1, { keep: 0, add: [] }));
    expect(changed.inViewFacts).toBe(0);
  });

  it('a step that does not fit the log or the previous view is refused, and changes nothing', () => {
    const tracker = trackerOf([run('ls /a/b'), run('ls /a/b')]);
    tracker.step(1, { keep: 0, add: [event(0)] });
    expect(() => tracker.step(2, { keep: 1, add: [] })).toThrow(
      'the step is before event 2, but the log has 2 events (positions from 0)',
    );
    expect(() => tracker.step(1, { keep: 2, add: [] })).toThrow(
      'the view keeps 2 items of the previous view, which has 1',
    );
    expect(() => tracker.step(1, { keep: 0, add: [summary('x'), event(7)] })).toThrow(
      'view item 1 is event 7, but the log has 2 events (positions from 0)',
    );
    expect(tracker.step(1, { keep: 1, add: [] })).toEqual({ seen: 2, in_view: 2, missing_used: [] });
  });
});

describe('QualityTracker equals the direct computation', () => {
  it('on 400 random logs and views made to be hard (values across joins, re-added items, steps out of order, events fed as they come)', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const random = new Random(prng(seed));
      const { events, steps } = randomQualityCase(random);
      const streamed = seed % 2 === 1;
      const facts = new LogFacts();
      const feedTo = (count: number) => {
        while (facts.eventCount < Math.min(count, events.length)) facts.addEvent(events[facts.eventCount]);
      };
      if (!streamed) feedTo(events.length);
      const tracker = new QualityTracker(facts);
      const tracked = steps.map((step) => {
        const needed =
          Math.max(step.before ?? -1, ...step.view.map((item) => (item.kind === 'event' ? item.index : -1))) + 1;
        feedTo(needed + random.int(0, 2));
        return tracker.step(step.before, { keep: step.keep, add: step.view.slice(step.keep) });
      });
      feedTo(events.length);
      const naive = naiveQuality(events, steps);
      expect({ steps: tracked, total: tracker.total() }, `seed ${seed}`).toEqual(naive);
    }
  });

  it('on the engine’s replays of 200 random logs under random configurations, with summaries that hold facts', () => {
    let compared = 0;
    let missing = 0;
    let textItems = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const random = new Random(prng(9000 + seed));
      const log = randomLog(random);
      let condenser;
      try {
        condenser = buildCondenser(readCondenserConfig(randomConfig(random)).config);
      } catch {
        continue; // an invalid configuration: the engine's own fuzz test covers its message
      }
      const events = log.map((logged) => asJson(logged, random));
      const values = [
        ...new Set(events.flatMap((logged) => eventFacts(logged)).map((fact) => fact.slice(fact.indexOf(':') + 1))),
      ];
      const steps: NaiveStep[] = [];
      runSync(
        replay({
          log: prepareLog(log),
          mode: 'resimulate',
          condenser,
          onStep: (step, view) => view && steps.push({ before: step.beforeEventIndex, view: viewItems(view) }),
        }),
        (request) =>
          request.condenser === 'llm' && values.length > 0
            ? { content: `summary: ${random.pick(values)}` }
            : randomAnswer(random, request, () => []),
      );
      const { tracked, naive } = bothWays(events, steps);
      expect(tracked, `seed ${9000 + seed}`).toEqual(naive);
      compared += steps.length;
      missing += naive.total.missing_used;
      textItems += steps.reduce((sum, step) => sum + step.view.filter((item) => item.kind !== 'event').length, 0);
    }
    // The cases are not empty: many steps, views with summaries and placeholders, facts missing.
    expect(compared).toBeGreaterThan(1200);
    expect(textItems).toBeGreaterThan(500);
    expect(missing).toBeGreaterThan(50);
  });
});

const EXTRA_TEXT = [
  '',
  ' see /w/app/main.py',
  ' FAILED tests/x.py',
  '\nValueError: bad /w/app/x.py',
  ' cd /w/app && ls',
  ' /w/lib/a.py',
  ' /w/lib/b.py',
  '\nerror: no /w/c',
];

/** A random log's event as a V0 log would hold it, with texts that give it facts. */
function asJson(logged: LogEvent, random: Random): unknown {
  const base = { id: logged.id, source: logged.source, ...(logged.cause === null ? {} : { cause: logged.cause }) };
  if (logged.kind === 'action')
    return { ...base, action: logged.type, args: logged.args, message: `did${random.pick(EXTRA_TEXT)}` };
  return {
    ...base,
    observation: logged.type,
    content: `${logged.content}${random.pick(EXTRA_TEXT)}`,
    extras: logged.extras,
  };
}

function viewItems(view: View): QualityViewItem[] {
  return view.entries.map((entry) =>
    entry.kind === 'summary' || entry.kind === 'masked'
      ? { kind: entry.kind, content: entry.content }
      : entry.index >= 0
        ? event(entry.index)
        : { kind: 'other' },
  );
}
