/**
 * What "facts lost" (src/inspect/quality) adds to a replay of a 10,000-event log. The baseline is the
 * replay as `replay --compact` does it (engine and compact trace text; no parsing, no output). Then the
 * same with the tracker fed each step's view delta (the compact writer's own: its `keep`, read from
 * the text it writes, and the items after it), the log's facts found beforehand, as they are once per
 * log whatever replays it; then with finding the facts counted too (one replay of a freshly read log).
 * Runs alternate between the three; median of 15 runs (after 3 warm-ups) with min and max, in CPU time
 * (the process's user + system time, steadier than the wall clock on a shared machine) and in wall-clock
 * time. JSON.parse of the log's text is given as a yardstick for finding the facts.
 *
 * The log is bench/generateLog.ts's, with more varied facts than it has (paths per module, failing
 * tests, error lines, multi-line commands: about 1.5 new facts per event, as real logs have), and the
 * LLM condensers' summaries name some of the files and commands seen so far, as real summaries do.
 *
 *   node --expose-gc scripts/run-bundled.mjs bench/quality.ts          (BENCH_QUALITY_EVENTS=100000 for a longer log)
 */
import {
  type CondenserConfig,
  type ReplayStep,
  type View,
  type ViewEntry,
  buildCondenser,
  parseCondenserConfig,
  prepareLog,
  replay,
  runSync,
  TraceJsonWriter,
  viewRange,
} from '../src/engine/index.ts';
import { readV0Event } from '../src/formats/v0Event.ts';
import { LogFacts, QualityTracker, type QualityViewItem, eventFactSet } from '../src/inspect/quality/index.ts';
import { type RawEvent, generateLog } from './generateLog.ts';

const EVENTS = Number(process.env.BENCH_QUALITY_EVENTS ?? 10_000);
const RUNS = 15;
const WARM_UPS = 3;

const CONFIGS: Record<string, unknown> = {
  noop: { type: 'noop' },
  'recent 40/2': { type: 'recent', max_events: 40, keep_first: 2 },
  'amortized 120/4': { type: 'amortized', max_size: 120, keep_first: 4 },
  'llm 120/4': { type: 'llm', max_size: 120, keep_first: 4 },
  'masking 20': { type: 'observation_masking', attention_window: 20 },
  'server default': {
    type: 'pipeline',
    condensers: [{ type: 'conversation_window' }, { type: 'browser_output_masking', attention_window: 2 }, { type: 'llm', keep_first: 4, max_size: 120 }],
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
      const command = next() < 0.1 ? `cat > ${module()} <<'EOF'\nimport os\nprint(os.getcwd())\nEOF` : `cd /workspace && python -m pytest -q ${module()} -k case${Math.floor(next() * 300)}`;
      return { ...event, args: { ...args, command } };
    }
    if ((event.action === 'read' || event.action === 'edit') && args) return { ...event, args: { ...args, path: module() } };
    if (event.observation === 'run') {
      const failing = next() < 0.3 ? `\nFAILED tests/test_${Math.floor(next() * 500)}.py::test_case - AssertionError: expected ${Math.floor(next() * 1000)}\nE   ValueError: bad value in ${module()}` : '';
      return { ...event, content: `${String(event.content)}\n  File "${module()}", line ${Math.floor(next() * 400)}${failing}` };
    }
    return event;
  });
}

const raw = withVariedFacts(generateLog(EVENTS));
const log = prepareLog(raw.map((event, i) => readV0Event(event, i, `events[${i}]`)));
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

/** One item object per event, made once: every event shows up in many steps. */
const eventItems: QualityViewItem[] = log.events.map((_, index) => ({ kind: 'event', index }));
const OTHER: QualityViewItem = { kind: 'other' };

function qualityItem(entry: ViewEntry): QualityViewItem {
  if (entry.kind === 'summary' || entry.kind === 'masked') return { kind: entry.kind, content: entry.content };
  return eventItems[entry.index] ?? OTHER;
}

