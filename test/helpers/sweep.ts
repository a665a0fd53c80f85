import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REAL_LOGS, SAMPLE_SESSIONS } from './logs.ts';

const ROOT = join(import.meta.dirname, '..', '..');
export const MULTI_SWE_BENCH = join(REAL_LOGS, 'v0_openhands_multi-swe-bench_example_output.jsonl');

export const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
/** 50 configurations: llm and amortized, max_size 40 to 200, keep_first 1 to 16. */
export const GRID_50 = 'type=llm,amortized max_size=40:200:40 keep_first=1,2,4,8,16';

/** The cost–quality sweep of issue 19: the 185-event log under the recorded run and GRID_50, as CSV. */
export function gridSweep185(): string {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts', 'run-bundled.mjs'), 'src/cli/sweep.ts', REAL_185, '--config', 'recorded', '--grid', GRID_50],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`the sweep failed: ${result.stderr}`);
  return result.stdout;
}

/** A real sweep result: `npm run sweep` on the three-instance multi-swe-bench sample with two configurations. */
export function sampleSweep(format: 'csv' | 'json'): string {
  const dir = mkdtempSync(join(tmpdir(), 'sweep-result-'));
  const llm40 = join(dir, 'llm40.json');
  writeFileSync(llm40, JSON.stringify({ type: 'llm', max_size: 40, keep_first: 4 }));
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'scripts', 'run-bundled.mjs'),
      'src/cli/sweep.ts',
      MULTI_SWE_BENCH,
      '--config',
      llm40,
      '--config',
      'preset:v0-complexity-trap-masking',
      '--format',
      format,
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`the sweep failed: ${result.stderr}`);
  return result.stdout;
}
