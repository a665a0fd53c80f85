import { formatDollars, formatPercent } from '../../store/index.ts';
import { useAppState } from '../app/storeContext.tsx';

/**
 * The one sentence a user came for: what the run cost as recorded, and what B would have cost, labelled as
 * an estimate with the error the estimator showed on this very log.
 */
export function RecordedVsEstimate({ estimatedB }: { estimatedB: number | null }) {
  const bill = useAppState((s) => s.active?.opened.recordedBill ?? null);
  const measured = useAppState((s) => s.estimateErrorOnLog);
  if (!bill) return null;
  const recorded =
    bill.nothingRecorded || bill.totalCost === null ? 'no recorded cost' : `recorded ${formatDollars(bill.totalCost)}`;
  const estimate =
    estimatedB === null
      ? 'configuration B is still being estimated'
      : `with configuration B an estimated ${formatDollars(estimatedB)}${
          measured
            ? ` (±${formatPercent(measured.p95)}: the estimator's p95 error on this log's ${measured.calls} recorded calls)`
            : ' (error not measured yet: open the session as recorded once to measure it)'
        }`;
  return (
    <p className="recorded-vs-estimate" aria-label="Recorded cost and B's estimate">
      This run: {recorded}; {estimate}.
    </p>
  );
}
