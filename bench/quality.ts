/**
 * What "facts lost" (src/inspect/quality) adds to a replay of a 10,000-event log.
 *
 * Per configuration: the replay as `replay --compact` does it (engine and compact trace text; no
 * parsing, no output), against the same with `--quality` (the tracker fed each step's view delta as the
 * compact writer finds it). The log's facts are found once, on the first replay with the tracker.
 * Each variant is measured in processes of its own (as a `replay` command runs), taking turns, 7 per
 * variant (BENCH_RUNS). A process times samples of replays in a row, each at least 300 ms long, after
 * warm-ups, and gives their median per replay, in CPU time (user + system) and wall-clock time; the
 * figure is the median over the processes, with min and max.
 * Why so: replays of 10,000 events here fill the young generation every few replays, and a collection
 * costs 15-20 ms of CPU (35-60 ms before views became classes), as much as a short replay, so single
 * replays fall in two groups, with and without one, and their median jumped between the groups from
 * process to process (a variant read +40% in one run and -10% in the next); a sample of several
 * replays carries its share of collections, as a user's run does. The same replay still moves by
 * 20-40% from one process to the next, hence the processes, and their number: a slow process is slow
 * throughout (this bench's own summary maker too, up to twice as slow), on either core, and as much
 * with --predictable (no concurrent compiling or collecting), so not the JIT's luck but the machine's.
 * Tried and left: both variants in one process (whichever ran second paid for the other), and in two
 * worker threads of one process asked in turn (the figures depended on the pairing: under the server
 * default the replay alone came out 13-21% slower than the replay with the tracker, in each of 5
 * processes). The young generation is fixed in size (the flags below): left to grow and shrink, V8
 * ran one process 1.5x slower than the next.
 * Finding the facts is done once per log, whatever replays it (a sweep of fifty configurations finds
 * them once): it is timed apart, beside JSON.parse of the log's text, which any replay pays first.
 *
 * The log is bench/generateLog.ts's, with more varied facts than it has (paths per module, failing
 * tests, error lines, multi-line commands: about half a new fact per event), and the LLM condensers'
 * summaries name some of the files and commands seen so far, as real summaries do.
 *
 *   node --max-semi-space-size=64 --min-semi-space-size=64 scripts/run-bundled.mjs bench/quality.ts
 *   (BENCH_QUALITY_EVENTS=100000: a longer log; BENCH_QUALITY_ONLY=replay or command: one of the two tables)
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSync } from '../src/engine/index.ts';
import { type CondenserConfig, parseCondenserConfig } from '../src/engine/v0/index.ts';
import { readLog } from '../src/formats/index.ts';
import { type InspectedLog, type TraceOptions, openLog } from '../src/inspect/index.ts';
import { LogFacts, eventFactSet } from '../src/inspect/quality/index.ts';
import { type RawEvent, generateLog } from './generateLog.ts';
import { machineLoad, spread } from './stats.ts';
import { type Run, bin, buildCli, sideBySide } from './wholeProcess.ts';
import { scratchDir } from './scratchDir.ts';

const EVENTS = Number(process.env.BENCH_QUALITY_EVENTS ?? 10_000);
/** Processes per variant and configuration; timed samples per process. */
const PROCESSES = Number(process.env.BENCH_RUNS ?? 7);
const SAMPLES = 7;
const WARM_UPS = 2;
/** How long a timed sample runs at least (whole replays): long enough to hold several young-generation collections. */
const SAMPLE_MS = 300;
/** Timings of JSON.parse and of finding the facts, once per log. */
const ONCE_SAMPLES = 15;

const CONFIGS: Record<string, unknown> = {
  noop: { type: 'noop' },
  'recent 40/2': { type: 'recent', max_events: 40, keep_first: 2 },
  'amortized 120/4': { type: 'amortized', max_size: 120, keep_first: 4 },
  'llm 120/4': { type: 'llm', max_size: 120, keep_first: 4 },
  'masking 20': { type: 'observation_masking', attention_window: 20 },
  'server default': {
    type: 'pipeline',
    condensers: [
      { type: 'conversation_window' },
      { type: 'browser_output_masking', attention_window: 2 },
      { type: 'llm', keep_first: 4, max_size: 120 },
    ],
  },
};

