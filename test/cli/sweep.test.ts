import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSweepResult } from '../../src/formats/index.ts';
import { uiDownloadZip } from '../helpers/archives.ts';
import { REAL_LOGS } from '../helpers/logs.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'sweep-cli-'));
const MULTI_SWE_BENCH = join(REAL_LOGS, 'v0_openhands_multi-swe-bench_example_output.jsonl');

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function sweep(...args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'run-bundled.mjs'), 'src/cli/sweep.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const llm40 = file('llm40.json', JSON.stringify({ type: 'llm', max_size: 40, keep_first: 4 }));
const masking = file('masking.toml', '[condenser]\ntype = "observation_masking"\nattention_window = 20\n');

const LOG_185 = join(ROOT, 'test', 'fixtures', 'conformance', 'logs', 'real-oh-utils-185-3cond.json');
// An Agent SDK conversation of September 2025: replayed under the 2025-09 rules.
const SDK_LOG = join(REAL_LOGS, 'v1_benchmarks_conversation_47be6561_78ev_0cond');

// Each test starts the sweep as a process (a bundle, then worker threads): seconds on a loaded machine.
describe('npm run sweep', { timeout: 60_000 }, () => {
  it("spans a grid, gives each configuration the quality figure's total, and priced input tokens", () => {
    const { status, stdout, stderr } = sweep(
      LOG_185,
      '--config',
      'recorded',
      '--grid',
      'type=recent,noop max_events=40 keep_first=2',
      '--grid',
      'type=llm max_size=10,20 keep_first=2,5',
      '--model',
      'claude-sonnet-4-20250514',
      '--format',
      'json',
    );
    expect(status).toBe(0);
    // max_size 10 with keep_first 5 is refused by OpenHands (keep_first >= max_size // 2): left out and told.
    expect(stderr).toMatch(
      /^sweep: --grid left out 1 combination OpenHands refuses \(type=llm max_size=10 keep_first=5: keep_first: must be less than half/,
    );
    const result = parseSweepResult(stdout);
    expect(result.rows.map((row) => [row.config, row.missing_facts])).toEqual([
      // spec/quality.md's public figures: 2 as recorded, 6 under recent 40/2, none without condensation.
      ['recorded', 2],
      ['type=recent max_events=40 keep_first=2', 6],
      ['type=noop', 0],
      ['type=llm max_size=10 keep_first=2', expect.any(Number)],
      ['type=llm max_size=20 keep_first=2', expect.any(Number)],
      ['type=llm max_size=20 keep_first=5', expect.any(Number)],
    ]);
    expect(result.configs.find((config) => config.name === 'type=llm max_size=20 keep_first=5')?.config).toEqual({
      type: 'llm',
      max_size: 20,
      keep_first: 5,
    });
    for (const row of result.rows) {
      expect(row.error).toBeNull();
      expect(row.estimated_cost_usd).toBeGreaterThan(0);
      expect(row.peak_input_tokens).toBeGreaterThan(row.mean_input_tokens!);
      // The mean is over the steps the usage model estimated: all of them here.
      expect(row.mean_input_tokens).toBe(Math.round(row.agent_prompt_tokens! / row.steps!));
    }
    const [noop, small] = [result.rows[2]!, result.rows[3]!];
    expect(small.peak_input_tokens).toBeLessThan(noop.peak_input_tokens!);
    expect(small.condensations).toBeGreaterThan(0);
  });

  it('says a missing input in one line, with nothing on standard output', () => {
    const missing = join(dir, 'nope');
    const { status, stdout, stderr } = sweep(missing, '--config', llm40);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`sweep: ${missing}: no such file or folder\n`);
    // Also after a grid that left combinations out: the missing input is still the only line.
    const partly = sweep(missing, '--grid', 'type=llm max_size=10,80 keep_first=5');
    expect(partly.status).toBe(2);
    expect(partly.stderr).toBe(`sweep: ${missing}: no such file or folder\n`);
  });

  it('refuses grids in one line and before building them all: none valid, or too many together', () => {
    const none = sweep(MULTI_SWE_BENCH, '--grid', 'type=llm max_size=10 keep_first=5,6');
    expect(none.status).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(
      /^sweep: the grid leaves no configuration to sweep; --grid left out 2 combinations OpenHands refuses \(.*\)\n$/,
    );
    const grid = 'type=llm max_size=1000:6999:1 keep_first=1';
    const many = sweep(MULTI_SWE_BENCH, '--grid', grid, '--grid', grid, '--grid', grid);
    expect(many.status).toBe(2);
    expect(many.stderr).toBe('sweep: more than the 10000 configurations a sweep takes\n');
    // As many configurations given one by one.
    const listed = Array.from({ length: 10_001 }, () => ['--config', 'preset:v0-server-default']).flat();
    const byOne = sweep(MULTI_SWE_BENCH, ...listed);
    expect(byOne.status).toBe(2);
    expect(byOne.stderr).toBe('sweep: more than the 10000 configurations a sweep takes\n');
  }, 60_000);

  it('replays the three-instance multi-swe-bench sample under two configurations: 6 rows, in instance order', () => {
    const { status, stdout, stderr } = sweep(MULTI_SWE_BENCH, '--config', llm40, '--config', masking);
    expect(status).toBe(0);
    expect(stderr).toMatch(
      /sweep: 6\/6 replays \(3 instances × 2 configurations\) in [\d.]+ s · [\d.]+ replays\/s · [\d,]+ configs×events\/s · 0 errors\n$/,
    );
    const result = parseSweepResult(stdout, 'stdout');
    expect(result.rows.map((row) => [row.instance, row.config])).toEqual([
      ['ponylang__ponyc-4595', 'llm40.json'],
      ['ponylang__ponyc-4595', 'masking.toml'],
      ['ponylang__ponyc-4593', 'llm40.json'],
      ['ponylang__ponyc-4593', 'masking.toml'],
      ['ponylang__ponyc-4588', 'llm40.json'],
      ['ponylang__ponyc-4588', 'masking.toml'],
    ]);
    for (const row of result.rows) {
      expect(row.error).toBeNull();
      expect(row.steps).toBeGreaterThan(0);
      expect(row.peak_view_tokens).toBeGreaterThan(0);
      expect(row.agent_prompt_tokens).toBeGreaterThan(row.peak_view_tokens!);
      expect(row.model).toBe('meta-llama/llama-4-maverick');
      expect(row.estimated_cost_usd).toBeGreaterThan(0);
    }
    const summarizing = result.rows.filter((row) => row.config === 'llm40.json');
    // Every summary is a placeholder (no endpoint is asked); max_size 40 caps the view.
    expect(
      summarizing.every(
        (row) =>
          row.condensations! > 0 && row.placeholder_summaries === row.condensations && row.peak_view_events! <= 40,
      ),
    ).toBe(true);
    expect(
      result.rows
        .filter((row) => row.config === 'masking.toml')
        .every((row) => row.condensations === 0 && row.condenser_prompt_tokens === 0),
    ).toBe(true);
    expect(result.configs.map((config) => config.config)).toEqual([
      { type: 'llm', keep_first: 4, max_size: 40, max_event_length: 10000 },
      { type: 'observation_masking', attention_window: 20 },
    ]);
  });

  it('gives the same rows with one worker or two, and writes JSON with presets and the recorded run', () => {
    const one = sweep(
      MULTI_SWE_BENCH,
      '--config',
      'preset:v0-server-default',
      '--config',
      'recorded',
      '--workers',
      '1',
      '--format',
      'json',
    );
    const out = join(dir, 'two.json');
    const two = sweep(MULTI_SWE_BENCH, '--config', 'preset:v0-server-default', '--config', 'recorded', '--out', out);
    expect(two.stdout).toBe('');
    const fromFile = parseSweepResult(readFileSync(out, 'utf8'));
    expect(parseSweepResult(one.stdout).rows).toEqual(fromFile.rows);
    expect(fromFile.rows.map((row) => row.config)).toEqual([
      'preset:v0-server-default',
      'recorded',
      'preset:v0-server-default',
      'recorded',
      'preset:v0-server-default',
      'recorded',
    ]);
    // 120 events is more than any of these runs: the server default never condenses them.
    expect(fromFile.rows.every((row) => row.condensations === 0)).toBe(true);
  });

  it('sweeps a folder of logs of both engines, with a row naming each configuration that does not apply', () => {
    const logs = join(dir, 'logs');
    cpSync(join(REAL_LOGS, 'v1_benchmarks_conversation_7a4bfe2d_203ev_3cond'), join(logs, 'bench-conversation'), {
      recursive: true,
    });
    cpSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), join(logs, 'basic.json'));
    writeFileSync(
      join(logs, 'download.zip'),
      uiDownloadZip('v1_sdk_pr-restore-probe_conversation_11ev', { title: 'probe' }),
    );
    writeFileSync(join(logs, 'broken.json'), '[{"id": 0, "action": ');
    const { status, stdout } = sweep(logs, '--config', llm40, '--config', 'preset:sdk-default-condenser');
    expect(status).toBe(0);
    const rows = parseSweepResult(stdout).rows.map((row) => [
      row.source,
      row.config,
      row.error === null ? row.condensations : row.error,
    ]);
    expect(rows).toEqual([
      ['basic.json', 'llm40.json', 0],
      [
        'basic.json',
        'preset:sdk-default-condenser',
        'the preset sdk-default-condenser is for an Agent SDK log; this is an OpenHands V0 log',
      ],
      ['bench-conversation', 'llm40.json', 'llm40.json is a V0 configuration ("type"); this is an Agent SDK log'],
      ['bench-conversation', 'preset:sdk-default-condenser', 3],
      ['broken.json', 'llm40.json', 'broken.json: the JSON ends before it is complete (is the file truncated?)'],
      [
        'broken.json',
        'preset:sdk-default-condenser',
        'broken.json: the JSON ends before it is complete (is the file truncated?)',
      ],
      ['download.zip', 'llm40.json', 'llm40.json is a V0 configuration ("type"); this is an Agent SDK log'],
      ['download.zip', 'preset:sdk-default-condenser', 0],
    ]);
  });

  it('refuses an SDK configuration every SDK refuses in one line, before writing; one only some refuse gets rows', () => {
    const out = join(dir, 'refused.csv');
    const zero = file('zero.json', JSON.stringify({ kind: 'LLMSummarizingCondenser', max_size: 0 }));
    expect(sweep(SDK_LOG, '--config', zero, '--out', out)).toEqual({
      status: 2,
      stdout: '',
      stderr: `sweep: ${zero}: invalid SDK condenser configuration: max_size: must be greater than 0\n`,
    });
    expect(sweep(SDK_LOG, '--grid', 'kind=LLMSummarizingCondenser max_size=abc', '--out', out)).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'sweep: the grid leaves no configuration to sweep; --grid left out 1 combination OpenHands refuses (kind=LLMSummarizingCondenser max_size=abc: max_size: must be an integer)\n',
    });
    expect(existsSync(out)).toBe(false);
    // max_tokens came after the 2025-09 SDK that wrote this log: refused by its rules, so by its rows.
    const later = sweep(SDK_LOG, '--grid', 'kind=LLMSummarizingCondenser max_tokens=1000', '--format', 'json');
    expect(later.status).toBe(0);
    expect(parseSweepResult(later.stdout).rows.map((row) => row.error)).toEqual([
      'max_tokens: unknown key for LLMSummarizingCondenser (SDK 2025-09)',
    ]);
  });

  it('says once that the prices of an unknown --model are unknown, and leaves every cost empty, not $0', () => {
    const { status, stdout, stderr } = sweep(MULTI_SWE_BENCH, '--config', 'recorded', '--model', 'acme-reasoner-9');
    expect(status).toBe(0);
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'sweep: the prices of --model acme-reasoner-9 are unknown, so dollars are not estimated (estimated_cost_usd is left empty)',
    );
    expect(lines.slice(1).join('\n')).not.toMatch(/price/);
    const csv = stdout.trimEnd().split('\n');
    const costColumn = csv[0]!.split(',').indexOf('estimated_cost_usd');
    expect(csv.slice(1).map((line) => line.split(',')[costColumn])).toEqual(['', '', '']);
    const rows = parseSweepResult(stdout).rows;
    expect(rows.map((row) => [row.model, row.estimated_cost_usd, row.error])).toEqual(
      Array.from({ length: 3 }, () => ['acme-reasoner-9', null, null]),
    );
    expect(rows.every((row) => row.agent_prompt_tokens! > 0)).toBe(true);
  });

  it('says at the end which recorded models have no known prices (or that none is recorded), once, without --model', () => {
    // The sample's three instances: two now record a model nobody prices, one records none.
    const [first, second, third] = readFileSync(MULTI_SWE_BENCH, 'utf8').trimEnd().split('\n');
    const unknown = (line: string) => line.replaceAll('"meta-llama/llama-4-maverick"', '"acme-reasoner-9"');
    const none = (line: string) => line.replaceAll(/"model": ?"meta-llama\/llama-4-maverick"/g, '"model_was": "x"');
    const input = file('unpriced.jsonl', [unknown(first!), unknown(second!), none(third!)].join('\n'));
    const { status, stdout, stderr } = sweep(input, '--config', 'recorded', '--config', llm40);
    expect(status).toBe(0);
    expect(
      stderr
        .trimEnd()
        .split('\n')
        .filter((line) => /price/.test(line)),
    ).toEqual([
      'sweep: no prices are known for acme-reasoner-9 (2 instances), no model recorded (1 instance), so their dollars are not estimated (estimated_cost_usd is left empty); --model prices them all',
    ]);
    const rows = parseSweepResult(stdout).rows;
    expect(rows.map((row) => [row.model, row.estimated_cost_usd])).toEqual([
      ['acme-reasoner-9', null],
      ['acme-reasoner-9', null],
      ['acme-reasoner-9', null],
      ['acme-reasoner-9', null],
      [null, null],
      [null, null],
    ]);
    // Priced models say nothing.
    expect(sweep(MULTI_SWE_BENCH, '--config', 'recorded').stderr).not.toMatch(/price/);
  });

  it.each([
    ['no configuration', () => [MULTI_SWE_BENCH], /^sweep: give at least one --config or --grid\n$/],
    [
      'a configuration that is not one',
      () => [MULTI_SWE_BENCH, '--config', file('bad.toml', '[condenser]\ntype = ')],
      /^sweep: .*bad\.toml: /,
    ],
    [
      'an unknown preset',
      () => [MULTI_SWE_BENCH, '--config', 'preset:magic'],
      /^sweep: unknown preset magic \(known: v0-server-default, /,
    ],
    [
      'an empty model name',
      () => [MULTI_SWE_BENCH, '--config', llm40, '--model', ''],
      /^sweep: --model needs a model's name, not an empty one\n$/,
    ],
    [
      'a blank model name',
      () => [MULTI_SWE_BENCH, '--config', llm40, '--model', '  '],
      /^sweep: --model needs a model's name, not blanks\n$/,
    ],
    [
      'a missing input',
      () => [join(dir, 'missing.jsonl'), '--config', llm40],
      /^sweep: .*missing\.jsonl: no such file or folder\n$/,
    ],
  ])('refuses %s with one line and exit 2', (_name, args, message) => {
    const { status, stdout, stderr } = sweep(...args());
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stdout.split('\n').length).toBeLessThanOrEqual(2);
  });
});
