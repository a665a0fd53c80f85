import { once } from 'node:events';
import { createWriteStream, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayCli, scratchFiles } from '../helpers/cli.ts';
import { REAL_LOGS, SAMPLE_SESSIONS, v0Events, sdkJsonlLog } from '../helpers/logs.ts';
import { multiInstanceJsonl, tarGz, uiDownloadZip } from '../helpers/archives.ts';
import type { Trace } from '../../src/inspect/index.ts';

const { dir, file } = scratchFiles('replay-cli-');

const log = file('log.json', JSON.stringify(v0Events(12)));
const amortized = file('amortized.json', JSON.stringify({ type: 'amortized', max_size: 10, keep_first: 1 }));

describe('replay command', () => {
  it('prints the trace and exits 0', () => {
    const { status, stdout, stderr } = replayCli(log, '--config', amortized);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const trace = JSON.parse(stdout) as Trace;
    expect(trace.steps.map((s) => s.before_event_id)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]);
    // 11 events > max_size 10 before event 11: keep event 0 and the newest 4 of view [0..10].
    expect(trace.steps[5]!.condensations[0]!.forgotten_event_ids).toEqual([1, 2, 3, 4, 5, 6]);
    expect(trace.steps[5]!.view).toEqual([{ id: 0 }, { id: 7 }, { id: 8 }, { id: 9 }, { id: 10 }]);
  });

  it('takes the configuration as a config.toml section and adds token estimates on request', () => {
    const toml = file('config.toml', '[condenser]\ntype = "noop"\n');
    const { status, stdout } = replayCli(log, '--config', toml, '--tokens');
    expect(status).toBe(0);
    const steps = (JSON.parse(stdout) as Trace).steps;
    expect(steps[0]!.view_tokens).toBeGreaterThan(0);
    expect(steps[11]!.view_tokens).toBeGreaterThan(steps[0]!.view_tokens!);
  });

  it('replays as recorded and reproduces the real log’s condensations with its recorded summaries', () => {
    const real = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
    const recorded = JSON.parse(replayCli(real, '--recorded').stdout) as Trace;
    expect(recorded.steps).toHaveLength(84);
    expect(recorded.steps.every((s) => s.condensations.length === 0)).toBe(true);
    const server = file(
      'server.json',
      JSON.stringify({
        type: 'pipeline',
        condensers: [
          { type: 'conversation_window' },
          { type: 'browser_output_masking', attention_window: 2 },
          { type: 'llm', keep_first: 4, max_size: 80 },
        ],
      }),
    );
    const script = file('script.json', JSON.stringify([{ content: 's1' }, { content: 's2' }, { content: 's3' }]));
    const trace = JSON.parse(replayCli(real, '--config', server, '--llm-script', script).stdout) as Trace;
    const made = trace.steps.flatMap((s) =>
      s.condensations.map((c) => [s.before_event_id, c.forgotten_event_ids[0], c.forgotten_event_ids.at(-1)]),
    );
    expect(made).toEqual([
      [86, 7, 49],
      [129, 50, 92],
      [174, 93, 135],
    ]);
  });

  it.each([
    [
      'a truncated JSON file',
      () => [file('cut.json', JSON.stringify(v0Events(3)).slice(0, 50)), '--config', amortized],
      /truncated/,
    ],
    [
      'a JSONL line that is not JSON',
      () => [file('bad.jsonl', '{"history": []}\n{not json}\n'), '--config', amortized],
      /line 2/,
    ],
    [
      'events without ids',
      () => [
        file('noid.json', JSON.stringify([{ source: 'user', action: 'message', args: {} }])),
        '--config',
        amortized,
      ],
      /no id/,
    ],
    [
      'duplicate ids',
      () => [
        file('dup.json', JSON.stringify([...v0Events(1), { id: 1, source: 'agent', action: 'think', args: {} }])),
        '--config',
        amortized,
      ],
      /used twice/,
    ],
    [
      'an unknown condenser type',
      () => [log, '--config', file('unknown.json', '{"type": "magic"}')],
      /Unknown condenser type: magic/,
    ],
    [
      '"type": null (Python None)',
      () => [log, '--config', file('null-type.json', '{"type": null}')],
      /Unknown condenser type: None/,
    ],
    [
      'keep_first >= max_size // 2',
      () => [log, '--config', file('kf.json', '{"type": "llm", "max_size": 20, "keep_first": 10}')],
      /keep_first: must be less than half of max_size/,
    ],
    ['a missing log', () => [join(dir, 'missing.json'), '--config', amortized], /no such file/],
    [
      'an SDK log with a V0 configuration',
      () => [join(REAL_LOGS, 'v1_sdk_goal-fixture_events_trimmed_10ev.jsonl'), '--config', amortized],
      /SDK condenser object/,
    ],
    ['an unknown option', () => [log, '--frobnicate'], /unknown option --frobnicate/],
  ])('refuses %s with one line on stderr and exit 2', (_name, args, message) => {
    const { status, stdout, stderr } = replayCli(...args());
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('numbers its own condensations past the largest id allowed (2^52 - 1) without two sharing one', () => {
    const events = v0Events(12);
    events.at(-1)!.id = 2 ** 52 - 1;
    const { status, stdout } = replayCli(file('huge-id.json', JSON.stringify(events)), '--config', amortized);
    expect(status).toBe(0);
    const ids = (JSON.parse(stdout) as Trace).steps.flatMap((step) => step.condensations.map((c) => c.id));
    expect(ids).toEqual([2 ** 52, 2 ** 52 + 1, 2 ** 52 + 2]);
    expect(stdout).toContain('"id":4503599627370498');
  });

  it('says on stderr which type it assumed for a configuration without one', () => {
    const { status, stdout, stderr } = replayCli(
      log,
      '--config',
      file('untyped.json', '{"type": "pipeline", "condensers": [{"max_size": 10}]}'),
    );
    expect(status).toBe(0);
    expect(stderr).toBe(
      'replay: condensers.0 has no "type": pydantic\'s union reads it as amortized, the first of OpenHands\' condenser config classes that takes the most of its keys\n',
    );
    expect((JSON.parse(stdout) as Trace).steps[5]!.condensations[0]!.forgotten_event_ids).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('replays the instance --instance names of an eval JSONL (by id or position), and says which it shows', () => {
    const run = join(REAL_LOGS, 'v0_openhands_multi-swe-bench_example_output.jsonl');
    const byId = replayCli(run, '--recorded', '--instance', 'ponylang__ponyc-4588');
    expect(byId.status).toBe(0);
    expect(byId.stderr).toBe('replay: This file holds 3 instances; showing ponylang__ponyc-4588.\n');
    const byPosition = replayCli(run, '--recorded', '--instance', '3');
    expect(byPosition.stdout).toBe(byId.stdout);
    const missing = replayCli(run, '--recorded', '--instance', 'nope');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^replay: no instance "nope" in this file \(3 instances: ponylang__ponyc-4595, /);
  });

  it('refuses --instance for a log of one conversation (streamed or unpacked), instead of ignoring it', () => {
    const zip = file('one-conversation.zip', '');
    writeFileSync(zip, uiDownloadZip('v1_benchmarks_conversation_0cf772fb_115ev_1cond', { title: 't' }));
    for (const args of [
      [log, '--config', amortized, '--instance', '99'],
      [zip, '--recorded', '--instance', '1'],
    ]) {
      const { status, stdout, stderr } = replayCli(...args);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `replay: no instance "${args.at(-1)}" in this file: the log is not a run of instances (leave out --instance)\n`,
      );
    }
  });

  it('reads a web UI download (zip) and a tar.gz of an eval run', async () => {
    const zip = file('conversation.zip', '');
    writeFileSync(zip, uiDownloadZip('v1_benchmarks_conversation_0cf772fb_115ev_1cond', { title: 't' }));
    const fromZip = replayCli(zip, '--recorded');
    expect(fromZip.status).toBe(0);
    expect((JSON.parse(fromZip.stdout) as Trace).steps.length).toBeGreaterThan(0);
    const tgz = join(dir, 'run.tar.gz');
    writeFileSync(tgz, await tarGz({ 'run/output.jsonl': multiInstanceJsonl([null, null, null]) }));
    const fromTar = replayCli(tgz, '--recorded', '--instance', 'ponylang__ponyc-4593');
    expect(fromTar.status).toBe(0);
    expect(fromTar.stderr).toContain('showing ponylang__ponyc-4593');
  });

  it('says a value too long for a string is so, as the app does (600 MiB of one value from a 0.6 MB .gz)', async () => {
    const path = join(dir, 'one-long-value.json.gz');
    const gzip = createGzip({ level: 9 });
    const done = pipeline(gzip, createWriteStream(path));
    gzip.write('[{"id": 0, "source": "user", "action": "message", "args": {"content": "');
    const mebibyte = Buffer.alloc(1 << 20, 'a');
    for (let i = 0; i < 600; i++) if (!gzip.write(mebibyte)) await once(gzip, 'drain');
    gzip.end('"}}]');
    await done;
    const { status, stderr } = replayCli(path, '--config', amortized);
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^replay: one-long-value\.json: one value \(at line 1, column \d+\) is 600 MiB long, more than a JavaScript string can hold \(512 MiB\); it cannot be read\n$/,
    );
  }, 60_000);

  it('reads a JSON log as it streams: the same trace as a copy it reads whole (UTF-16), a truncated one named', () => {
    const real = readFileSync(
      join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'),
      'utf8',
    );
    const plain = file('streamed.json', real);
    const utf16 = join(dir, 'whole.json');
    writeFileSync(utf16, Buffer.from(`\ufeff${real}`, 'utf16le'));
    const fromStream = replayCli(plain, '--config', amortized, '--compact');
    expect(fromStream.status).toBe(0);
    expect(fromStream.stdout).toBe(replayCli(utf16, '--config', amortized, '--compact').stdout);
    expect((JSON.parse(fromStream.stdout) as Trace).steps.length).toBeGreaterThan(50);
    const truncated = file('cut.json', real.slice(0, real.length / 2));
    expect(replayCli(truncated, '--config', amortized)).toMatchObject({
      status: 2,
      stderr: 'replay: cut.json: the JSON ends before it is complete (is the file truncated?)\n',
    });
  });

  it('explains itself with --help', () => {
    const { status, stdout } = replayCli('--help');
    expect(status).toBe(0);
    expect(stdout).toContain('--llm-script');
    expect(stdout).toContain('--recorded');
  });
});

describe('replay command: OpenHands SDK logs', () => {
  const benchmark = join(REAL_LOGS, 'v1_benchmarks_conversation_7a4bfe2d_203ev_3cond');
  const recordedSummaries = file(
    'sdk-summaries.json',
    JSON.stringify(
      readdirSync(join(benchmark, 'events'))
        .sort()
        .map(
          (name) =>
            JSON.parse(readFileSync(join(benchmark, 'events', name), 'utf8')) as { kind: string; summary?: string },
        )
        .filter((event) => event.kind === 'Condensation')
        .map((event) => ({ content: event.summary })),
    ),
  );
  const made = (trace: SdkTraceLike) =>
    trace.steps.flatMap((s) =>
      s.condensations.map((c) => [s.before_event_id.slice(0, 8), c.forgotten_event_ids.length, c.summary_offset]),
    );

  const sdkLog = (pairs: number) => sdkJsonlLog(pairs);
  const small = file('sdk-small.jsonl', sdkLog(8));
  const sdkConfig = file(
    'sdk-config.json',
    JSON.stringify({
      kind: 'LLMSummarizingCondenser',
      max_size: 10,
      keep_first: 2,
      llm: { model: 'gpt-4o', api_key: '**********' },
    }),
  );

  it('replays a benchmark conversation with its base_state.json condenser under the rules of the SDK that wrote it', () => {
    const { status, stdout, stderr } = replayCli(benchmark, '--llm-script', recordedSummaries);
    expect(status).toBe(0);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining('replayed under the 2025-09 rules')]);
    const trace = JSON.parse(stdout) as SdkTraceLike;
    expect(trace.steps).toHaveLength(99);
    expect(made(trace)).toEqual([
      ['4e395c6c', 43, 4],
      ['e516664d', 42, 4],
      ['1c1c9aba', 42, 4],
    ]);
  });

  it('replays it under the pinned SDK 1.43.1 on request: same points, one more event forgotten each time', () => {
    const { status, stdout } = replayCli(benchmark, '--llm-script', recordedSummaries, '--sdk-rules', '1.43.1');
    expect(status).toBe(0);
    expect(made(JSON.parse(stdout) as SdkTraceLike)).toEqual([
      ['4e395c6c', 44, 4],
      ['e516664d', 43, 4],
      ['1c1c9aba', 43, 4],
    ]);
  });

  it('takes the SDK’s own serialized condenser as --config (its llm key ignored), prints string ids, tokens on request', () => {
    const { status, stdout, stderr } = replayCli(
      small,
      '--config',
      sdkConfig,
      '--llm-script',
      file('s.json', '[{"content": "S1"}]'),
      '--tokens',
    );
    // A JSONL log has no base_state.json, so nothing tells the agent model's context window.
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^replay: The log does not record the agent model's context window \(SDK 1\.43\.1 looks it up in litellm's model table\)/,
      ),
    ]);
    expect(status).toBe(0);
    const trace = JSON.parse(stdout) as SdkTraceLike;
    expect(trace.steps.map((s) => s.before_event_id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']);
    expect(trace.steps[5]!.condensations[0]!.forgotten_event_ids).toEqual([
      'a0',
      'o0',
      'a1',
      'o1',
      'a2',
      'o2',
      'a3',
      'o3',
    ]);
    expect(trace.steps[5]!.view).toEqual([
      { id: 'sys' },
      { id: 'task' },
      { summary: 'S1' },
      { id: 'a4' },
      { id: 'o4' },
    ]);
    expect(trace.steps[5]!.view_tokens).toBeGreaterThan(0);
  });

  it('writes the same trace with --pretty, and replays as recorded without a configuration', () => {
    const streamed = JSON.parse(
      replayCli(small, '--config', sdkConfig, '--llm-script', file('s2.json', '[{"content": "S1"}]')).stdout,
    ) as unknown;
    const pretty = replayCli(
      small,
      '--config',
      sdkConfig,
      '--llm-script',
      file('s3.json', '[{"content": "S1"}]'),
      '--pretty',
    );
    expect(JSON.parse(pretty.stdout)).toEqual(streamed);
    const recorded = JSON.parse(replayCli(small, '--recorded').stdout) as SdkTraceLike;
    expect(recorded.steps.at(-1)!.view).toHaveLength(16);
  });

  it.each([
    [
      'an SDK event without its tool_call_id',
      () => [file('bad-sdk.jsonl', sdkLog(2).replace('"tool_call_id":"c1",', '')), '--recorded'],
      /^replay: line 5\.tool_call_id: expected a string/,
    ],
    [
      'an invalid SDK condenser',
      () => [
        small,
        '--config',
        file('bad-kf.json', '{"kind": "LLMSummarizingCondenser", "max_size": 10, "keep_first": 4}'),
      ],
      /keep_first: must be less than max_size \/\/ 2/,
    ],
    [
      'an unknown SDK condenser kind',
      () => [small, '--config', file('bad-kind.json', '{"kind": "MagicCondenser"}')],
      /unknown SDK condenser kind "MagicCondenser"/,
    ],
    ['an SDK configuration for a V0 log', () => [log, '--config', sdkConfig], /applies to SDK logs/],
    ['an unknown --sdk-rules', () => [small, '--config', sdkConfig, '--sdk-rules', '0.9'], /unknown --sdk-rules 0\.9/],
    [
      'an unknown --sdk-rules, also for a V0 log',
      () => [log, '--recorded', '--sdk-rules', 'foo'],
      /unknown --sdk-rules foo/,
    ],
    [
      'an SDK log without a condenser anywhere',
      () => [small],
      /--config is required unless --recorded \(this SDK log records no condenser/,
    ],
    ['a V0 log without --config', () => [log], /^replay: --config is required unless --recorded\n$/],
  ])('refuses %s with one line on stderr and exit 2', (_name, args, message) => {
    const { status, stdout, stderr } = replayCli(...args());
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('names the --config file (as given) in whatever it refuses of it, V0 or SDK', () => {
    const broken = file('broken-v0.json', '{"type": "noop",}');
    const section = file('no-section.toml', '[llm]\nmodel = "x"\n');
    const v0 = file('v0-for-sdk.toml', '[condenser]\ntype = "noop"\n');
    const badKeepFirst = file('bad-kf2.json', '{"kind": "LLMSummarizingCondenser", "max_size": 10, "keep_first": 4}');
    for (const [args, expected] of [
      [[log, '--config', broken], `replay: ${broken}: not valid JSON: invalid JSON at line 1, column 17`],
      [[log, '--config', section], `replay: ${section}: no [condenser] section found`],
      [[log, '--config', sdkConfig], `replay: ${sdkConfig}: an SDK condenser object ("kind") applies to SDK logs`],
      [[small, '--config', v0], `replay: ${v0}: this log is an SDK log; its --config is an SDK condenser object`],
      [[small, '--config', badKeepFirst], `replay: invalid SDK condenser configuration in ${badKeepFirst} (SDK`],
    ] as const) {
      const { status, stdout, stderr } = replayCli(...args);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr.slice(0, expected.length)).toBe(expected);
    }
  });
});

interface SdkTraceLike {
  steps: {
    before_event_id: string;
    condensations: { forgotten_event_ids: string[]; summary_offset: number | null }[];
    view?: unknown[];
    view_tokens?: number;
  }[];
}