/** Deterministic variety: the generated log names only a few files and commands. */
function withVariedFacts(events: RawEvent[]): RawEvent[] {
  let seed = 11;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const module = () => `/workspace/src/pkg${Math.floor(next() * 60)}/mod${Math.floor(next() * 40)}.py`;
  return events.map((event) => {
    const args = event.args as Record<string, unknown> | undefined;
    if (event.action === 'run' && args) {
      const command =
        next() < 0.1
          ? `cat > ${module()} <<'EOF'\nimport os\nprint(os.getcwd())\nEOF`
          : `cd /workspace && python -m pytest -q ${module()} -k case${Math.floor(next() * 300)}`;
      return { ...event, args: { ...args, command } };
    }
    if ((event.action === 'read' || event.action === 'edit') && args)
      return { ...event, args: { ...args, path: module() } };
    if (event.observation === 'run') {
      const failing =
        next() < 0.3
          ? `\nFAILED tests/test_${Math.floor(next() * 500)}.py::test_case - AssertionError: expected ${Math.floor(next() * 1000)}\nE   ValueError: bad value in ${module()}`
          : '';
      return {
        ...event,
        content: `${String(event.content)}\n  File "${module()}", line ${Math.floor(next() * 400)}${failing}`,
      };
    }
    return event;
  });
}

const raw = withVariedFacts(generateLog(EVENTS));
/** Opened only where replays are timed (the measuring processes), not by the one that starts them. */
let opened: InspectedLog | null = null;
const inspected = () =>
  (opened ??= openLog(readLog({ kind: 'file', file: { path: 'bench.json', text: JSON.stringify(raw) } })));
const factValues = raw.map((event) => [...eventFactSet(event)].map((fact) => fact.slice(fact.indexOf(':') + 1)));

/** A summary of about 1.5 kB that names a dozen files and commands seen before the call's events. */
function summaryFor(call: number): string {
  const seenUpTo = Math.min(raw.length, (call + 1) * 120);
  const named: string[] = [];
  for (let k = 0; named.length < 12 && k < 200; k++) {
    const values = factValues[(call * 7919 + k * 104_729) % seenUpTo]!;
    if (values.length > 0) named.push(values[k % values.length]!);
  }
  return `USER_CONTEXT: fix the failing tests\nCOMPLETED: ${'inspected the modules and ran the tests; '.repeat(20)}\nFILES AND COMMANDS:\n${named.map((value) => `- ${value}`).join('\n')}\nPENDING: rerun the suite`;
}
const answers = (_request: unknown, call: number) => ({ content: summaryFor(call) });

interface Timing {
  /** CPU milliseconds (user + system) and wall-clock milliseconds of the whole run. */
  cpu: number;
  wall: number;
  missing: number;
}

type Variant = 'replay' | 'tracker';

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function timeRun(config: CondenserConfig, variant: Variant, batch: number): Timing {
  const options: TraceOptions = {
    compact: true,
    viewTokens: false,
    messages: null,
    usage: null,
    textTokens: null,
    quality: variant === 'tracker',
  };
  const request = { config, mode: 'resimulate', answers: {}, onMissing: 'stop' } as const;
  let bytes = 0;
  let tail = '';
  const [cpuStart, wallStart] = [cpuNow(), performance.now()];
  for (let k = 0; k < batch; k++) {
    const prepared = inspected().trace(request, null, options, (text) => {
      bytes += text.length;
      tail = text;
    });
    if ('configError' in prepared) throw new Error(prepared.configError);
    runSync(prepared.work, answers);
  }
  const [cpu, wall] = [(cpuNow() - cpuStart) / batch, (performance.now() - wallStart) / batch];
  if (bytes === 0) throw new Error('the replay wrote nothing');
  const missing =
    variant === 'tracker'
      ? (JSON.parse(`{${tail.slice(tail.indexOf('"quality"'), -2)}}`) as { quality: { missing_used: number } }).quality
          .missing_used
      : 0;
  return { cpu, wall, missing };
}

