import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/engine/index.ts';
import type { TraceEncoder, ViewItemVisitor } from '../../../src/inspect/flavor.ts';
import type { StepQuality } from '../../../src/inspect/quality/tracker.ts';
import type { QualityViewItem } from '../../../src/inspect/quality/viewDelta.ts';
import { LogQuality, qualityFigure } from '../../../src/inspect/trace/qualityFigure.ts';
import { Random, prng } from '../../engine/v0/fuzz/randomLog.ts';
import { type NaiveStep, naiveQuality } from '../quality/naiveQuality.ts';
import { randomQualityCase } from '../quality/randomQuality.ts';

type View = readonly QualityViewItem[];
interface Step {
  readonly before: number;
}

const sameItem = (a: QualityViewItem, b: QualityViewItem) =>
  a.kind === b.kind &&
  (a.kind === 'event'
    ? a.index === (b as typeof a).index
    : a.kind === 'other' || a.content === (b as typeof a).content);

/** The encoder's view side over plain item lists (the quality figure reads nothing else of it). */
const encoder = {
  viewLength: (view: View) => view.length,
  beforeEventIndex: (step: Step) => step.before,
  matchingRun(previous: View, i: number, view: View, j: number, max: number) {
    let k = 0;
    while (k < max && sameItem(previous[i + k]!, view[j + k]!)) k++;
    return k;
  },
  findItem(previous: View, from: number, view: View, at: number) {
    for (let p = from; p < previous.length; p++) if (sameItem(previous[p]!, view[at]!)) return p;
    return -1;
  },
  visitItems(view: View, from: number, to: number, visit: ViewItemVisitor) {
    for (let k = from; k < to; k++) {
      const item = view[k]!;
      if (item.kind === 'event') visit.event(item.index);
      else if (item.kind !== 'other') visit.text(item.content);
      else throw new Error('no view of an engine holds other items');
    }
  },
} as unknown as TraceEncoder<Step, View>;

/** Steps whose view was the last one with items replaced in place, told by replacedItems. */
let replacedSteps = 0;

/** The same encoder, telling where a view is the last one with items replaced one for one (as V0's does for masking). */
const replacingEncoder = {
  ...encoder,
  replacedItems(previous: View, view: View) {
    if (view.length < previous.length) return null;
    const replaced = previous.flatMap((item, k) => (sameItem(item, view[k]!) ? [] : [k]));
    if (replaced.length > 0) replacedSteps++;
    return replaced;
  },
} as TraceEncoder<Step, View>;

const rawOf = (events: readonly unknown[]) => ({
  length: events.length,
  at: (index: number) => events[index],
  sourceBytes: () => null,
});

/** The quality figure of a log whose positions are its ids, over views the encoder reads. */
const figureOver = (events: readonly unknown[], over: TraceEncoder<Step, View>) =>
  qualityFigure(
    runToEnd(
      LogQuality.find(
        rawOf(events),
        events.map((_, index) => index),
        false,
      ),
    ),
    over,
  );

/** Views that change as the condensers change them: a first part kept, some items after it dropped or replaced by texts, some added. */
interface FigureStep extends NaiveStep {
  readonly before: number;
}

function slidingSteps(random: Random, base: readonly FigureStep[], eventCount: number): FigureStep[] {
  const steps: FigureStep[] = [];
  let view: QualityViewItem[] = base.find((step) => step.view.length > 0)?.view.slice() ?? [];
  const texts = base.flatMap((step) => step.view.filter((item) => item.kind !== 'event'));
  let before = 0;
  for (let count = random.int(5, 40); count > 0; count--) {
    const first = random.int(0, Math.min(3, view.length));
    const dropped = random.int(0, Math.min(random.chance(0.3) ? 60 : 4, view.length - first));
    // What takes their place: nothing (a window slid on), a summary or placeholder, or two.
    const put =
      texts.length > 0 && random.chance(0.4) ? [random.pick(texts), random.pick(texts)].slice(random.int(0, 1)) : [];
    const next = [...view.slice(0, first), ...put, ...view.slice(first + dropped)];
    // And elsewhere, an item masked (masking changes a second place as a window slides on).
    if (texts.length > 0 && next.length > first + put.length && random.chance(0.3))
      next[random.int(first + put.length, next.length - 1)] = random.pick(texts);
    for (let added = random.int(0, 12); added > 0; added--) {
      if (texts.length > 0 && random.chance(0.2)) next.push(random.pick(texts));
      else next.push({ kind: 'event', index: random.int(0, eventCount - 1) });
    }
    before = Math.min(eventCount - 1, before + random.int(0, 2));
    steps.push({ before, view: next });
    view = next;
  }
  return steps;
}

