import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayCli } from '../helpers/cli.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';

const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const SDK_88 = join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond');

interface Totals {
  calls: number;
  cost: number;
  prompt_tokens: number;
}
interface UsageTrace {
  recorded_usage: {
    total_cost: number;
    by_role: { agent: Totals; condenser: Totals };
    by_model: Record<string, Totals>;
  };
  steps: Array<{
    usage?: { prompt_tokens: number; model: string | null };
    recorded_usage?: { prompt_tokens: number; cost: number | null; model: string | null } | null;
  }>;
}

function usageTrace(log: string): UsageTrace {
  const { status, stdout, stderr } = replayCli(log, '--recorded', '--usage', 'auto');
  expect(stderr).not.toMatch(/error/i);
  expect(status).toBe(0);
  return JSON.parse(stdout) as UsageTrace;
}

/** Relative prompt-token error of each step's estimate against the provider's record, from the 10th step on. */
function promptErrors(trace: UsageTrace): number[] {
  return trace.steps
    .slice(9)
    .filter((step) => step.usage && step.recorded_usage)
    .map(
      (step) =>
        Math.abs(step.usage!.prompt_tokens - step.recorded_usage!.prompt_tokens) / step.recorded_usage!.prompt_tokens,
    );
}
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.round(0.95 * (values.length - 1))]!;

describe('replay --usage auto: the recorded bill beside the estimate', () => {
  it('gives the 185-event log its whole recorded bill, agent and condenser calls apart', () => {
    const trace = usageTrace(REAL_185);
    expect(trace.recorded_usage.total_cost).toBeCloseTo(1.34362395, 8);
    expect(trace.recorded_usage.by_role.agent.calls).toBe(84);
    expect(trace.recorded_usage.by_role.agent.prompt_tokens).toBe(2220225);
    expect(trace.recorded_usage.by_role.condenser.calls).toBe(3);
    expect(trace.recorded_usage.by_role.condenser.cost).toBeCloseTo(0.149118, 6);
    expect(p95(promptErrors(trace))).toBeLessThan(0.03);
  });

  it('reads an SDK conversation’s per-call usage: steps carry their call’s recorded cost and model', () => {
    const trace = usageTrace(SDK_88);
    expect(trace.recorded_usage.total_cost).toBeCloseTo(1.8304, 4);
    expect(trace.recorded_usage.by_role.agent.calls).toBe(106);
    expect(trace.recorded_usage.by_role.condenser.calls).toBe(4);
    const stepCosts = trace.steps.flatMap((step) => (step.recorded_usage?.cost ? [step.recorded_usage.cost] : []));
    expect(stepCosts.length).toBeGreaterThan(50);
    // The SDK's whole-input convention: estimates within a few percent, not ~19% low.
    expect(p95(promptErrors(trace))).toBeLessThan(0.04);
    expect(trace.steps.every((step) => !step.usage || typeof step.usage.model === 'string')).toBe(true);
  });
});
