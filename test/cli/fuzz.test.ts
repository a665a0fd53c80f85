/**
 * The replay command's contract under hostile input: random mutations of real logs (some inside
 * archives, damaged or with forged size fields), configurations and LLM scripts, with random options, run in-process (the same code `npm run replay` runs, without
 * a process per case). Every case must end with exit status 0 and a JSON trace, or exit status 2 and
 * exactly one line on stderr. Bounded in time (FUZZ_MS, default 20 s); the count is printed.
 * FUZZ_KEEP=<folder> keeps the inputs of cases that failed unexpectedly or took over 2 s, to replay them.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReplayCommand } from '../../src/cli/replayCommand.ts';
import { Random, prng } from '../engine/v0/fuzz/randomLog.ts';
import { gzipSync, zipSync } from 'fflate';
import { tarGz } from '../helpers/archives.ts';
import { scratchFiles } from '../helpers/cli.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';

const BUDGET_MS = Number(process.env.FUZZ_MS ?? 20_000);
const { dir, file } = scratchFiles('replay-fuzz-');

/** Real logs small enough to replay many times (single files; folders are exercised by main.test.ts). */
const LOG_SEEDS = [
  join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'),
  join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json'),
  join(REAL_LOGS, 'v1_sdk_goal-fixture_events_trimmed_10ev.jsonl'),
  join(REAL_LOGS, 'v1_benchmarks_openagentsafety_output.jsonl'),
  join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'),
].filter((path) => statSync(path).size < 1_000_000);
const CONFIG_SEEDS = [
  '{"type": "noop"}',
  '{"type": "llm", "max_size": 10, "keep_first": 2}',
  '{"type": "amortized", "max_size": 8, "keep_first": 1}',
  '{"type": "recent", "keep_first": 1, "max_events": 6}',
  '{"type": "observation_masking", "attention_window": 2}',
  '{"type": "pipeline", "condensers": [{"type": "conversation_window"}, {"type": "structured", "max_size": 12}]}',
  '[condenser]\ntype = "llm_attention"\nmax_size = 12\nkeep_first = 1\n',
  '{"kind": "LLMSummarizingCondenser", "max_size": 10, "keep_first": 2}',
  '{"kind": "NoOpCondenser"}',
];
const SCRIPT_SEED = JSON.stringify([
  { content: 'USER_CONTEXT: s1' },
  { tool_calls: [{ name: 'create_state_summary', arguments: '{"user_context": "u"}' }] },
  { content: '{"ids": [1, 2]}' },
]);
/** Names that are members of every JavaScript object: a lookup table keyed by event kind must not find them. */
const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'prototype',
  '__defineGetter__',
];
const KIND_KEYS = ['action', 'observation', 'kind', 'type', 'source', 'tool_name', 'role', 'function_name', 'name'];

const deep = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

/** Every object and array inside a JSON value, for picking a place to mutate. */
function containers(
  value: unknown,
  found: Array<Record<string, unknown> | unknown[]> = [],
  limit = 5000,
): Array<Record<string, unknown> | unknown[]> {
  const stack = [value];
  while (stack.length && found.length < limit) {
    const next = stack.pop();
    if (typeof next === 'object' && next !== null) {
      found.push(next as Record<string, unknown>);
      for (const child of Object.values(next)) stack.push(child);
    }
  }
  return found;
}

const DEEP_MARK = '"__DEEP_NESTING__"';

