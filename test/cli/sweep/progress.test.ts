import { describe, expect, it } from 'vitest';
import type { PoolProgress } from '../../../src/cli/sweep/pool.ts';
import { sweepProgress } from '../../../src/cli/sweep/progress.ts';

const state = (fields: Partial<PoolProgress>): PoolProgress => ({
  replays: 0,
  queuedReplays: 50,
  instances: 0,
  queuedInstances: 1,
  configEvents: 0,
  allQueued: true,
  finished: false,
  ...fields,
});

function recorder(terminal: boolean) {
  let now = 0;
  const written: string[] = [];
  const progress = sweepProgress(
    50,
    terminal,
    (text) => written.push(text),
    () => now,
  );
  return { written, progress, at: (ms: number) => (now = ms) };
}

describe('the sweep progress', () => {
  it('draws a bar in place on a terminal, at most every tenth of a second, then the throughput line', () => {
    const { written, progress, at } = recorder(true);
    at(50);
    progress(state({ replays: 1 }), 0);
    expect(written).toEqual([]);
    at(300);
    progress(state({ replays: 25 }), 0);
    expect(written).toEqual([`\rsweep [${'#'.repeat(12)}${'-'.repeat(12)}] 25/50 replays · 0.3 s · 0 errors\u001b[K`]);
    at(2000);
    progress(state({ replays: 50, instances: 1, configEvents: 50 * 500, finished: true }), 1);
    expect(written[1]).toBe(
      '\rsweep: 50/50 replays (1 instance × 50 configurations) in 2.0 s · 25.0 replays/s · 12,500 configs×events/s · 1 errors\u001b[K\n',
    );
  });

  it('writes a line a second elsewhere, marking totals still growing with +', () => {
    const { written, progress, at } = recorder(false);
    at(500);
    progress(state({ replays: 3, allQueued: false }), 0);
    at(1000);
    progress(state({ replays: 4, allQueued: false }), 0);
    expect(written).toEqual([
      'sweep: 4/50+ replays (0 instances × 50 configurations) in 1.0 s · 4.0 replays/s · 0 configs×events/s · 0 errors\n',
    ]);
  });
});
