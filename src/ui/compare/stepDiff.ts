import type { ModelPrices } from '../../engine/index.ts';
import {
  type AppState,
  type EventId,
  type StepUsage,
  type UsageReport,
  formatDollars,
  pricesFor,
  stepCost,
} from '../../store/index.ts';
import { formatCount } from '../shared/format.ts';

type Comparison = NonNullable<AppState['comparison']>;

/** One configuration's figures at a step: counts are exact, tokens and dollars the usage model's estimates. */
export interface SideAtStep {
  readonly events: number;
  readonly messages: number | null;
  readonly tokens: number | null;
  readonly dollars: number | null;
  /** Facts the agent used that this view had lost (spec/quality.md); null until counted. */
  readonly lostFacts: number | null;
}

/** What the log recorded for the step's agent call (exact), or null where it recorded no usage. */
export interface RecordedAtStep {
  readonly tokens: number;
  /** Null where the usage was recorded without a cost ("not recorded" is not $0). */
  readonly dollars: number | null;
}

export interface StepDiffRow {
  readonly step: number;
  readonly a: SideAtStep;
  readonly b: SideAtStep;
  /** How many events only A's view keeps, and only B's. */
  readonly onlyA: number;
  readonly onlyB: number;
  readonly recorded: RecordedAtStep | null;
}

type Overrides = Readonly<Record<string, ModelPrices>>;

function side(
  viewLength: number,
  usage: UsageReport | null,
  lostFacts: ReadonlyArray<number | null> | null,
  step: number,
  overrides: Overrides,
): SideAtStep {
  const row: StepUsage | undefined = usage && !usage.error ? usage.steps[step] : undefined;
  const prices = row ? pricesFor(row.model ?? usage!.model, overrides) : null;
  return {
    events: viewLength,
    messages: row?.messages ?? null,
    tokens: row?.estimate?.promptTokens ?? null,
    dollars: row && prices ? stepCost(row, prices.prices).estimated : null,
    lostFacts: lostFacts?.[step] ?? null,
  };
}

function recordedAt(comparison: Comparison, step: number): RecordedAtStep | null {
  // The recorded call is the log's, whichever configuration replays it: A's usage has it, else B's.
  const row = (comparison.usageA ?? comparison.usageB)?.steps[step];
  if (!row?.recorded) return null;
  return { tokens: row.recorded.promptTokens, dollars: row.recordedCost };
}

/** A and B at every step both replays have, with the events only one of them keeps and the recorded call. */
export function stepDiffRows(comparison: Comparison, overrides: Overrides): StepDiffRow[] {
  const { a, b, usageA, usageB, lostFactsA, lostFactsB, views } = comparison;
  const steps = Math.min(a.steps.length, b.steps.length, views.steps);
  return Array.from({ length: steps }, (_, step) => ({
    step,
    a: side(a.steps[step]!.viewLength, usageA, lostFactsA, step, overrides),
    b: side(b.steps[step]!.viewLength, usageB, lostFactsB, step, overrides),
    onlyA: views.onlyA[step] ?? 0,
    onlyB: views.onlyB[step] ?? 0,
    recorded: recordedAt(comparison, step),
  }));
}

/** B − A, or null when either side is unknown. */
export const difference = (a: number | null, b: number | null): number | null =>
  a === null || b === null ? null : b - a;

const MINUS = '\u2212';

/** +12, −3, 0: a difference reads with its sign. */
export function signedCount(value: number | null): string {
  if (value === null) return '–';
  if (value === 0) return '0';
  return `${value > 0 ? '+' : MINUS}${formatCount(Math.abs(value))}`;
}

/** +$0.01234, −$0.5: a difference of dollars with its sign, to the digits dollars have everywhere. */
export function signedDollars(value: number | null): string {
  if (value === null) return '–';
  if (value === 0) return '$0';
  return `${value > 0 ? '+' : MINUS}${formatDollars(Math.abs(value))}`;
}

export const count = (value: number | null): string => (value === null ? '–' : formatCount(value));
export const dollars = (value: number | null): string => (value === null ? '–' : formatDollars(value));

/**
 * Event ids in log order as runs of neighbours: "#7–#49, #86". `shortId` shortens what needs it (UUIDs);
 * a run is neighbours in the log, so its ends are enough.
 */
export function idRuns(
  events: ReadonlyArray<{ readonly id: EventId; readonly index: number }>,
  shortId: (id: EventId) => string,
  limit = 6,
): string {
  const runs: Array<{ first: EventId; last: EventId; lastIndex: number }> = [];
  for (const { id, index } of events) {
    const run = runs[runs.length - 1];
    if (run && run.lastIndex === index - 1) {
      run.last = id;
      run.lastIndex = index;
    } else runs.push({ first: id, last: id, lastIndex: index });
  }
  const shown = runs
    .slice(0, limit)
    .map((run) => (run.first === run.last ? `#${shortId(run.first)}` : `#${shortId(run.first)}–#${shortId(run.last)}`));
  return `${shown.join(', ')}${runs.length > limit ? `, … (${runs.length - limit} more runs)` : ''}`;
}
