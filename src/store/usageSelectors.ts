import type { UsageReport } from '../inspect/index.ts';

const FOUR_DIGITS = new Intl.NumberFormat('en-US', { minimumSignificantDigits: 4, maximumSignificantDigits: 4 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars to 4 significant digits below $1,000 ($0.04906, $1.344), cents above: a recorded $0.049 is not $0.05. */
export function formatDollars(value: number): string {
  if (value === 0) return '$0';
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  const digits = size < 1000 ? FOUR_DIGITS.format(size) : CENTS.format(size);
  return `${sign}$${digits}`;
}

/** How far the estimates were from the provider's record on this log. */
export interface EstimateError {
  /** 95th percentile of |estimate - recorded| / recorded over the whole input tokens. */
  readonly p95: number;
  /** The recorded calls it was measured on. */
  readonly calls: number;
}

/** Calls the estimator learns from before it is judged (as recorded, each step learns from the earlier ones). */
const WARM_UP_CALLS = 9;

/**
 * The estimator's error measured on this log: as recorded, each step's estimate was fitted on earlier calls
 * only, so comparing it with the step's recorded usage is a fair test. Null when nothing could be measured.
 */
export function estimateError(report: UsageReport | null): EstimateError | null {
  if (!report || report.error || report.calibration !== 'earlier-steps') return null;
  const errors = report.steps
    .slice(WARM_UP_CALLS)
    .flatMap((step) =>
      step.estimate && step.recorded && step.recorded.promptTokens > 0
        ? [Math.abs(step.estimate.promptTokens - step.recorded.promptTokens) / step.recorded.promptTokens]
        : [],
    )
    .sort((a, b) => a - b);
  if (errors.length === 0) return null;
  return { p95: errors[Math.round(0.95 * (errors.length - 1))]!, calls: errors.length };
}

export const formatPercent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
