import { formatCount } from '../shared/format.ts';
import { formatDollars } from '../../store/index.ts';

/** What a chart's left or right axis counts; each unit has its own scale. */
export type ChartUnit = 'events' | 'tokens' | 'dollars';

/** One line of a step chart: a value per step (null where there is none, e.g. nothing recorded). */
export interface ChartSeries {
  readonly label: string;
  readonly unit: ChartUnit;
  readonly values: ReadonlyArray<number | null>;
  /** A CSS custom property holding the line's colour (light and dark). */
  readonly color: string;
  /** Dashed: what the log recorded, beside the simulation's solid line; or a limit. */
  readonly dashed?: boolean;
  /** What an empty value means, in the hover legend ("not recorded"). */
  readonly missing?: string;
}

/** Everything a step chart draws: one x position per step (shown 1-based), lines on up to two scales. */
export interface StepChartSpec {
  readonly title: string;
  /** One sentence for screen readers: what the chart shows and its extremes. */
  readonly description: string;
  readonly steps: number;
  readonly series: readonly ChartSeries[];
  /** Steps (0-based) where a condensation happened: a vertical mark each. */
  readonly marks: readonly number[];
  /**
   * Per step (0-based), how many facts the agent used that its view had lost (spec/quality.md): a mark
   * over each step with any, and the count in the legend. Absent where the chart does not show them.
   */
  readonly lostFacts?: readonly number[];
  /** Whose facts the marks count, in the legend ("facts lost" when the chart shows one replay). */
  readonly lostFactsLabel?: string;
}

/** How many steps used facts their view had lost (a mark each on the chart). */
export function stepsWithLostFacts(lostFacts: ReadonlyArray<number | null>): number {
  return lostFacts.filter((count) => (count ?? 0) > 0).length;
}

/** Plot and axes of a timeline chart, in CSS pixels. */
export const CHART_HEIGHT = 104;

export const UNIT_LABELS: Record<ChartUnit, string> = { events: 'events', tokens: 'tokens', dollars: 'US$' };

/** The units a spec uses, in the order they come: the first on the left axis, the second on the right. */
export function unitsOf(spec: StepChartSpec): ChartUnit[] {
  return [...new Set(spec.series.map((series) => series.unit))];
}

/** An axis tick: 12k tokens, $0.50, 40 events. */
export function tickLabel(unit: ChartUnit, value: number): string {
  if (unit === 'dollars')
    return value === 0 ? '$0' : `$${value < 1 ? value.toFixed(2) : value.toFixed(value < 10 ? 1 : 0)}`;
  if (Math.abs(value) >= 1e6) return `${+(value / 1e6).toFixed(1)}M`;
  if (Math.abs(value) >= 1e3) return `${+(value / 1e3).toFixed(1)}k`;
  return String(+value.toFixed(2));
}

/** The exact figure shown on hover: counts in full (as the trace has them), dollars as everywhere else. */
export function exactValue(series: ChartSeries, value: number | null | undefined): string {
  if (value === null || value === undefined) return series.missing ?? '–';
  return series.unit === 'dollars' ? formatDollars(value) : formatCount(value);
}
