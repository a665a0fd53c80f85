import { type ReplaySummary, type UsageReport, condensationSteps } from '../../store/index.ts';
import { type ChartSeries, type StepChartSpec, stepsWithLostFacts } from '../chart/stepChartSpec.ts';

/**
 * A and B on the same steps: their view sizes (events) and, once estimated, their prompts (tokens); once
 * counted, B's steps that used facts its view had lost are marked (B is the setting being tried).
 */
export function compareChartSpec(
  a: ReplaySummary,
  b: ReplaySummary,
  usageA: UsageReport | null,
  usageB: UsageReport | null,
  lostFactsA: ReadonlyArray<number | null> | null = null,
  lostFactsB: ReadonlyArray<number | null> | null = null,
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
  const marksA = condensationSteps(a);
  const marksB = condensationSteps(b);
  const peak = (summary: ReplaySummary) => summary.steps.reduce((m, s) => Math.max(m, s.viewLength), 0);
  const lost = lostFactsB
    ? `; B used lost facts at ${stepsWithLostFacts(lostFactsB)} steps${lostFactsA ? `, A at ${stepsWithLostFacts(lostFactsA)}` : ''}`
    : '';
  return {
    title: 'A and B per step',
    description: `View size of A and B over ${a.steps.length} steps: peaks ${peak(a)} and ${peak(b)} events; A condenses at ${marksA.length} steps, B at ${marksB.length}${lost}.`,
    steps: Math.min(a.steps.length, b.steps.length),
    series,
    marks: [...new Set([...marksA, ...marksB])].sort((x, y) => x - y),
    ...(lostFactsB ? { lostFacts: lostFactsB.map((count) => count ?? 0), lostFactsLabel: 'B facts lost' } : {}),
  };
}
