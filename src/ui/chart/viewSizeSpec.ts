import { type ReplaySummary, condensationSteps } from '../../store/index.ts';
import { type ChartSeries, type StepChartSpec, stepsWithLostFacts } from './stepChartSpec.ts';

const peak = (values: ReadonlyArray<number | null>) => values.reduce<number>((a, b) => Math.max(a, b ?? 0), 0);

/**
 * The view the agent got at each step, in events and (once counted) tokens, with max_size, the
 * condensations and (once counted, per step) the facts the agent used that its view had lost.
 */
export function viewSizeSpec(
  summary: ReplaySummary,
  maxSize: number | null,
  lostFacts: readonly number[] | null = null,
): StepChartSpec {
  const events = summary.steps.map((step) => step.viewLength);
  const tokens = summary.steps.map((step) => step.viewTokens);
  const marks = condensationSteps(summary);
  const series: ChartSeries[] = [{ label: 'events', unit: 'events', values: events, color: '--chart-events' }];
  if (maxSize !== null)
    series.push({
      label: 'max_size',
      unit: 'events',
      values: events.map(() => maxSize),
      color: '--chart-max',
      dashed: true,
    });
  const tokenPeak = peak(tokens);
  if (tokenPeak > 0) series.push({ label: 'tokens', unit: 'tokens', values: tokens, color: '--chart-tokens' });
  return {
    title: 'View size per step',
    description: `View size over ${events.length} steps: up to ${peak(events)} events${tokenPeak ? ` and ${tokenPeak.toLocaleString('en-US')} tokens` : ''}; ${marks.length} steps condensed${maxSize !== null ? `; max_size ${maxSize}` : ''}${lostFacts ? `; the agent used lost facts at ${stepsWithLostFacts(lostFacts)} steps` : ''}.`,
    steps: events.length,
    series,
    marks,
    ...(lostFacts ? { lostFacts } : {}),
  };
}
