import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, replayCli, scratchFiles } from '../helpers/cli.ts';
import { type ChatMessage, contentParts } from '../../src/engine/index.ts';
import { SAMPLE_SESSIONS, v0Events } from '../helpers/logs.ts';

const { dir, file } = scratchFiles('replay-messages-');
const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const TEMPLATES = join(ROOT, 'test', 'fixtures', 'conformance', 'templates');

interface MessageStep {
  before_event_id: number;
  view?: unknown[];
  messages?: ChatMessage[];
  messages_error?: string;
}

const textOf = (message: ChatMessage) =>
  contentParts(message)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');

describe('replay at a step where the condenser raises (replay.md §3)', () => {
  it('stops there in every output: that step carries only its error, and no step follows', () => {
    const log = join(ROOT, 'test', 'fixtures', 'conformance', 'logs', 'synthetic-c-requests.json');
    const config = file('amortized-fails.json', JSON.stringify({ type: 'amortized', max_size: 20, keep_first: 2 }));
    for (const extra of [
      [],
      ['--messages', 'anthropic', '--usage', 'anthropic', '--tokens'],
      ['--compact', '--usage', 'openai'],
      ['--pretty', '--messages', 'openai'],
    ]) {
      const { status, stdout } = replayCli(log, '--config', config, ...extra);
      expect(status).toBe(0);
      const steps = (JSON.parse(stdout) as { steps: Array<Record<string, unknown>> }).steps;
      expect(steps).toHaveLength(53);
      expect(steps.findIndex((step) => 'error' in step)).toBe(52);
      expect(Object.keys(steps[52]!)).toEqual(['before_event_id', 'condensations', 'error']);
    }
  }, 60_000);
});

describe('replay --messages', () => {
  it('adds every step’s chat messages; after a recorded condensation the summary is a user message', () => {
    const { status, stdout, stderr } = replayCli(
      REAL_185,
      '--recorded',
      '--messages',
      'anthropic',
      '--templates',
      TEMPLATES,
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const steps = (JSON.parse(stdout) as { steps: MessageStep[] }).steps;
    expect(steps).toHaveLength(84);
    expect(steps.every((step) => Array.isArray(step.messages) && step.messages[0]!.role === 'system')).toBe(true);
    const summaryStep = steps.findIndex((step) =>
      step.view!.some((item) => typeof item === 'object' && item !== null && 'summary' in item),
    );
    expect(summaryStep).toBeGreaterThan(0);
    const summary = (steps[summaryStep]!.view!.find((item) => 'summary' in (item as object)) as { summary: string })
      .summary;
    expect(
      steps[summaryStep]!.messages!.some((message) => message.role === 'user' && textOf(message).includes(summary)),
    ).toBe(true);
    // --pretty writes the same steps.
    const pretty = JSON.parse(
      replayCli(REAL_185, '--recorded', '--messages', 'anthropic', '--templates', TEMPLATES, '--pretty').stdout,
    ) as { steps: MessageStep[] };
    expect(pretty.steps).toEqual(steps);
  });

  it('says per step why a log without recorded tool calls has no messages, and still writes the trace', () => {
    const log = file('plain.json', JSON.stringify(v0Events(3)));
    const noop = file('noop.json', '{"type": "noop"}');
    const { status, stdout } = replayCli(log, '--config', noop, '--messages', 'openai');
    expect(status).toBe(0);
    const steps = (JSON.parse(stdout) as { steps: MessageStep[] }).steps;
    expect(steps[0]!.messages!.map((message) => message.role)).toEqual(['system', 'user']);
    expect(steps[1]!.messages_error).toMatch(
      /^event 1 \(run action by agent\) records no tool call \(tool_call_metadata\).*AssertionError/,
    );
    expect(steps[1]!.view).toBeDefined();
  });

  it('refuses an unknown profile and a template with a syntax error in one line, exit 2', () => {
    const bogus = replayCli(REAL_185, '--recorded', '--messages', 'gemini');
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toBe('replay: unknown --messages profile gemini (known: auto, anthropic, openai)\n');
    const broken = join(dir, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'additional_info.j2'), '{% if repository_info %}unclosed');
    const result = replayCli(REAL_185, '--recorded', '--messages', 'openai', '--templates', broken);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/additional_info\.j2: syntax error/);
  });

  it('keeps its own wording for template files a folder lacks, and says so', () => {
    const partial = join(dir, 'partial');
    mkdirSync(partial, { recursive: true });
    writeFileSync(join(partial, 'microagent_info.j2'), '{% for a in triggered_agents %}{{ a.name }}{% endfor %}');
    const { status, stderr } = replayCli(REAL_185, '--recorded', '--messages', 'openai', '--templates', partial);
    expect(status).toBe(0);
    expect(stderr).toMatch(/has no system_prompt\.j2, additional_info\.j2; the inspector's own wording stands in/);
  });
});

describe('replay --usage', () => {
  it('adds the estimate and the recorded usage to every step; as recorded the first estimate knows nothing yet', () => {
    const { status, stdout } = replayCli(REAL_185, '--recorded', '--usage', 'anthropic');
    expect(status).toBe(0);
    const steps = (
      JSON.parse(stdout) as {
        steps: Array<{ usage?: Record<string, number>; recorded_usage?: Record<string, number>; messages?: unknown }>;
      }
    ).steps;
    expect(steps.every((step) => step.usage && step.recorded_usage && step.messages === undefined)).toBe(true);
    expect(Object.keys(steps[0]!.usage!).sort()).toEqual([
      'cache_read_tokens',
      'cache_write_tokens',
      'model',
      'prompt_tokens',
    ]);
    // As the provider billed it, with the call's model and cost.
    expect(steps[0]!.recorded_usage).toEqual({
      prompt_tokens: 14511,
      cache_read_tokens: 11707,
      cache_write_tokens: 2801,
      completion_tokens: 129,
      model: 'litellm_proxy/claude-sonnet-4-20250514',
      cost: 0.01686885,
    });
    // The last steps are estimated from everything before them.
    const last = steps[steps.length - 1]!;
    expect(
      Math.abs(last.usage!.prompt_tokens! - last.recorded_usage!.prompt_tokens!) / last.recorded_usage!.prompt_tokens!,
    ).toBeLessThan(0.03);
  });

  it('re-simulated, estimates another configuration with what the whole log recorded', () => {
    const amortized = file('amortized40.json', '{"type": "amortized", "max_size": 40, "keep_first": 4}');
    const { status, stdout } = replayCli(REAL_185, '--config', amortized, '--usage', 'anthropic');
    expect(status).toBe(0);
    const steps = (
      JSON.parse(stdout) as {
        steps: Array<{
          condensations: unknown[];
          usage: { prompt_tokens: number; cache_read_tokens: number; cache_write_tokens: number };
        }>;
      }
    ).steps;
    const condensing = steps.findIndex((step) => step.condensations.length > 0);
    expect(condensing).toBeGreaterThan(0);
    // A condensation rewrites the cache after the kept head: less is read, and far more is written again.
    const before = steps[condensing - 1]!.usage;
    const after = steps[condensing]!.usage;
    expect(after.cache_read_tokens).toBeLessThan(before.cache_read_tokens);
    expect(after.cache_write_tokens).toBeGreaterThan(10 * before.cache_write_tokens);
  });
});
