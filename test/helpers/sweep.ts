import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REAL_LOGS } from './logs.ts';

const ROOT = join(import.meta.dirname, '..', '..');
export const MULTI_SWE_BENCH = join(REAL_LOGS, 'v0_openhands_multi-swe-bench_example_output.jsonl');

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
