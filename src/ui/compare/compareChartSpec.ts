import type { ReplaySummary, UsageReport } from '../../store/index.ts';
import type { ChartSeries, StepChartSpec } from '../chart/stepChartSpec.ts';

const condensed = (summary: ReplaySummary) =>
  summary.steps.filter((step) => step.condensationIds.length > 0).map((step) => step.index);

/** A and B on the same steps: their view sizes (events) and, once estimated, their prompts (tokens). */
export function compareChartSpec(
  a: ReplaySummary,
  b: ReplaySummary,
  usageA: UsageReport | null,
  usageB: UsageReport | null,
): StepChartSpec {
  const series: ChartSeries[] = [
    { label: 'A events', unit: 'events', values: a.steps.map((s) => s.viewLength), color: '--chart-events' },
    { label: 'B events', unit: 'events', values: b.steps.map((s) => s.viewLength), color: '--chart-tokens' },
  ];
  for (const [name, usage, color] of [
    ['A', usageA, '--chart-events'],
    ['B', usageB, '--chart-tokens'],
  ] as const) {
    if (!usage || usage.error) continue;
    series.push({
      label: `${name} prompt est.`,
      unit: 'tokens',
      values: usage.steps.map((s) => s.estimate?.promptTokens ?? null),
      color,
      dashed: true,
      missing: 'no estimate',
    });
  }
  const marksA = condensed(a);
  const marksB = condensed(b);
  const peak = (summary: ReplaySummary) => summary.steps.reduce((m, s) => Math.max(m, s.viewLength), 0);
  return {
    title: 'A and B per step',
    description: `View size of A and B over ${a.steps.length} steps: peaks ${peak(a)} and ${peak(b)} events; A condenses at ${marksA.length} steps, B at ${marksB.length}.`,
    steps: Math.min(a.steps.length, b.steps.length),
    series,
    marks: [...new Set([...marksA, ...marksB])].sort((x, y) => x - y),
  };
}
