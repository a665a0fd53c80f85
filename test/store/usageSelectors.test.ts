import { describe, expect, it } from 'vitest';
import { estimateError, formatDollars } from '../../src/store/index.ts';
import type { StepUsage, UsageReport } from '../../src/store/index.ts';

describe('formatDollars', () => {
  it('shows 4 significant digits below $1,000, so a recorded $0.04906 is not "$0.05"', () => {
    expect(formatDollars(0.04906)).toBe('$0.04906');
    expect(formatDollars(0.149118)).toBe('$0.1491');
    expect(formatDollars(1.34362395)).toBe('$1.344');
    expect(formatDollars(0.01686885)).toBe('$0.01687');
    expect(formatDollars(-0.5)).toBe('-$0.5000');
    expect(formatDollars(1.8304)).toBe('$1.830');
    expect(formatDollars(0.0000001234)).toBe('$0.0000001234');
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(12345.678)).toBe('$12,345.68');
  });
});

const step = (estimate: number | null, recorded: number | null): StepUsage => ({
  estimate: estimate === null ? null : { promptTokens: estimate, cacheReadTokens: 0, cacheWriteTokens: 0 },
  recorded:
    recorded === null
      ? null
      : { promptTokens: recorded, cacheReadTokens: 0, cacheWriteTokens: 0, completionTokens: 10 },
  recordedCost: null,
  messages: 3,
  model: 'm',
});

const report = (steps: StepUsage[], calibration: UsageReport['calibration'] = 'earlier-steps') =>
  ({ profile: 'auto', model: 'm', steps, condenserCalls: [], calibration, error: null }) as unknown as UsageReport;

describe('estimateError', () => {
  it('is the p95 relative error of the estimates after the first 9 calls, as recorded', () => {
    const warmUp = Array.from({ length: 9 }, () => step(1, 100));
    const judged = Array.from({ length: 20 }, (_, i) => step(100 + (i >= 18 ? 10 : 1), 100));
    expect(estimateError(report([...warmUp, ...judged]))).toEqual({ p95: 0.1, calls: 20 });
  });

  it('measures nothing re-simulated (no recorded call to check an estimate of another configuration against) or unrecorded', () => {
    const steps = Array.from({ length: 20 }, () => step(100, 100));
    expect(estimateError(report(steps, 'whole-log'))).toBeNull();
    expect(estimateError(report(Array.from({ length: 20 }, () => step(100, null))))).toBeNull();
  });
});
