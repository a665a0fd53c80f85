import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { noLlm, runSync } from '../../src/engine/index.ts';
import { loadLog } from '../../src/formats/index.ts';
import { openLog } from '../../src/inspect/index.ts';
import type { ReplayedLog } from '../../src/inspect/inspectedLog.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';

const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');

async function replayedSample(): Promise<ReplayedLog> {
  const log = openLog(await loadLog(readLogInput(REAL_185), {}));
  const prepared = log.replay(
    {
      config: { type: 'recent', max_events: 40, keep_first: 2 },
      mode: 'resimulate',
      answers: {},
      onMissing: 'placeholder',
    },
    null,
  );
  if ('configError' in prepared) throw new Error(prepared.configError);
  return runSync(prepared.work, noLlm);
}

/** Runs a paused work to its end; how many pauses it made, and what it gave. */
function drained<T>(work: Generator<void, T, void>): { pauses: number; value: T } {
  let pauses = 0;
  for (;;) {
    const next = work.next();
    if (next.done) return { pauses, value: next.value };
    pauses++;
  }
}

describe('inspectedLog: the facts lost of a replay', () => {
  it('finds the log’s facts with pauses, once, whoever asks for them meanwhile', async () => {
    const replayed = await replayedSample();
    const steps = replayed.steps.length;
    // The first walk pauses while the facts are found (a 100 MB log's take seconds), then after each step.
    const first = replayed.qualityInSteps();
    for (let k = 0; k < 2; k++) expect(first.next().done).toBe(false);
    // A second walk begun meanwhile takes the same search on: it pauses less than a whole search.
    const second = drained(replayed.qualityInSteps());
    const rest = drained(first);
    expect(second.pauses).toBeGreaterThan(steps);
    expect(rest.pauses).toBe(steps);
    expect(rest.value).toEqual(second.value);
    expect(second.value.total.missing_used).toBe(6);
    // Found once: a walk now pauses only after each step.
    expect(drained(replayed.qualityInSteps()).pauses).toBe(steps);
    expect(replayed.quality()).toEqual(second.value);
  });
});

describe('inspectedLog: what a re-simulated run learns from the recorded one', () => {
  const tokens = { text: (text: string) => Math.ceil(text.length / 4) };
  const agent = { profile: 'anthropic' as const, templates: {} };

  it('learns a call at a time, once, and estimates as it would have learning in one go', async () => {
    const replayed = await replayedSample();
    const run = replayed.agent(agent, { tokens });
    const recordedSteps = (await recordedSample()).steps.length;
    // A pause after each recorded call measured (the sample has fewer than MAX_LEARNED_CALLS).
    expect(drained(run.prepareUsage()).pauses).toBe(recordedSteps);
    // Learned once: the next run of this log reads it.
    expect(drained(replayed.agent(agent, { tokens }).prepareUsage()).pauses).toBe(0);
    const usage = [...run.usage()];
    // Another opening of the log, which learns inside its first estimate.
    const inOneGo = (await replayedSample()).agent(agent, { tokens });
    expect(usage).toEqual([...inOneGo.usage()]);
    expect(run.learned()).toEqual(inOneGo.learned());
    expect(run.learned().map.slope).not.toBe(1);
  });

  it('has nothing to learn as recorded, where each step learns from those before it', async () => {
    const recorded = await recordedSample();
    expect(drained(recorded.agent(agent, { tokens }).prepareUsage()).pauses).toBe(0);
  });
});

async function recordedSample(): Promise<ReplayedLog> {
  const log = openLog(await loadLog(readLogInput(REAL_185), {}));
  const prepared = log.replay({ config: null, mode: 'recorded', answers: {}, onMissing: 'placeholder' }, null);
  if ('configError' in prepared) throw new Error(prepared.configError);
  return runSync(prepared.work, noLlm);
}

describe('inspectedLog: the event table’s rows', () => {
  it('are built when asked for, afresh each time, and not kept with the opened log', async () => {
    for (const path of [REAL_185, join(REAL_LOGS, 'v1_benchmarks_conversation_7a4bfe2d_203ev_3cond')]) {
      const log = openLog(await loadLog(readLogInput(path), {}));
      expect(Object.hasOwn(log.opened, 'rows')).toBe(false);
      const rows = log.rows();
      expect(rows.map((row) => row.id)).toEqual(log.ids);
      expect(rows.map((row) => row.index)).toEqual(log.ids.map((_, index) => index));
      const again = log.rows();
      expect(again).not.toBe(rows);
      expect(again).toEqual(rows);
    }
  });
});