describe('the quality figure', () => {
  it('equals the direct computation on views that slide on, replace items after a first part, or change at random', () => {
    let slid = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const random = new Random(prng(4000 + seed));
      const { events, steps: randomSteps } = randomQualityCase(random);
      // The engines' views hold logged events and texts only.
      const base = randomSteps.flatMap(({ before, view }): FigureStep[] =>
        before === null ? [] : [{ before, view: view.filter((item) => item.kind !== 'other') }],
      );
      const steps = seed % 3 === 0 ? base : slidingSteps(random, base, events.length);
      // Every other case with an encoder that tells items replaced in place.
      const figure = figureOver(events, seed % 2 ? encoder : replacingEncoder);
      let previous: View | null = null;
      const tracked = steps.map(({ before, view }) => {
        let keep = 0;
        if (previous !== null)
          while (keep < Math.min(previous.length, view.length) && sameItem(previous[keep]!, view[keep]!)) keep++;
        if (previous !== null && view.length - keep >= 8 && previous.length > keep) slid++;
        previous = view;
        return figure.step({ before }, view, keep).quality as StepQuality;
      });
      expect({ steps: tracked, total: figure.total!().quality }, `seed ${4000 + seed}`).toEqual(
        naiveQuality(events, steps),
      );
    }
    // Many steps re-listed enough items for the figure to look for a slide, some of them replaced in place.
    expect(slid).toBeGreaterThan(500);
    expect(replacedSteps).toBeGreaterThan(50);
  });

  it('tells the tracker only what changed where a view kept most of the last one', () => {
    const events = Array.from({ length: 60 }, (_, k) => ({ action: 'run', args: { command: `ls /d${k}/f` } }));
    let visited = 0;
    const counting = {
      ...encoder,
      visitItems(view: View, from: number, to: number, visit: ViewItemVisitor) {
        visited += to - from;
        encoder.visitItems(view, from, to, visit);
      },
    } as TraceEncoder<Step, View>;
    const figure = figureOver(events, counting);
    const event = (index: number): QualityViewItem => ({ kind: 'event', index });
    const masked = (index: number): QualityViewItem => ({ kind: 'masked', content: `ls /d${index}/f was run` });
    const steps: FigureStep[] = [];
    const visits: number[] = [];
    const results: StepQuality[] = [];
    let previous: View = [];
    const stepTo = (view: View) => {
      let keep = 0;
      while (keep < Math.min(previous.length, view.length) && sameItem(previous[keep]!, view[keep]!)) keep++;
      visited = 0;
      const before = steps.length + 40;
      steps.push({ before, view });
      results.push(figure.step({ before }, view, keep).quality as StepQuality);
      visits.push(visited);
      previous = view;
    };
    const base = Array.from({ length: 30 }, (_, k) => event(k));
    stepTo(base);
    // A window slid on past its first two items, and one event came.
    const slid = [...base.slice(0, 2), ...base.slice(6), event(30)];
    stepTo(slid);
    // An observation masked in the middle, and one event came.
    const masking = [...slid.slice(0, 10), masked(13), ...slid.slice(11), event(31)];
    stepTo(masking);
    // A summary in place of the first events after the first two, and one event came.
    const summarized = [
      ...masking.slice(0, 2),
      { kind: 'summary', content: 'ran ls' } as const,
      ...masking.slice(12),
      event(32),
    ];
    stepTo(summarized);
    // Five observations masked at once: the figure still equals the direct computation.
    const many = summarized.map((item, k) => (k % 3 === 1 && item.kind === 'event' ? masked(item.index) : item));
    stepTo(many);
    expect(visits.slice(0, 4)).toEqual([30, 1, 2, 2]);
    expect(visits[4]).toBeLessThan(many.length);
    expect(steps.map(({ view }) => view.length)).toEqual([30, 27, 28, 20, 20]);
    expect({ steps: results, total: figure.total!().quality }).toEqual(naiveQuality(events, steps));
  });
});
