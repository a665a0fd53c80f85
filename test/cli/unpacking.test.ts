import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_EXPANDED_BYTES } from '../../src/formats/archive.ts';
import { gzipBomb, tarHeader } from '../helpers/bombs.ts';
import { ROOT, scratchFiles } from '../helpers/cli.ts';

const { file } = scratchFiles('unpacking-');
const noop = file('noop.json', '{"type": "noop"}');

/** Runs a command, sampling its peak resident memory (VmHWM) until it ends. */
function measured(
  entry: string,
  ...args: string[]
): Promise<{ status: number | null; stderr: string; seconds: number; peakBytes: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'run-bundled.mjs'), entry, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let peakBytes = 0;
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const sampler = setInterval(() => {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      peakBytes = Math.max(peakBytes, Number(kb?.[1] ?? 0) * 1024);
    } catch {
      // It has ended.
    }
  }, 50);
  return new Promise((resolve) =>
    child.on('close', (status) => {
      clearInterval(sampler);
      resolve({ status, stderr, seconds: (performance.now() - started) / 1000, peakBytes });
    }),
  );
}

describe('replay and sweep on decompression bombs (issue 21)', () => {
  it('stop a 5 GB .tar.gz within 15 s with the reason, never past the import limit plus 300 MB', async () => {
    const bomb = file('run.tar.gz', '');
    writeFileSync(bomb, gzipBomb(5e9, { prefix: tarHeader('run/output.jsonl', 5e9) }));
    const reason =
      'run.tar.gz: the gzip file is damaged: its stream holds more than the 705033216 bytes its size field gives (or over 4 GiB, which is past 1.5 GiB too); is the download complete?';
    const replay = await measured('src/cli/main.ts', bomb, '--config', noop);
    expect(replay.status).toBe(2);
    expect(replay.stderr).toBe(`replay: ${reason}\n`);
    // A sweep writes a row per configuration with the reason (its rows may carry errors), after one unpacking.
    const rows = file('rows.json', '');
    const sweep = await measured('src/cli/sweep.ts', bomb, '--config', noop, '--out', rows);
    expect(sweep.status).toBe(0);
    expect(
      (JSON.parse(readFileSync(rows, 'utf8')) as { rows: Array<{ error: string }> }).rows.map((row) => row.error),
    ).toEqual([reason]);
    for (const run of [replay, sweep]) {
      expect(run.seconds).toBeLessThan(15);
      expect(run.peakBytes).toBeLessThan(MAX_EXPANDED_BYTES + 300 * 1024 ** 2);
    }
  }, 120_000);
});
