/**
 * The command line as a user runs it: whole processes (start-up included), timed with /usr/bin/time
 * (wall clock, CPU time, peak resident memory), each run of the command beside a run of its floor
 * (bench/floor.mjs: read + decode + JSON.parse of the same file, in Node too), alternating so the
 * machine's load falls on both alike.
 * - start-up: `node dist/cli.js --help` against `npm run replay -- --help` and a bare `node -e 0`;
 * - replay of generated logs of about 10 MB and 100 MB (BENCH_SIZES in bytes, comma-separated; 1e9
 *   for a gigabyte), re-simulated under OpenHands' server default (its summaries from an LLM script)
 *   and as recorded, each writing a compact trace;
 * - sweep: configurations × events replayed per second with 1, 2 and 4 worker threads.
 * Run with `npm run bench`, or alone: `npx tsx bench/cli.ts` (BENCH_RUNS, default 5).
 */
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateLog } from './generateLog.ts';
import { eventsForBytes, logFile } from './logFiles.ts';
import { type Figure, pairedRatios, printFigures, spread } from './stats.ts';
import { type Run, bin, buildCli, root, sideBySide } from './wholeProcess.ts';
import { scratchDir } from './scratchDir.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const sizes = (process.env.BENCH_SIZES ?? '10e6,100e6').split(',').map(Number);
const dir = scratchDir('bench-cli-');

const SERVER_DEFAULT = {
  type: 'pipeline',
  condensers: [
    { type: 'conversation_window' },
    { type: 'browser_output_masking', attention_window: 2 },
    { type: 'llm', keep_first: 4, max_size: 120 },
  ],
};

const pick = (list: readonly Run[], key: keyof Run) => list.map((run) => run[key]);

function against(name: string, measured: Run[], floor: Run[], target: number | null, key: 'wallMs' | 'cpuMs'): Figure {
  return {
    name,
    unit: 's',
    measured: spread(pick(measured, key)),
    floor: { measured: spread(pick(floor, key)), ratios: pairedRatios(pick(measured, key), pick(floor, key)), target },
  };
}

buildCli();

// Start-up: what a command costs before it reads anything.
const [direct, npm, bare] = sideBySide(
  [
    [process.execPath, [bin, '--help']],
    ['npm', ['run', '--silent', 'replay', '--', '--help']],
    [process.execPath, ['-e', '0']],
  ],
  runs,
);
printFigures('command line start-up', [
  { ...against('node dist/cli.js --help', direct!, bare!, null, 'wallMs'), note: 'floor: node -e 0' },
  { ...against('npm run replay -- --help', npm!, bare!, null, 'wallMs'), note: 'floor: node -e 0' },
]);

const configPath = join(dir, 'server-default.json');
writeFileSync(configPath, JSON.stringify(SERVER_DEFAULT));
for (const target of sizes) {
  const events = eventsForBytes(target, { realistic: true });
  const { path, bytes } = logFile(events, { realistic: true });
  const fileMb = bytes / 1e6;
  // Enough summaries for every condensation the server default makes (one per ~60 events at most).
  const scriptPath = join(dir, `script-${events}.json`);
  writeFileSync(
    scriptPath,
    JSON.stringify(Array.from({ length: Math.ceil(events / 40) + 10 }, (_, i) => ({ content: `summary ${i}` }))),
  );
  const [floor, resimulated, recorded] = sideBySide(
    [
      [process.execPath, [join(root, 'bench', 'floor.mjs'), path]],
      [process.execPath, [bin, 'replay', path, '--config', configPath, '--llm-script', scriptPath, '--compact']],
      [process.execPath, [bin, 'replay', path, '--recorded', '--compact']],
    ],
    runs,
  );
  const label = `${fileMb.toFixed(0)} MB (${events.toLocaleString('en-US')} events)`;
  const memory = (name: string, list: Run[]): Figure => ({
    name,
    unit: 'MB',
    measured: spread(pick(list, 'rssMb')),
    // Below ~50 MB Node's own resident memory (node -e 0) is most of it: the target holds from 100 MB.
    ...(fileMb >= 50 ? { limit: { value: 3 * fileMb, of: 'median' as const } } : {}),
    note: `${(spread(pick(list, 'rssMb')).median / fileMb).toFixed(1)}x the file (target 3x); node -e 0: ${spread(pick(bare!, 'rssMb')).median.toFixed(0)} MB`,
  });
  printFigures(`replay, ${label}: whole processes; floor = node bench/floor.mjs (read + decode + JSON.parse)`, [
    against('server default, wall clock', resimulated!, floor!, 1.5, 'wallMs'),
    against('server default, CPU time', resimulated!, floor!, 1.5, 'cpuMs'),
    against('as recorded, wall clock', recorded!, floor!, 1.5, 'wallMs'),
    against('as recorded, CPU time', recorded!, floor!, 1.5, 'cpuMs'),
    memory('server default, peak RSS', resimulated!),
    memory('as recorded, peak RSS', recorded!),
    { name: 'floor, peak RSS', unit: 'MB', measured: spread(pick(floor!, 'rssMb')) },
  ]);
}

// Sweep: an eval output of generated instances, two configurations, 1, 2 and 4 worker threads.
const instances = Number(process.env.BENCH_SWEEP_INSTANCES ?? 200);
const input = join(dir, 'output.jsonl');
const file = createWriteStream(input);
let sweptEvents = 0;
for (let i = 0; i < instances; i++) {
  const history = generateLog(100 + ((i * 37) % 201), 1000 + i);
  sweptEvents += history.length;
  file.write(
    `${JSON.stringify({ instance_id: `bench__task-${i}`, instruction: 'Fix the failing tests.', metadata: { agent_class: 'CodeActAgent' }, history, test_result: { report: { resolved: i % 3 === 0 } } })}\n`,
  );
}
await new Promise((resolve) => file.end(resolve));
const windowConfig = join(dir, 'window.json');
writeFileSync(windowConfig, JSON.stringify({ type: 'amortized', max_size: 80, keep_first: 2 }));
const sweepArgs = (workers: number): readonly [string, readonly string[]] => [
  process.execPath,
  [
    bin,
    'sweep',
    input,
    '--config',
    'preset:v0-server-default',
    '--config',
    windowConfig,
    '--workers',
    String(workers),
    '--out',
    join(dir, `rows-${workers}.csv`),
  ],
];
const sweeps = sideBySide([sweepArgs(1), sweepArgs(2), sweepArgs(4)], runs);
const perSecond = (list: Run[]) => spread(list.map((run) => (2 * sweptEvents) / (run.wallMs / 1000)));
const rows = readFileSync(join(dir, 'rows-2.csv'), 'utf8').trim().split('\n').length - 1;
if (rows !== 2 * instances) throw new Error(`the sweep wrote ${rows} rows, not ${2 * instances}`);
printFigures(
  `sweep: ${instances} instances (${sweptEvents.toLocaleString('en-US')} events) × 2 configurations, configurations × events per second, whole process`,
  [1, 2, 4].map((workers, k) => ({
    name: `${workers} worker${workers > 1 ? 's' : ''}`,
    unit: '/s' as const,
    measured: perSecond(sweeps[k]!),
    note: k ? `${(perSecond(sweeps[k]!).median / perSecond(sweeps[0]!).median).toFixed(2)}x one worker` : '',
  })),
);
