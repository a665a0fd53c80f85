import { formatCount } from '../shared/format.ts';
import { type ReplaySummary, condensationSteps } from '../../store/index.ts';
import { type ChartSeries, type StepChartSpec, stepsWithLostFacts } from './stepChartSpec.ts';

/**
 * The view the agent got at each step, in events and (once counted) tokens, with max_size, the
 * condensations and (once counted, per step) the facts the agent used that its view had lost.
 */
export function viewSizeSpec(
  summary: ReplaySummary,
  maxSize: number | null,
  lostFacts: readonly number[] | null = null,
): StepChartSpec {
  // One loop for the series and their peaks: a gigabyte log has 145,000 steps, and this runs for every replay.
  const { steps } = summary;
  const events = new Array<number>(steps.length);
  const tokens = new Array<number>(steps.length);
  let eventPeak = 0;
  let tokenPeak = 0;
  for (let i = 0; i < steps.length; i++) {
    const { viewLength, viewTokens } = steps[i]!;
    events[i] = viewLength;
    tokens[i] = viewTokens;
    if (viewLength > eventPeak) eventPeak = viewLength;
    if (viewTokens > tokenPeak) tokenPeak = viewTokens;
  }
  const marks = condensationSteps(summary);
  const series: ChartSeries[] = [{ label: 'events', unit: 'events', values: events, color: '--chart-events' }];
  if (maxSize !== null)
    series.push({
      label: 'max_size',
      unit: 'events',
      values: new Array<number>(events.length).fill(maxSize),
      color: '--chart-max',
      dashed: true,
    });
  if (tokenPeak > 0) series.push({ label: 'tokens', unit: 'tokens', values: tokens, color: '--chart-tokens' });
  return {
    title: 'View size per step',
    description: `View size over ${events.length} steps: up to ${eventPeak} events${tokenPeak ? ` and ${formatCount(tokenPeak)} tokens` : ''}; ${marks.length} steps condensed${maxSize !== null ? `; max_size ${maxSize}` : ''}${lostFacts ? `; the agent used lost facts at ${stepsWithLostFacts(lostFacts)} steps` : ''}.`,
    steps: events.length,
    series,
    marks,
    ...(lostFacts ? { lostFacts } : {}),
  };
}