const median = (values: readonly number[]) => spread(values).median;
const shown = (values: readonly number[]) => {
  const { median, min, max } = spread(values);
  return `${median.toFixed(0)} (${min.toFixed(0)}–${max.toFixed(0)})`;
};
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)}%`;
/** Both sides' medians (min–max), and the overhead of the second over the first. */
const overheadColumns = (base: readonly number[], added: readonly number[]) =>
  [shown(base).padStart(18), shown(added).padStart(18), percent(median(added) / median(base)).padStart(9)].join(' ');

/** One process's measure of one variant: the medians of its samples. */
function measureInThisProcess(name: string, variant: Variant): Timing {
  const config = parseCondenserConfig(CONFIGS[name]);
  // The first replay compiles the code (and finds the log's facts): the second tells how long one takes.
  const cold = timeRun(config, variant, 1);
  const first = timeRun(config, variant, 1);
  const batch = Math.max(1, Math.ceil(SAMPLE_MS / first.wall));
  for (let i = 0; i < WARM_UPS; i++) timeRun(config, variant, batch);
  const timings = Array.from({ length: SAMPLES }, () => timeRun(config, variant, batch));
  return {
    cpu: median(timings.map((run) => run.cpu)),
    wall: median(timings.map((run) => run.wall)),
    missing: cold.missing,
  };
}

/** The same measure in a fresh process: each variant gets its own JIT and heap, as a `replay` command does. */
function measureInProcess(name: string, variant: Variant): Timing {
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, BENCH_QUALITY_CHILD: JSON.stringify({ name, variant }) },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const last = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !last.startsWith('{')) throw new Error(`the measuring process failed: ${child.stderr}`);
  return JSON.parse(last) as Timing;
}

const childTask = process.env.BENCH_QUALITY_CHILD;
if (childTask) {
  const { name, variant } = JSON.parse(childTask) as { name: string; variant: Variant };
  console.log(JSON.stringify(measureInThisProcess(name, variant)));
} else {
  const text = JSON.stringify(raw);
  const parses: number[] = [];
  const findings: number[] = [];
  for (let i = 0; i < ONCE_SAMPLES; i++) {
    let started = cpuNow();
    JSON.parse(text);
    parses.push(cpuNow() - started);
    started = cpuNow();
    const facts = new LogFacts();
    for (const event of raw) facts.addEvent(event);
    findings.push(cpuNow() - started);
  }
  console.log(
    `--quality: ${EVENTS} events, ${(text.length / 1e6).toFixed(1)} MB; per replay the median (min–max) over ${PROCESSES} processes per variant, each the median of ${SAMPLES} samples of replays in a row (${SAMPLE_MS} ms or more each); target: overhead <= +20%; ${machineLoad()}`,
  );
  console.log(`once per log, CPU ms: JSON.parse of the log ${shown(parses)}; finding its facts ${shown(findings)}`);
  console.log('');
  console.log(
    'per replay       | CPU ms: replay      + tracker          overhead | wall ms: replay     + tracker          overhead | missing facts',
  );
  for (const name of process.env.BENCH_QUALITY_ONLY === 'command' ? [] : Object.keys(CONFIGS)) {
    const plain: Timing[] = [];
    const tracked: Timing[] = [];
    // Taking turns, so drift on a shared machine falls on both alike.
    for (let i = 0; i < PROCESSES; i++) {
      plain.push(measureInProcess(name, 'replay'));
      tracked.push(measureInProcess(name, 'tracker'));
    }
    const column = (key: 'cpu' | 'wall') =>
      overheadColumns(
        plain.map((run) => run[key]),
        tracked.map((run) => run[key]),
      );
    console.log(
      [name.padEnd(16), '|', column('cpu'), '|', column('wall'), '|', String(tracked[0]!.missing).padStart(13)].join(
        ' ',
      ),
    );
  }
  if (process.env.BENCH_QUALITY_ONLY !== 'replay') wholeCommands(text);
}

/**
 * The command as a user runs it (whole processes, start-up, reading and parsing the log, finding its
 * facts and writing the trace included): `node dist/cli.js replay LOG --config C --compact`, with and
 * without --quality, taking turns.
 */
function wholeCommands(text: string): void {
  buildCli();
  const dir = scratchDir('bench-quality-');
  const logPath = join(dir, 'log.json');
  writeFileSync(logPath, text);
  // More answers than any configuration here asks for (llm 120/4: one call per ~60 events).
  const scriptPath = join(dir, 'answers.json');
  writeFileSync(
    scriptPath,
    JSON.stringify(
      Array.from({ length: Math.ceil(EVENTS / 10) }, (_, k) => summaryFor(k)).map((content) => ({ content })),
    ),
  );
  console.log('');
  console.log(`the whole command, ${PROCESSES} processes each (start-up, parse, facts found, trace written):`);
  console.log(
    'command          | CPU ms: replay      + --quality        overhead | wall ms: replay     + --quality        overhead',
  );
  for (const [name, config] of Object.entries(CONFIGS)) {
    const configPath = join(dir, `${name.replace(/\W+/g, '-')}.json`);
    writeFileSync(configPath, JSON.stringify(config));
    const args = [bin, 'replay', logPath, '--config', configPath, '--llm-script', scriptPath, '--compact'];
    const [plain, tracked] = sideBySide(
      [
        [process.execPath, args],
        [process.execPath, [...args, '--quality']],
      ],
      PROCESSES,
    ) as [Run[], Run[]];
    const column = (key: 'cpuMs' | 'wallMs') =>
      overheadColumns(
        plain.map((run) => run[key]),
        tracked.map((run) => run[key]),
      );
    console.log([name.padEnd(16), '|', column('cpuMs'), '|', column('wallMs')].join(' '));
  }
}
