import { LogFormatError } from './errors.ts';
import type { EvalInstance } from './types.ts';

/** The position an `--instance` names, when it is a number (`3`, `03`), else null. */
export function wantedPosition(wanted: string | undefined): number | null {
  return wanted !== undefined && /^\d+$/.test(wanted) ? Number(wanted) : null;
}

/** Which of several instances to read: by id, else by 1-based position; the first when none is asked for. */
export function chooseInstance(instances: readonly EvalInstance[], wanted: string | undefined): number {
  if (wanted === undefined) return 0;
  const byId = instances.findIndex((instance) => instance.id === wanted);
  if (byId >= 0) return byId;
  const position = wantedPosition(wanted);
  const byPosition = position === null ? -1 : instances.findIndex((instance) => instance.position === position);
  if (byPosition >= 0) return byPosition;
  const listed = instances
    .slice(0, 10)
    .map((instance) => instance.id)
    .join(', ');
  throw new LogFormatError(
    '',
    `no instance "${wanted}" in this file (${instances.length} instances: ${listed}${instances.length > 10 ? ', …' : ''})`,
  );
}

export function severalInstancesNote(instances: readonly EvalInstance[], shown: string): string[] {
  return instances.length > 1 ? [`This file holds ${instances.length} instances; showing ${shown}.`] : [];
}

/** How an evaluation recorded the outcome: SWE-bench's `test_result.report.resolved`, or a top-level `resolved`. */
export function resolvedOf(record: Record<string, unknown>): boolean | null {
  const testResult = record.test_result;
  const report =
    typeof testResult === 'object' && testResult !== null
      ? (testResult as Record<string, unknown>).report
      : record.report;
  if (
    typeof report === 'object' &&
    report !== null &&
    typeof (report as Record<string, unknown>).resolved === 'boolean'
  )
    return (report as Record<string, boolean>).resolved!;
  return typeof record.resolved === 'boolean' ? record.resolved : null;
}

/** Condensation events in a history (V0 `action: "condensation"`, SDK `kind: "Condensation"`; 2024 pairs too). */
export function countCondensations(history: readonly unknown[]): number {
  let count = 0;
  for (const item of history) {
    const event = Array.isArray(item) ? item[0] : item;
    if (typeof event !== 'object' || event === null) continue;
    const { action, kind } = event as Record<string, unknown>;
    if (action === 'condensation' || kind === 'Condensation') count++;
  }
  return count;
}
