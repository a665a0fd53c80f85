import type { CondensationSummary, EventId, StepSummary } from './types.ts';

/** A condensation the log itself records, where it sits in the log. */
export interface LoggedCondensation {
  readonly index: number;
  readonly id: EventId;
  readonly forgottenEventIds: readonly EventId[];
  readonly forgottenCount?: number;
  readonly summary: string | null;
  readonly summaryOffset: number | null;
}

/**
 * As recorded, no condenser runs, but the log's own condensations are the truth the user came for: each
 * is credited to the first step after it (the view it first shaped), so the summary history, the chart
 * marks and N/P cover them as they do a re-simulation's.
 */
export function creditRecordedCondensations(
  steps: readonly StepSummary[],
  logged: readonly LoggedCondensation[],
): { steps: StepSummary[]; condensations: Omit<CondensationSummary, 'placeholder'>[] } {
  const condensations: Omit<CondensationSummary, 'placeholder'>[] = [];
  const idsByStep = new Map<number, EventId[]>();
  let stepIndex = 0;
  for (const condensation of [...logged].sort((a, b) => a.index - b.index)) {
    while (stepIndex < steps.length && steps[stepIndex]!.beforeEventIndex < condensation.index) stepIndex++;
    if (stepIndex >= steps.length) break;
    const { forgottenEventIds, forgottenCount } = condensation;
    condensations.push({
      id: condensation.id,
      stepIndex,
      forgottenEventIds,
      ...(forgottenCount === undefined ? {} : { forgottenCount }),
      summary: condensation.summary,
      summaryOffset: condensation.summaryOffset,
      llmCall: null,
    });
    idsByStep.set(stepIndex, [...(idsByStep.get(stepIndex) ?? []), condensation.id]);
  }
  return {
    steps: steps.map((step) =>
      idsByStep.has(step.index) ? { ...step, condensationIds: idsByStep.get(step.index)! } : step,
    ),
    condensations,
  };
}
