import { describe, expect, it } from 'vitest';
import type { ModelPrices } from '../../../src/engine/index.ts';
import type { StepUsage, UsageReport } from '../../../src/store/index.ts';
import { usageSpec } from '../../../src/ui/chart/usageSpec.ts';

const prices: ModelPrices = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
const estimate = { promptTokens: 1000, cacheReadTokens: 0, cacheWriteTokens: 0 };
const recorded = { promptTokens: 1000, completionTokens: 100, cacheReadTokens: 0, cacheWriteTokens: 0 };
const report = (steps: StepUsage[]) => ({ steps, model: 'm', calibration: 'whole-log' }) as unknown as UsageReport;
const series = (steps: StepUsage[], withPrices: ModelPrices | null) =>
  Object.fromEntries(usageSpec(report(steps), [], withPrices).series.map((s) => [s.label, s.values]));

describe('usageSpec', () => {
  it('draws the dollars the log recorded per call as a running total, unknown steps left unknown', () => {
    const lines = series(
      [
        { estimate, recorded, recordedCost: 0.25, messages: 3, model: 'm' },
        { estimate, recorded: null, recordedCost: null, messages: 3, model: 'm' },
        { estimate, recorded, recordedCost: 0.5, messages: 3, model: 'm' },
      ],
      null,
    );
    expect(lines['$ so far recorded']).toEqual([0.25, null, 0.75]);
    expect(lines['$ so far est.']).toBeUndefined();
    expect(lines['$ so far re-priced']).toBeUndefined();
  });

  it('re-prices recorded tokens, labelled so, only when the log recorded no dollars', () => {
    const lines = series([{ estimate, recorded, recordedCost: null, messages: 3, model: 'm' }], prices);
    expect(lines['$ so far recorded']).toBeUndefined();
    // 1000 input tokens at $3/M and 100 output at $15/M.
    expect(lines['$ so far re-priced']![0]).toBeCloseTo(0.0045, 10);
    expect(lines['$ so far est.']![0]).toBeCloseTo(0.0045, 10);
  });

  it('charts a run longer than a call can take arguments (a gigabyte log has 145,000 steps)', () => {
    // Four series of 150,000 steps: their peak was found by spreading 600,000 values into one call.
    const steps: StepUsage[] = Array.from({ length: 150_000 }, (_, i) => ({
      estimate: { ...estimate, promptTokens: i === 77_777 ? 987_654 : 1000 },
      recorded,
      recordedCost: null,
      messages: 3,
      model: 'm',
    }));
    const spec = usageSpec(report(steps), [], null);
    expect(spec.steps).toBe(150_000);
    expect(spec.description).toContain('up to 987,654 tokens');
  });
});