/** A structural mutation of a parsed JSON value (in place); returns a text to splice in for the deep-nesting marker, if any. */
function mutateValue(random: Random, root: unknown): string | null {
  const places = containers(root);
  if (places.length === 0) return null;
  const place = random.pick(places);
  const keys: ReadonlyArray<string | number> = Array.isArray(place) ? place.map((_, i) => i) : Object.keys(place);
  const key = keys.length ? random.pick(keys) : Array.isArray(place) ? 0 : random.pick(KIND_KEYS);
  const set = (value: unknown) => ((place as Record<string | number, unknown>)[key as string | number] = value);
  switch (random.int(0, 9)) {
    case 0: {
      const named = Array.isArray(place)
        ? null
        : (KIND_KEYS.find((candidate) => candidate in place) ?? random.pick(KIND_KEYS));
      if (named !== null) (place as Record<string, unknown>)[named] = random.pick(PROTOTYPE_NAMES);
      else set(random.pick(PROTOTYPE_NAMES));
      return null;
    }
    case 1:
      set('__DEEP_NESTING__');
      return random.chance(0.5)
        ? deep(random.pick([1000, 10_000, 100_000]))
        : `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    case 2:
      set('x'.repeat(200_000));
      return null;
    case 3:
      set(random.pick([null, -1, 1.5, 2 ** 53, '', [], {}, true, 'null', '1e999', '\u2028\u0000']));
      return null;
    case 4:
      if (!Array.isArray(place)) delete place[key as string];
      else place.splice(key as number, 1);
      return null;
    case 5:
      if (Array.isArray(place) && place.length) place.push(structuredClone(random.pick(place)));
      else set(structuredClone(place));
      return null;
    case 6:
      if (!Array.isArray(place)) place[random.pick(PROTOTYPE_NAMES)] = random.pick([1, 'x', {}, null]);
      return null;
    case 7:
      set(random.pick(['\u{1F600}'.repeat(50), 'é\r\n\t"\\', '\uD800', '<script>alert(1)</script>']));
      return null;
    case 8:
      if (Array.isArray(place)) place.reverse();
      return null;
    default:
      set(random.int(-5, 500));
      return null;
  }
}

/** A byte-level mutation of a text (truncation, garbage, control characters, encodings). */
function mutateBytes(random: Random, text: string): Buffer {
  switch (random.int(0, 6)) {
    case 0:
      return Buffer.from(text.slice(0, random.int(0, text.length)));
    case 1: {
      const at = random.int(0, text.length);
      return Buffer.from(
        `${text.slice(0, at)}${random.pick(['\n x\n', '}', ']]]', '\u0000', '"', ',,', '\\'])}${text.slice(at)}`,
      );
    }
    case 2:
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    case 3:
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 4: {
      const bytes = Buffer.from(text);
      for (let k = random.int(1, 8); k > 0 && bytes.length; k--)
        bytes[random.int(0, bytes.length - 1)] = random.int(0, 255);
      return bytes;
    }
    case 5:
      return Buffer.from(text.replace(/\n/g, '\r\n'));
    default:
      return Buffer.from(text);
  }
}

/** The log in an archive, as users bring them (gzip, zip, tar.gz), sometimes damaged or with a forged size field. */
async function inArchive(random: Random, name: string, bytes: Buffer): Promise<Buffer> {
  const kind = random.pick(['gzip', 'zip', 'tar.gz'] as const);
  let archive = Buffer.from(
    kind === 'gzip' ? gzipSync(bytes) : kind === 'zip' ? zipSync({ [name]: bytes }) : await tarGz({ [name]: bytes }),
  );
  switch (random.int(0, 5)) {
    case 0:
      return archive.subarray(0, random.int(0, archive.length));
    case 1:
      for (let k = random.int(1, 6); k > 0; k--) archive[random.int(0, archive.length - 1)] = random.int(0, 255);
      return archive;
    case 2:
      archive = Buffer.from(archive);
      archive.writeUInt32LE(random.pick([0, 1, 2 ** 32 - 1, random.int(0, 2 ** 31)]), archive.length - 4);
      return archive;
    default:
      return archive;
  }
}

/** A mutated copy of a JSON or JSONL text. */
function mutateText(random: Random, text: string): Buffer {
  if (random.chance(0.35)) return mutateBytes(random, text);
  const lines =
    text.trim().startsWith('{') && text.trim().includes('\n{')
      ? text.split('\n').filter((line) => line.trim())
      : [text];
  const index = random.int(0, lines.length - 1);
  let value: unknown;
  try {
    value = JSON.parse(lines[index]!);
  } catch {
    return mutateBytes(random, text);
  }
  let splice: string | null = null;
  for (let k = random.int(1, 3); k > 0; k--) splice = mutateValue(random, value) ?? splice;
  let json = JSON.stringify(value);
  if (splice !== null) json = json.replace(DEEP_MARK, splice);
  lines[index] = json;
  return random.chance(0.15) ? mutateBytes(random, lines.join('\n')) : Buffer.from(lines.join('\n'));
}

function randomArgs(random: Random, log: string, config: string | null, script: string | null): string[] {
  const args = [log];
  if (config !== null) args.push('--config', config);
  if (script !== null) args.push('--llm-script', script);
  const optional: Array<() => string[]> = [
    () => ['--tokens'],
    () => ['--recorded'],
    () => ['--pretty'],
    () => ['--messages', random.pick(['anthropic', 'openai', 'constructor'])],
    () => ['--usage', random.pick(['anthropic', 'openai', '__proto__'])],
    () => ['--instance', random.pick(['1', '2', 'toString', 'x'.repeat(200_000)])],
    () => ['--sdk-rules', random.pick(['1.43.1', '2025-09', 'hasOwnProperty'])],
    () => ['--templates', dir],
    () => [random.pick(['--bogus', '--config', '--constructor'])],
  ];
  for (const option of optional) if (random.chance(0.15)) args.push(...option());
  return args;
}

interface Outcome {
  readonly status: 0 | 2;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(args: readonly string[]): Promise<Outcome> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runReplayCommand(args, { stdout: (text) => out.push(text), stderr: (text) => err.push(text) });
  return { status, stdout: out.join(''), stderr: err.join('') };
}

/** The contract: exit 0 with a JSON trace (notes on stderr allowed), or exit 2 with exactly one short line. */
function contractBroken(outcome: Outcome): string | null {
  if (outcome.status === 2) {
    const lines = outcome.stderr.split('\n');
    if (lines.length !== 2 || lines[1] !== '') return `exit 2 with ${lines.length - 1} lines on stderr`;
    if (!lines[0]!.startsWith('replay: ')) return 'exit 2 without the "replay: " line';
    if (lines[0]!.length > 520) return `exit 2 with a ${lines[0]!.length}-character line`;
    return null;
  }
  try {
    const trace = JSON.parse(outcome.stdout) as { steps?: unknown };
    if (!Array.isArray(trace.steps)) return 'exit 0 without a trace';
  } catch {
    return 'exit 0 with stdout that is not JSON';
  }
  return outcome.stderr.split('\n').every((line) => line === '' || line.startsWith('replay: '))
    ? null
    : 'exit 0 with stderr lines that are not notes';
}

describe('replay command under random mutations of real logs and configurations', () => {
  it(
    `keeps its contract: exit 0 with a trace, or exit 2 with one line (${BUDGET_MS / 1000} s of cases)`,
    { timeout: BUDGET_MS + 60_000 },
    async () => {
      const logs = LOG_SEEDS.map((path) => ({
        name: path.slice(path.lastIndexOf('/') + 1),
        text: readFileSync(path, 'utf8'),
      }));
      const random = new Random(prng(20_261_101));
      const started = performance.now();
      const broken: string[] = [];
      const unexpected = new Map<string, number>();
      const counts = { cases: 0, exit0: 0, exit2: 0 };
      let slowest = { ms: 0, what: '' };
      while (performance.now() - started < BUDGET_MS) {
        const n = counts.cases++;
        const seed = random.pick(logs);
        // Mostly one input mutated at a time, so the others stay valid and the mutation is reached.
        const target = random.pick(['log', 'log', 'log', 'config', 'script', 'args']);
        const logPath = join(dir, `${n % 4}-${seed.name}`);
        const logBytes = target === 'log' ? mutateText(random, seed.text) : Buffer.from(seed.text);
        writeFileSync(logPath, random.chance(0.2) ? await inArchive(random, seed.name, logBytes) : logBytes);
        const configSeed = random.pick(CONFIG_SEEDS);
        const configPath = file(`${n % 4}-config.${configSeed.startsWith('[') ? 'toml' : 'json'}`, '');
        writeFileSync(
          configPath,
          target === 'config'
            ? configSeed.startsWith('[')
              ? mutateBytes(random, configSeed)
              : mutateText(random, configSeed)
            : configSeed,
        );
        const scriptPath = target === 'script' || random.chance(0.2) ? file(`${n % 4}-script.json`, '') : null;
        if (scriptPath) writeFileSync(scriptPath, target === 'script' ? mutateText(random, SCRIPT_SEED) : SCRIPT_SEED);
        const args = randomArgs(random, logPath, random.chance(0.9) ? configPath : null, scriptPath);
        const caseStarted = performance.now();
        const outcome = await run(args);
        const caseMs = performance.now() - caseStarted;
        slowest = caseMs > slowest.ms ? { ms: caseMs, what: `case ${n} (${target} of ${seed.name})` } : slowest;
        if (caseMs > 2000 && process.env.FUZZ_KEEP)
          for (const path of args.filter((arg) => arg.startsWith(dir)))
            writeFileSync(`${process.env.FUZZ_KEEP}/slow-${n}-${path.slice(dir.length + 1)}`, readFileSync(path));
        if (caseMs > 2000 && process.env.FUZZ_KEEP)
          writeFileSync(`${process.env.FUZZ_KEEP}/slow-${n}-args.json`, JSON.stringify(args));
        if (outcome.status === 0) counts.exit0++;
        else counts.exit2++;
        const problem = contractBroken(outcome);
        if (problem && broken.length < 10)
          broken.push(
            `case ${n} (${target} of ${seed.name}, ${args.slice(1).join(' ').slice(0, 120)}): ${problem}: ${outcome.stderr.slice(0, 300)}`,
          );
        const surprise = /^replay: unexpected failure: (.{0,80})/.exec(outcome.stderr)?.[1];
        if (surprise) unexpected.set(surprise, (unexpected.get(surprise) ?? 0) + 1);
        if (surprise && process.env.FUZZ_KEEP)
          for (const path of args.filter((arg) => arg.startsWith(dir)))
            writeFileSync(`${process.env.FUZZ_KEEP}/${n}-${path.slice(dir.length + 1)}`, readFileSync(path));
        if (surprise && process.env.FUZZ_KEEP)
          writeFileSync(`${process.env.FUZZ_KEEP}/${n}-args.json`, JSON.stringify(args));
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `CLI fuzz: ${counts.cases} cases in ${seconds} s (${counts.exit0} exit 0, ${counts.exit2} exit 2); slowest ${slowest.ms.toFixed(0)} ms: ${slowest.what}`,
      );
      expect(broken).toEqual([]);
      // Failures the command did not foresee are within the contract, but each is a missing explanation.
      expect([...unexpected.entries()]).toEqual([]);
      expect(counts.cases).toBeGreaterThan(50);
      expect(counts.exit0).toBeGreaterThan(0);
      expect(counts.exit2).toBeGreaterThan(0);
      expect(readdirSync(dir).length).toBeGreaterThan(0);
    },
  );
});
