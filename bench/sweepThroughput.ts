/**
 * Sweep throughput: `npm run sweep` with 2 worker threads over a generated eval output.jsonl of 500
 * instances (100 to 300 events each, shaped like CodeAct runs), under OpenHands' server default. Each
 * replay parses the instance, counts its tokens, re-simulates and estimates usage and cost, as a sweep
 * row needs. Reports replays per second (the sweep's own figure, and wall-clock with start-up), median
 * of three runs with the spread. Run with `npm run bench`; BENCH_SWEEP_INSTANCES=50 for a quick look.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLog } from './generateLog.ts';

// Run from the project's root (npm does): this file runs from a bundle elsewhere.
const root = process.cwd();
const instances = Number(process.env.BENCH_SWEEP_INSTANCES ?? 500);
const runs = 3;
const dir = mkdtempSync(join(tmpdir(), 'bench-sweep-'));
const input = join(dir, 'output.jsonl');

const file = createWriteStream(input);
for (let i = 0; i < instances; i++) {
  const history = generateLog(100 + ((i * 37) % 201), 1000 + i);
  file.write(
    `${JSON.stringify({ instance_id: `bench__task-${i}`, instruction: 'Fix the failing tests.', metadata: { agent_class: 'CodeActAgent' }, history, test_result: { report: { resolved: i % 3 === 0 } } })}\n`,
  );
}
await new Promise((resolve) => file.end(resolve));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sweepRates: number[] = [];
const wallRates: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'scripts', 'run-bundled.mjs'),
      'src/cli/sweep.ts',
      input,
      '--config',
      'preset:v0-server-default',
      '--workers',
      '2',
      '--out',
      join(dir, 'rows.csv'),
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  const wallSeconds = (performance.now() - started) / 1000;
  const final = result.stderr.trim().split('\n').at(-1) ?? '';
  const reported = /· ([\d.]+) replays\/s · [\d,]+ configs×events\/s · (\d+) errors$/.exec(final);
  if (result.status !== 0 || !reported) throw new Error(`the sweep failed: ${result.stderr}`);
  if (reported[2] !== '0') throw new Error(`the sweep reported errors: ${final}`);
  sweepRates.push(Number(reported[1]));
  wallRates.push(instances / wallSeconds);
}
const spread = (values: number[]) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
console.log(
  `\nsweep: ${instances} generated instances (${(statSync(input).size / 1e6).toFixed(0)} MB of output.jsonl), server default, 2 workers, ${runs} runs`,
);
console.log(
  `  replays/s (the sweep's own count)   median ${median(sweepRates).toFixed(1)}   range ${spread(sweepRates)}`,
);
console.log(
  `  replays/s (wall clock, start-up in) median ${median(wallRates).toFixed(1)}   range ${spread(wallRates)}`,
);
