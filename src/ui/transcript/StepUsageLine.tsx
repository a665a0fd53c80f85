import { type StepUsage, formatDollars, pricesFor, stepCost } from '../../store/index.ts';
import { useAppState } from '../app/storeContext.tsx';

const n = (value: number) => value.toLocaleString('en-US');

/** The step's estimated prompt, cache and cost next to what the provider recorded. */
export function StepUsageLine({ step }: { step: number }) {
  const usage = useAppState((s) => s.usage);
  const progress = useAppState((s) => s.usageProgress);
  const overrides = useAppState((s) => s.prices);
  if (!usage)
    return (
      <p className="usage-line muted">
        {progress ? `Estimating usage: step ${progress.done} of ${progress.total}…` : 'Usage not estimated yet.'}
      </p>
    );
  if (usage.error) return <p className="usage-line muted">{usage.error}</p>;
  const row: StepUsage | undefined = usage.steps[step];
  if (!row?.estimate) return <p className="usage-line muted">No estimate for this step.</p>;
  const prices = pricesFor(usage.model, overrides);
  const cost = prices ? stepCost(row, prices.prices) : null;
  const { estimate, recorded } = row;
  return (
    <p className="usage-line" aria-label="Usage of this step">
      <span title="Estimated prompt tokens in the provider's count (calibrated)">
        prompt {n(estimate.promptTokens)}
        {recorded && <span className="recorded"> (recorded {n(recorded.promptTokens)})</span>}
      </span>
      <span>
        cache read {n(estimate.cacheReadTokens)}
        {recorded && <span className="recorded"> ({n(recorded.cacheReadTokens)})</span>}
      </span>
      <span>
        written {n(estimate.cacheWriteTokens)}
        {recorded && <span className="recorded"> ({n(recorded.cacheWriteTokens)})</span>}
      </span>
      {cost && cost.estimated !== null && (
        <span
          title={
            prices?.preset ? `Prices: ${prices.preset.label}, ${prices.preset.source}` : 'Your prices for this model'
          }
        >
          {formatDollars(cost.estimated)}
          {cost.recorded !== null && <span className="recorded"> (recorded {formatDollars(cost.recorded)})</span>}
        </span>
      )}
    </p>
  );
}
