import { describe, expect, it } from 'vitest';
import type { LogInput } from '../../src/formats/index.ts';
import { Inspector } from '../../src/inspect/inspector.ts';
import type { EventLife, ReplayRequest } from '../../src/inspect/types.ts';
import { sampleSessionText } from '../helpers/appStore.ts';
import { realLog } from '../helpers/logs.ts';

const sample = (JSON.parse(sampleSessionText()) as { log: LogInput }).log;

async function replayed(input: LogInput, request: Partial<ReplayRequest>) {
  const host = new Inspector(() => 0);
  const opened = await host.open({ input, instance: null });
  const outcome = await host.replay({
    config: opened.suggestedConfig,
    mode: 'recorded',
    answers: {},
    onMissing: 'placeholder',
    ...request,
  });
  if (!outcome.ok) throw new Error(outcome.configError);
  return { host, opened, summary: outcome.summary };
}

/** The runs of steps a predicate holds, read the slow way: every step's whole view. */
function runsOf(holds: readonly boolean[]): Array<readonly [number, number]> {
  const runs: Array<readonly [number, number]> = [];
  let from = -1;
  holds.forEach((on, step) => {
    if (on && from < 0) from = step;
    if (!on && from >= 0) {
      runs.push([from, step]);
      from = -1;
    }
  });
  if (from >= 0) runs.push([from, holds.length]);
  return runs;
}

/** Every event's life from every step's full view, to hold the delta walk to. */
async function slowLives(host: Inspector, events: number, steps: number) {
  const shown = Array.from({ length: events }, () => new Array<boolean>(steps).fill(false));
  const masked = Array.from({ length: events }, () => new Array<boolean>(steps).fill(false));
  for (let step = 0; step < steps; step++) {
    for (const item of await host.stepView({ step })) {
      if (item.kind === 'event') shown[item.index]![step] = true;
      if (item.kind === 'masked' && item.targetIndex !== null) masked[item.targetIndex]![step] = true;
    }
  }
  return { shown: shown.map(runsOf), masked: masked.map(runsOf) };
}

async function expectSameAsSlowWalk(input: LogInput, request: Partial<ReplayRequest>) {
  const { host, opened, summary } = await replayed(input, request);
  const slow = await slowLives(host, opened.rows.length, summary.steps.length);
  let maskedEvents = 0;
  for (let index = 0; index < opened.rows.length; index++) {
    const life = await host.eventLife({ index });
    expect([index, life.inView]).toEqual([index, slow.shown[index]]);
    expect([index, life.masked]).toEqual([index, slow.masked[index]]);
    if (life.masked.length > 0) maskedEvents++;
  }
  return { host, opened, summary, maskedEvents };
}

describe('event lives', () => {
  it('equal a walk of every whole view: V0 as recorded, V0 masked and re-simulated, an SDK log', async () => {
    await expectSameAsSlowWalk(sample, {});
    const masking = await expectSameAsSlowWalk(sample, {
      mode: 'resimulate',
      config: { type: 'observation_masking', attention_window: 5 },
    });
    expect(masking.maskedEvents).toBeGreaterThan(10);
    // OpenHands' `recent` repeats the first events in a short view (view[:1] + view[-29:]): one event twice.
    await expectSameAsSlowWalk(sample, {
      mode: 'resimulate',
      config: { type: 'recent', keep_first: 1, max_events: 30 },
    });
    await expectSameAsSlowWalk(realLog('v1_benchmarks_conversation_7a4bfe2d_203ev_3cond'), {});
  });

  it('names the condensation that forgot an event, the step it ran before, and whether it wrote a summary', async () => {
    const { host, opened, summary } = await replayed(sample, {});
    const lives: EventLife[] = [];
    for (let index = 0; index < opened.rows.length; index++) lives.push(await host.eventLife({ index }));
    const forgotten = lives.filter((life) => life.forgotten !== null);
    expect(forgotten.length).toBeGreaterThan(20);
    for (const life of forgotten) {
      const condensation = summary.condensations.find((c) => c.id === life.forgotten!.condensationId)!;
      expect(condensation.stepIndex).toBe(life.forgotten!.step);
      expect(condensation.forgottenEventIds).toContain(life.id);
      expect(life.forgotten!.summary).toBe(condensation.summary !== null);
      // It left the view at that step and never came back.
      expect(Math.max(...life.inView.map(([, to]) => to))).toBe(life.forgotten!.step);
    }
    // The last event before a step stays to the end: entered, never forgotten.
    const lastSeen = lives[summary.steps.at(-1)!.beforeEventIndex - 1]!;
    expect(lastSeen.forgotten).toBeNull();
    expect(lastSeen.entered).toBe(summary.steps.length - 1);
  });

  it('folds neighbours with one life into a lane: a run forgotten together is one row', async () => {
    const { host, opened, summary } = await replayed(sample, {});
    const lanes = await host.eventLanes();
    expect(lanes.steps).toBe(summary.steps.length);
    expect(lanes.cuts).toEqual(summary.condensations.map((c) => c.stepIndex));
    expect(lanes.lanes.reduce((sum, lane) => sum + lane.count, 0)).toBe(opened.rows.length);
    expect(lanes.lanes.length).toBeLessThan(opened.rows.length / 2);
    const folded = lanes.lanes.filter((lane) => lane.count > 5 && lane.forgotten !== null);
    // Each condensation's run is one lane, or a few where an event no view held cuts in.
    expect([...new Set(folded.map((lane) => lane.forgotten!.step))]).toEqual(
      summary.condensations.map((c) => c.stepIndex),
    );
    for (const lane of folded) {
      const [from, to] = lane.inView[0]!;
      for (let index = lane.first; index <= lane.last; index++) {
        const life = await host.eventLife({ index });
        expect(life.forgotten).toEqual(lane.forgotten);
        expect(life.inView[0]![0]).toBeGreaterThanOrEqual(from);
        expect(life.inView[0]![1]).toBe(to);
      }
    }
  });
});
