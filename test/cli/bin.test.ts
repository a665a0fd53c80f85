import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, replayCli, sweepCli } from '../helpers/cli.ts';
import { REAL_LOGS } from '../helpers/logs.ts';

const LOG = join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json');
const MULTI_SWE_BENCH = join(REAL_LOGS, 'v0_openhands_multi-swe-bench_example_output.jsonl');
const outDir = mkdtempSync(join(tmpdir(), 'bin-'));

/** The bin as a user runs it: `node dist/cli.js ...`. */
function bin(...args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { cwd: ROOT, encoding: 'utf8' });
  expect(built.stderr).toBe('');
  expect(built.status).toBe(0);
}, 120_000);

describe('node dist/cli.js', () => {
  it('replays as npm run replay does, with `replay` or without a command', () => {
    const args = [LOG, '--recorded', '--compact'];
    const expected = replayCli(...args);
    expect(expected.status).toBe(0);
    for (const result of [bin('replay', ...args), bin(...args)]) {
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(expected.stdout);
      expect(result.stderr).toBe(expected.stderr);
    }
  }, 60_000);

  it('sweeps on worker threads as npm run sweep does', () => {
    const args = [MULTI_SWE_BENCH, '--config', 'preset:v0-server-default', '--workers', '2'];
    const expected = sweepCli(...args, '--out', join(outDir, 'npm.csv'));
    const result = bin('sweep', ...args);
    expect(expected.status).toBe(0);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(4);
    expect(result.stderr).toMatch(/sweep: 3\/3 replays \(3 instances × 1 configurations\).* · 0 errors\n$/);
  }, 60_000);

  it('keeps the command line contract: a bad input is one line and exit status 2', () => {
    expect(bin('replay', join(outDir, 'missing.json'), '--recorded')).toEqual({
      status: 2,
      stdout: '',
      stderr: `replay: ${join(outDir, 'missing.json')}: no such file or folder\n`,
    });
    expect(bin('sweep', '--help').stdout).toMatch(/^Usage: .*sweep/);
  });
});
