import { formatCount } from '../shared/format.ts';
import { type StepUsage, formatDollars, formatPercent, pricesFor, stepCost, sessionPrices } from '../../store/index.ts';
import { useAppState } from '../app/storeContext.tsx';

const n = formatCount;

/** Re-priced dollars are worth a column only where today's prices tell another story than the bill. */
const differs = (a: number, b: number) => Math.abs(a - b) > 0.005 * Math.max(Math.abs(a), Math.abs(b));

/** The step's estimated prompt, cache and cost, labelled as estimates, next to what the provider recorded. */
export function StepUsageLine({ step }: { step: number }) {
  const usage = useAppState((s) => s.usage);
  const progress = useAppState((s) => s.usageProgress);
  const overrides = useAppState(sessionPrices);
  const measured = useAppState((s) => s.estimateErrorOnLog);
  if (!usage)
    return (
      <p className="usage-line muted">
        {progress ? `Estimating usage: step ${progress.done} of ${progress.total}…` : 'Usage not estimated yet.'}
      </p>
    );
  if (usage.error) return <p className="usage-line muted">{usage.error}</p>;
  const row: StepUsage | undefined = usage.steps[step];
  if (!row?.estimate) return <p className="usage-line muted">No estimate for this step.</p>;
  const prices = pricesFor(row.model ?? usage.model, overrides);
  const cost = prices ? stepCost(row, prices.prices) : null;
  const { estimate, recorded } = row;
  const errorNote = measured
    ? `Estimated. On this log, estimates fitted on earlier calls were within ${formatPercent(measured.p95)} of the recorded input (p95 of ${measured.calls} calls).`
    : 'Estimated (no recorded usage on this log to measure the estimate against).';
  return (
    <p className="usage-line" aria-label="Usage of this step">
      <span title={errorNote}>
        prompt {n(estimate.promptTokens)} <span className="estimate-label">est.</span>
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
          title={`${errorNote} ${prices?.preset ? `Prices: ${prices.preset.label}, ${prices.preset.source}.` : 'Your prices for this model.'}`}
        >
          {formatDollars(cost.estimated)} <span className="estimate-label">est.</span>
        </span>
      )}
      {cost?.recorded != null ? (
        <span className="recorded" title="What the provider billed for this call, as the log recorded it">
          recorded {formatDollars(cost.recorded)}
        </span>
      ) : (
        recorded && <span className="muted">cost not recorded</span>
      )}
      {cost?.repriced != null && (cost.recorded === null || differs(cost.repriced, cost.recorded)) && (
        <span title="The recorded tokens at the prices set here (not what was billed)">
          re-priced {formatDollars(cost.repriced)}
        </span>
      )}
      {row.model && <span className="muted">{row.model}</span>}
    </p>
  );
}
