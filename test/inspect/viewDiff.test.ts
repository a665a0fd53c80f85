import { describe, expect, it } from 'vitest';
import type { LogInput } from '../../src/formats/index.ts';
import { Inspector } from '../../src/inspect/inspector.ts';
import type { ReplayRequest } from '../../src/inspect/types.ts';
import { sampleSessionText } from '../helpers/appStore.ts';

const sample = (JSON.parse(sampleSessionText()) as { log: LogInput }).log;

/** Every step's kept events (itself or masked), read the slow way: the main slot's whole view at each step. */
async function keptPerStep(host: Inspector, request: ReplayRequest): Promise<Array<Set<number>>> {
  const outcome = await host.replay(request);
  if (!outcome.ok) throw new Error(outcome.configError);
  const kept: Array<Set<number>> = [];
  for (let step = 0; step < outcome.summary.steps.length; step++) {
    const here = new Set<number>();
    for (const item of await host.stepView({ step })) {
      if (item.kind === 'event') here.add(item.index);
      if (item.kind === 'masked' && item.targetIndex !== null) here.add(item.targetIndex);
    }
    kept.push(here);
  }
  return kept;
}

const minus = (x: Set<number>, y: Set<number>) => [...x].filter((index) => !y.has(index)).sort((p, q) => p - q);

describe('compareViews and compareStepViews', () => {
  it('tell per step which events only A and only B keep, as every step’s whole views do', async () => {
    const host = new Inspector(() => 0);
    const opened = await host.open({ input: sample, instance: null });
    const base = { answers: {}, onMissing: 'placeholder' } as const;
    const a: ReplayRequest = { ...base, config: opened.suggestedConfig, mode: 'recorded' };
    // Masking and forgetting both: B keeps some of A's events as placeholders, forgets others.
    const b: ReplayRequest = {
      ...base,
      mode: 'resimulate',
      config: {
        type: 'pipeline',
        condensers: [
          { type: 'observation_masking', attention_window: 10 },
          { type: 'amortized', max_size: 30, keep_first: 2 },
        ],
      },
    };
    expect((await host.replay({ ...a, slot: 'compareA' })).ok).toBe(true);
    expect((await host.replay({ ...b, slot: 'compare' })).ok).toBe(true);
    const views = await host.compareViews({});

    const keptA = await keptPerStep(host, a);
    const keptB = await keptPerStep(host, b);
    expect(views.steps).toBe(Math.min(keptA.length, keptB.length));
    expect(views.onlyA).toEqual(keptA.slice(0, views.steps).map((here, step) => minus(here, keptB[step]!).length));
    expect(views.onlyB).toEqual(keptB.slice(0, views.steps).map((here, step) => minus(here, keptA[step]!).length));
    // Not a vacuous comparison: the two configurations part ways, and each keeps what the other does not.
    expect(views.onlyA.some((n) => n > 0)).toBe(true);
    expect(views.onlyB.some((n) => n > 0)).toBe(true);

    // The main slot's replays since do not change which pair a step's diff reads.
    for (const step of [0, 39, views.steps - 1]) {
      const diff = await host.compareStepViews({ step });
      expect(diff.onlyA.map((event) => event.index)).toEqual(minus(keptA[step]!, keptB[step]!));
      expect(diff.onlyB.map((event) => event.index)).toEqual(minus(keptB[step]!, keptA[step]!));
      for (const event of [...diff.onlyA, ...diff.onlyB]) expect(event.id).toBe(opened.rows[event.index]!.id);
    }
  });

  it('refuses a step diff before anything was compared', async () => {
    const host = new Inspector(() => 0);
    await host.open({ input: sample, instance: null });
    await expect(host.compareStepViews({ step: 0 })).rejects.toThrow('nothing has been compared yet');
  });
});
