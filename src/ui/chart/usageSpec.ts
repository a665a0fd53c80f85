import { formatCount } from '../shared/format.ts';
import type { ModelPrices } from '../../engine/index.ts';
import { type UsageReport, stepCost } from '../../store/index.ts';
import type { ChartSeries, StepChartSpec } from './stepChartSpec.ts';

/** A running total; null at steps that add nothing known (the total so far is still shown on either side). */
function runningTotal(values: ReadonlyArray<number | null>): Array<number | null> {
  let total = 0;
  return values.map((value) => (value === null ? null : (total += value)));
}

/**
 * Per step: the prompt and its cache reads as estimated and, dashed, as the provider recorded them;
 * and what the run has cost so far at the model's prices (on its own scale, in dollars), beside the dollars the
 * log recorded per call (else, dashed, the recorded tokens re-priced).
 */
export function usageSpec(usage: UsageReport, marks: readonly number[], prices: ModelPrices | null): StepChartSpec {
  const steps = usage.steps;
  const recorded = steps.some((step) => step.recorded);
  const billed = steps.some((step) => step.recordedCost !== null);
  const series: ChartSeries[] = [
    {
      label: 'prompt est.',
      unit: 'tokens',
      values: steps.map((s) => s.estimate?.promptTokens ?? null),
      color: '--chart-events',
      missing: 'no estimate',
    },
  ];
  if (recorded)
    series.push({
      label: 'prompt recorded',
      unit: 'tokens',
      values: steps.map((s) => s.recorded?.promptTokens ?? null),
      color: '--chart-events',
      dashed: true,
      missing: 'not recorded',
    });
  series.push({
    label: 'cache read est.',
    unit: 'tokens',
    values: steps.map((s) => s.estimate?.cacheReadTokens ?? null),
    color: '--summary',
    missing: 'no estimate',
  });
  if (recorded)
    series.push({
      label: 'cache read recorded',
      unit: 'tokens',
      values: steps.map((s) => s.recorded?.cacheReadTokens ?? null),
      color: '--summary',
      dashed: true,
      missing: 'not recorded',
    });
  let cost = 0;
  if (prices) {
    const costs = steps.map((s) => stepCost(s, prices));
    const estimated = runningTotal(costs.map((c) => c.estimated ?? 0));
    cost = estimated[estimated.length - 1] ?? 0;
    series.push({ label: '$ so far est.', unit: 'dollars', values: estimated, color: '--chart-tokens' });
    if (recorded && !billed)
      series.push({
        label: '$ so far re-priced',
        unit: 'dollars',
        values: runningTotal(costs.map((c) => c.repriced)),
        color: '--chart-tokens',
        dashed: true,
        missing: 'not recorded',
      });
  }
  // The dollars the log itself recorded per call need no prices: drawn as recorded, where recorded.
  const recordedTotal = billed ? runningTotal(steps.map((s) => s.recordedCost)) : [];
  if (billed)
    series.push({
      label: '$ so far recorded',
      unit: 'dollars',
      values: recordedTotal,
      color: '--chart-tokens',
      dashed: true,
      missing: 'not recorded',
    });
  const recordedCost = recordedTotal.findLast((value) => value !== null) ?? null;
  // A loop, not Math.max(...values): a call takes about 120,000 arguments, fewer than a long run's values.
  let tokenPeak = 1;
  for (const { unit, values } of series)
    if (unit === 'tokens') for (const value of values) if (value !== null && value > tokenPeak) tokenPeak = value;
  return {
    title:
      usage.calibration === 'earlier-steps'
        ? 'Prompt per step (each estimated from the steps before it)'
        : 'Prompt per step (calibrated on the whole log)',
    description: `Prompt tokens per step, estimated${recorded ? ' and recorded' : ''}, with cache reads; up to ${formatCount(tokenPeak)} tokens${prices && cost > 0 ? `; the run costs about $${cost.toFixed(2)}` : ''}${recordedCost !== null ? `; the log recorded $${recordedCost.toFixed(2)}` : ''}.`,
    steps: steps.length,
    series,
    marks,
  };
}
