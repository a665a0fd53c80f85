import { useMemo } from 'react';
import { condensationSteps, pricesFor, sessionPrices } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { StepChart } from './StepChart.tsx';
import { usageSpec } from './usageSpec.ts';
import { CHART_HEIGHT } from './stepChartSpec.ts';

/** Per step: estimated and recorded prompt tokens and cache reads, and the run's cost so far. */
export function UsageChart() {
  const usage = useAppState((s) => s.usage);
  const summary = useAppState((s) => s.summary);
  const step = useAppState((s) => s.step);
  const overrides = useAppState(sessionPrices);
  const progress = useAppState((s) => s.usageProgress);
  const { setStep } = useActions();
  const spec = useMemo(() => {
    if (!usage || usage.error || usage.steps.length === 0) return null;
    return usageSpec(usage, condensationSteps(summary), pricesFor(usage.model, overrides)?.prices ?? null);
  }, [usage, summary, overrides]);
  if (!usage)
    return progress ? (
      <p className="muted chart-note">
        Estimating usage: step {progress.done} of {progress.total}…
      </p>
    ) : null;
  if (usage.error) return <p className="muted chart-note">{usage.error}</p>;
  if (!spec) return null;
  return <StepChart spec={spec} step={step} onStep={setStep} height={CHART_HEIGHT} className="usage-chart" />;
}
