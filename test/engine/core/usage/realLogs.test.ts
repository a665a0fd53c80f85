import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  type ChatProfile,
  type PromptUsage,
  type RecordedUsage,
  UsageSimulator,
  noLlm,
  runSync,
} from '../../../../src/engine/index.ts';
import { V0AgentCalls, cachingTextCounts, prepareLog, replay } from '../../../../src/engine/v0/index.ts';
import { agentCallsByEvent, readV0Log, usageOfCall } from '../../../../src/formats/index.ts';
import { compileAgentTemplates } from '../../../../src/templates/index.ts';
import { readLogInput } from '../../../../src/cli/readInput.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../../../helpers/logs.ts';

/** Replays a real log as recorded and pairs each step's estimate (learned from earlier steps) with the recorded usage. */
function estimates(
  path: string,
  profile: ChatProfile,
  instance?: string,
): Array<{ estimate: PromptUsage | null; recorded: RecordedUsage | null }> {
  const parsed = readV0Log(readLogInput(path), instance ? { instance } : {});
  const log = prepareLog(parsed.events);
  const tokens = cachingTextCounts({ event: () => 0, text: countTokens });
  const callAt = agentCallsByEvent(parsed.recorded);
  const recorded = (eventIndex: number) => usageOfCall(callAt(eventIndex));
  const calls = new V0AgentCalls(log, { profile, templates: compileAgentTemplates(), tokens, recorded });
  const simulator = new UsageSimulator(profile, 'earlier-steps');
  const pairs: ReturnType<typeof estimates> = [];
  runSync(
    replay({
      log,
      mode: 'recorded',
      onStep: (step, view) => {
        const call = calls.call(step, view);
        pairs.push({ estimate: simulator.next(call), recorded: call.recorded });
      },
    }),
    noLlm,
  );
  return pairs;
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.round(0.95 * (values.length - 1))]!;

/** Relative errors from the 10th step on: prompt tokens, and cache reads as a share of the prompt. */
function errors(pairs: ReturnType<typeof estimates>) {
  const measured = pairs.slice(9).filter((pair) => pair.estimate && pair.recorded) as Array<{
    estimate: PromptUsage;
    recorded: RecordedUsage;
  }>;
  return {
    count: measured.length,
    prompt: measured.map(
      ({ estimate, recorded }) => Math.abs(estimate.promptTokens - recorded.promptTokens) / recorded.promptTokens,
    ),
    cacheRead: measured.map(
      ({ estimate, recorded }) => Math.abs(estimate.cacheReadTokens - recorded.cacheReadTokens) / recorded.promptTokens,
    ),
  };
}

describe('the usage model against the usage real logs recorded', () => {
  it('on the 185-event Claude log, as recorded, is within 3% of the prompt tokens and 5% in cache reads (p95)', () => {
    const { count, prompt, cacheRead } = errors(
      estimates(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'), 'anthropic'),
    );
    expect(count).toBe(75);
    expect(p95(prompt)).toBeLessThan(0.03);
    expect(p95(cacheRead)).toBeLessThan(0.05);
  });

  it('learns from a Llama eval run that its provider does not cache, and estimates its prompts within 3%', () => {
    const pairs = estimates(
      join(REAL_LOGS, 'v0_openhands_multi-swe-bench_example_output.jsonl'),
      'openai',
      'ponylang__ponyc-4588',
    );
    const { count, prompt, cacheRead } = errors(pairs);
    expect(count).toBeGreaterThan(30);
    expect(p95(prompt)).toBeLessThan(0.03);
    expect(Math.max(...cacheRead)).toBe(0);
  });
});
