import { useDeferredValue, useMemo } from 'react';
import { maxSizeOf } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { StepChart } from './StepChart.tsx';
import { CHART_HEIGHT } from './stepChartSpec.ts';
import { viewSizeSpec } from './viewSizeSpec.ts';

/** Past this many steps, the chart takes a new replay after the rest of the page. */
const DEFERRED_STEPS = 50_000;

/** View size per step, in events (and tokens once counted), with max_size, the condensations and the steps that used lost facts. */
export function ViewSizeChart() {
  // A long replay is drawn in a render of its own, after the rest of the page has taken it: at 1 GB its
  // 145,000 steps cost 70 ms, which made the task that shows an import's first view last 160. A
  // shorter one costs a few milliseconds and is drawn with the rest, in the same frame.
  const latest = useAppState((s) => s.summary);
  const deferred = useDeferredValue(latest);
  const summary = latest && latest.steps.length > DEFERRED_STEPS ? deferred : latest;
  const quality = useAppState((s) => s.quality);
  const step = useAppState((s) => s.step);
  // The settings the replay ran with: a value being typed (or refused) does not redraw the chart.
  const config = useAppState((s) => s.appliedConfig);
  const mode = useAppState((s) => s.mode);
  const { setStep } = useActions();
  const maxSize = mode === 'resimulate' ? maxSizeOf(config) : null;
  // Everything but the cursor depends on the replay alone: built once per replay, not per step.
  const spec = useMemo(() => {
    if (!summary) return null;
    // Facts lost arrive after the replay; until they describe these steps, none are marked.
    const lostFacts =
      quality && quality.steps.length === summary.steps.length
        ? quality.steps.map((step) => step?.missing_used.length ?? 0)
        : null;
    return viewSizeSpec(summary, maxSize, lostFacts);
  }, [summary, maxSize, quality]);
  if (!spec) return null;
  return <StepChart spec={spec} step={step} onStep={setStep} height={CHART_HEIGHT} className="view-size-chart" />;
}
