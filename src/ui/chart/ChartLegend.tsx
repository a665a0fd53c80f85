import { type StepChartSpec, exactValue } from './stepChartSpec.ts';

/**
 * The figures of one step: the one under the pointer, else the current step. The numbers are the
 * replay's own (counts in full), so they can be checked against the trace.
 */
export function ChartLegend({ spec, step, hovered }: { spec: StepChartSpec; step: number; hovered: boolean }) {
  if (step < 0 || step >= spec.steps) return null;
  return (
    <p className="chart-legend" aria-live="off" data-step={step + 1}>
      <span className="chart-legend-step" title={hovered ? 'The step under the pointer' : 'The current step'}>
        Step {step + 1}
        {spec.marks.includes(step) && <span className="chart-legend-mark"> · condensed</span>}
      </span>
      {spec.lostFacts && (
        <span
          className="chart-legend-lost"
          data-series="facts lost"
          title="Facts the agent used at this step that its view no longer showed (a mark over the step)"
        >
          <span className="chart-swatch-lost" aria-hidden="true" />
          {spec.lostFactsLabel ?? 'facts lost'} <span className="chart-legend-value">{spec.lostFacts[step] ?? 0}</span>
        </span>
      )}
      {spec.series.map((series) => (
        <span key={series.label} className="chart-legend-item" data-series={series.label}>
          <span
            className={series.dashed ? 'chart-swatch dashed' : 'chart-swatch'}
            style={{ color: `var(${series.color})` }}
            aria-hidden="true"
          />
          {series.label} <span className="chart-legend-value">{exactValue(series, series.values[step])}</span>
        </span>
      ))}
    </p>
  );
}
