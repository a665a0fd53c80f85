import { describe, expect, it } from 'vitest';
import {
  type AgentCall,
  type MeasuredRequest,
  OnlineLinearFit,
  PrefixIds,
  PRICE_PRESETS,
  UsageSimulator,
  callCost,
  learnFromRecordedCalls,
  presetForModel,
} from '../../../../src/engine/index.ts';

/** A request of messages with these token counts; the same key at the same place means the same prefix. */
const prefixes = new PrefixIds();

function measured(messageTokens: number[], keys: string[], breakpoints: number[]): MeasuredRequest {
  let parent = prefixes.root('0');
  const prefixIds = keys.map((key) => (parent = prefixes.extend(parent, key)));
  let total = 0;
  const cumulative = messageTokens.map((count) => (total += count));
  return {
    count: keys.length,
    toolTokens: 0,
    totalTokens: total,
    ourPrefix: (j) => cumulative[j]!,
    prefixIds,
    blocks: messageTokens.map(() => 1),
    breakpoints,
  };
}

const recorded = (promptTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0) => ({
  promptTokens,
  completionTokens: 10,
  cacheReadTokens,
  cacheWriteTokens,
});

describe('calibration (recorded ≈ slope · ours + intercept)', () => {
  it('fits a straight line by least squares, shifting by the mean difference while the slope is unknown', () => {
    const fit = new OnlineLinearFit();
    expect(fit.map()).toEqual({ slope: 1, intercept: 0 });
    fit.add(100, 150);
    expect(fit.map()).toEqual({ slope: 1, intercept: 50 });
    fit.add(200, 270);
    fit.add(300, 390);
    const map = fit.map();
    expect(map.slope).toBeCloseTo(1.2);
    expect(map.intercept).toBeCloseTo(30);
  });
});

describe('UsageSimulator', () => {
  const calls: AgentCall[] = [
    { measured: measured([1000, 100], ['s', 'u'], [0, 1]), time: null, recorded: recorded(1320, 1200, 120) },
    {
      measured: measured([1000, 100, 100, 100], ['s', 'u', 'a', 't'], [0, 3]),
      time: null,
      recorded: recorded(1560, 1320, 240),
    },
    {
      measured: measured([1000, 100, 100, 100, 100, 100], ['s', 'u', 'a', 't', 'a2', 't2'], [0, 5]),
      time: null,
      recorded: recorded(1800, 1560, 240),
    },
  ];

  it('as recorded, learns each estimate from the earlier calls only', () => {
    const simulator = new UsageSimulator('anthropic', 'earlier-steps');
    const estimates = calls.map((call) => simulator.next(call));
    // Nothing learned yet: our own counts.
    expect(estimates[0]).toEqual({ promptTokens: 1100, cacheReadTokens: 1000, cacheWriteTokens: 100 });
    // One point: shifted by its difference (+220).
    expect(estimates[1]!.promptTokens).toBe(1520);
    // Two points give the slope: 1.2 · ours.
    expect(estimates[2]!.promptTokens).toBe(1800);
    expect(estimates[2]!.cacheReadTokens).toBe(1560);
    expect(estimates[2]!.cacheWriteTokens).toBe(240);
  });

  it('has no estimate for a call whose messages could not be built', () => {
    expect(
      new UsageSimulator('openai', 'earlier-steps').next({ measured: null, time: null, recorded: recorded(10) }),
    ).toBeNull();
  });

  it('learns that a provider does not cache when calls it would have cached record no cache use', () => {
    const prefixCalls: AgentCall[] = [1, 2, 3, 4].map((n) => ({
      measured: measured(
        Array.from({ length: n + 1 }, () => 600),
        Array.from({ length: n + 1 }, (_, k) => `m${k}`),
        [],
      ),
      time: null,
      recorded: recorded(600 * (n + 1)),
    }));
    const simulator = new UsageSimulator('openai', 'earlier-steps');
    const reads = prefixCalls.map((call) => simulator.next(call)!.cacheReadTokens);
    expect(reads[1]).toBeGreaterThan(0);
    expect(reads[3]).toBe(0);
    expect(learnFromRecordedCalls('openai', prefixCalls).providerCaches).toBe(false);
    expect(learnFromRecordedCalls('anthropic', calls).providerCaches).toBe(true);
  });
});

describe('prices', () => {
  it('finds presets for the models of real logs, provider prefixes included', () => {
    expect(presetForModel('litellm_proxy/claude-sonnet-4-20250514')?.id).toBe('claude-sonnet');
    expect(presetForModel('gpt-4o-2024-08-06')?.id).toBe('gpt-4o');
    expect(presetForModel('meta-llama/llama-4-maverick')?.id).toBe('llama-4-maverick');
    expect(presetForModel('unknown-model')).toBeNull();
    expect(new Set(PRICE_PRESETS.map((preset) => preset.id)).size).toBe(PRICE_PRESETS.length);
  });

  it('bills uncached input, cache reads, cache writes and output each at their rate', () => {
    const sonnet = presetForModel('claude-sonnet-4')!.prices;
    // 1000 uncached × $3 + 10000 read × $0.30 + 2000 written × $3.75 + 500 out × $15, per million.
    expect(
      callCost({ promptTokens: 13000, cacheReadTokens: 10000, cacheWriteTokens: 2000, completionTokens: 500 }, sonnet),
    ).toBeCloseTo(0.021);
  });
});
