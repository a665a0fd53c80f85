/**
 * Sweep grid throughput: `npm run sweep` with a grid of 50 configurations (llm and amortized,
 * max_size 40 to 200, keep_first 1 to 16) over one generated 500-event log, 2 worker threads. Each
 * replay re-simulates the log, estimates the agent's usage and cost and counts the facts lost, as a
 * sweep row needs. Reports configurations × events per second (the sweep's own figure) and the wall
 * clock with start-up, median of three runs with the range. Run with `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateLog } from './generateLog.ts';
import { spread } from './stats.ts';
import { scratchDir } from './scratchDir.ts';

const root = process.cwd();
const events = 500;
const grid = 'type=llm,amortized max_size=40:200:40 keep_first=1,2,4,8,16';
const runs = 3;
const dir = scratchDir('bench-grid-');
const log = join(dir, 'log.json');
writeFileSync(log, JSON.stringify(generateLog(events, 11)));

const median = (values: number[]) => spread(values).median;
const range = (values: number[], digits = 1) => {
  const { min, max } = spread(values);
  return `${min.toFixed(digits)}–${max.toFixed(digits)}`;
};
const rates: number[] = [];
const walls: number[] = [];
let configs = 0;
for (let run = 0; run < runs; run++) {
  const out = join(dir, `rows-${run}.csv`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'scripts', 'run-bundled.mjs'),
      'src/cli/sweep.ts',
      log,
      '--grid',
      grid,
      '--model',
      'claude-sonnet-4-20250514',
      '--out',
      out,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  walls.push((performance.now() - started) / 1000);
  const final = result.stderr.trim().split('\n').at(-1) ?? '';
  const reported = /· ([\d,]+) configs×events\/s · (\d+) errors$/.exec(final);
  if (result.status !== 0 || !reported) throw new Error(`the sweep failed: ${result.stderr}`);
  if (reported[2] !== '0') throw new Error(`the sweep reported errors: ${final}`);
  rates.push(Number(reported[1]!.replace(/,/g, '')));
  configs = readFileSync(out, 'utf8').trim().split('\n').length - 1;
}
console.log(`\nsweep grid: ${configs} configurations × one generated ${events}-event log, 2 workers, ${runs} runs`);
console.log(`  configs×events/s (the sweep's own)  median ${median(rates).toFixed(0)}   range ${range(rates, 0)}`);
console.log(`  seconds (wall clock, start-up in)    median ${median(walls).toFixed(1)}   range ${range(walls)}`);