/** The compact writer's step text says how many items of the previous view it keeps. */
function keepOf(stepJson: string): number {
  const at = stepJson.indexOf('"view_delta":{"keep":');
  return at < 0 ? -1 : Number.parseInt(stepJson.slice(at + 21, at + 33), 10);
}

interface Timing {
  /** CPU milliseconds (user + system) and wall-clock milliseconds of the whole run. */
  cpu: number;
  wall: number;
  missing: number;
}

type Variant = 'replay' | 'tracker' | 'facts and tracker';

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The log's facts, found once for the runs that do not count finding them. */
const sharedFacts = new LogFacts();
for (const event of raw) sharedFacts.addEvent(event);

function timeRun(config: CondenserConfig, variant: Variant): Timing {
  const condenser = buildCondenser(config);
  const writer = new TraceJsonWriter();
  let bytes = 0;
  const [cpuStart, wallStart] = [cpuNow(), performance.now()];
  let tracker: QualityTracker | null = null;
  if (variant === 'facts and tracker') {
    const facts = new LogFacts();
    for (const event of raw) facts.addEvent(event);
    tracker = new QualityTracker(facts);
  } else if (variant === 'tracker') tracker = new QualityTracker(sharedFacts);
  const onStep = (step: ReplayStep, view: View | null) => {
    const json = writer.stepDelta(step, view);
    bytes += json.length;
    if (!tracker || !view) return;
    const keep = keepOf(json);
    tracker.step(step.beforeEventIndex, { keep, add: viewRange(view, keep, view.length).map(qualityItem) });
  };
  runSync(replay({ log, mode: 'resimulate', condenser, onStep }), answers);
  const [cpu, wall] = [cpuNow() - cpuStart, performance.now() - wallStart];
  if (bytes === 0) throw new Error('the replay wrote nothing');
  return { cpu, wall, missing: tracker?.total().missing_used ?? 0 };
}

const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)}%`;

const text = JSON.stringify(raw);
const parses: number[] = [];
const findings: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let started = cpuNow();
  JSON.parse(text);
  parses.push(cpuNow() - started);
  started = cpuNow();
  const facts = new LogFacts();
  for (const event of raw) facts.addEvent(event);
  findings.push(cpuNow() - started);
}
console.log(`${EVENTS} events, ${(text.length / 1e6).toFixed(1)} MB, ${sharedFacts.factCount} distinct facts. CPU ms, median (min–max) of ${RUNS} runs:`);
console.log(`JSON.parse of the log ${spread(parses)}; finding its facts ${spread(findings)}`);
console.log('');
console.log('configuration    | CPU ms: replay    + tracker             + facts too           | wall ms: replay   + tracker          + facts too          | missing');
const VARIANTS: Variant[] = ['replay', 'tracker', 'facts and tracker'];
for (const [name, rawConfig] of Object.entries(CONFIGS)) {
  const config = parseCondenserConfig(rawConfig);
  for (let i = 0; i < WARM_UPS; i++) for (const variant of VARIANTS) timeRun(config, variant);
  const runs = new Map<Variant, Timing[]>(VARIANTS.map((variant) => [variant, []]));
  // Alternated, so drift on a shared machine falls on all alike.
  for (let i = 0; i < RUNS; i++) {
    for (const variant of VARIANTS) {
      collect();
      runs.get(variant)!.push(timeRun(config, variant));
    }
  }
  const column = (key: 'cpu' | 'wall') => {
    const [base, tracked, all] = VARIANTS.map((variant) => runs.get(variant)!.map((run) => run[key]));
    const overhead = (values: number[]) => percent(median(values) / median(base!));
    return [spread(base!).padStart(16), `${spread(tracked!)} ${overhead(tracked!)}`.padStart(20), `${spread(all!)} ${overhead(all!)}`.padStart(20)].join(' ');
  };
  console.log([name.padEnd(16), '|', column('cpu'), '|', column('wall'), '|', String(runs.get('tracker')![0]!.missing).padStart(7)].join(' '));
}
