import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../../src/engine/index.ts';
import { REAL_LOGS, SAMPLE_SESSIONS, v0Events } from '../helpers/logs.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function replayCli(...args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'run-bundled.mjs'), 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

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
      JSON.stringify({ type: 'pipeline', condensers: [{ type: 'conversation_window' }, { type: 'browser_output_masking', attention_window: 2 }, { type: 'llm', keep_first: 4, max_size: 80 }] }),
    );
    const script = file('script.json', JSON.stringify([{ content: 's1' }, { content: 's2' }, { content: 's3' }]));
    const trace = JSON.parse(replayCli(real, '--config', server, '--llm-script', script).stdout) as Trace;
    const made = trace.steps.flatMap((s) => s.condensations.map((c) => [s.before_event_id, c.forgotten_event_ids[0], c.forgotten_event_ids.at(-1)]));
    expect(made).toEqual([
      [86, 7, 49],
      [129, 50, 92],
      [174, 93, 135],
    ]);
  });

  it.each([
    ['a truncated JSON file', () => [file('cut.json', JSON.stringify(v0Events(3)).slice(0, 50)), '--config', amortized], /truncated/],
    ['a JSONL line that is not JSON', () => [file('bad.jsonl', '{"history": []}\n{not json}\n'), '--config', amortized], /line 2/],
    ['events without ids', () => [file('noid.json', JSON.stringify([{ source: 'user', action: 'message', args: {} }])), '--config', amortized], /no id/],
    ['duplicate ids', () => [file('dup.json', JSON.stringify([...v0Events(1), { id: 1, source: 'agent', action: 'think', args: {} }])), '--config', amortized], /used twice/],
    ['an unknown condenser type', () => [log, '--config', file('unknown.json', '{"type": "magic"}')], /unknown condenser type "magic"/],
    ['keep_first >= max_size // 2', () => [log, '--config', file('kf.json', '{"type": "llm", "max_size": 20, "keep_first": 10}')], /keep_first: must be less than half of max_size/],
    ['a missing log', () => [join(dir, 'missing.json'), '--config', amortized], /no such file/],
    ['an SDK log', () => [join(REAL_LOGS, 'v1_sdk_goal-fixture_events_trimmed_10ev.jsonl'), '--config', amortized], /not supported yet/],
    ['an unknown option', () => [log, '--frobnicate'], /unknown option --frobnicate/],
  ])('refuses %s with one line on stderr and exit 2', (_name, args, message) => {
    const { status, stdout, stderr } = replayCli(...args());
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('explains itself with --help', () => {
    const { status, stdout } = replayCli('--help');
    expect(status).toBe(0);
    expect(stdout).toContain('--llm-script');
    expect(stdout).toContain('--recorded');
  });
});
