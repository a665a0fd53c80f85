import type { ReplayMode } from '../../engine/index.ts';
import { type EventRow, type ReplaySummary, type ViewItem, alignStep } from '../../store/index.ts';

/** Where an event stands at the current step: in the agent's view, there as a placeholder, or forgotten. */
export type StepStatus = 'in view' | 'masked' | 'forgotten';

/** The status at `step` of each event the history holds by then (later events, and those never in it, have none). */
export function statusAtStep(
  rows: readonly EventRow[],
  summary: ReplaySummary | null,
  step: number,
  view: readonly ViewItem[] | null,
  mode: ReplayMode,
): ReadonlyMap<number, StepStatus> {
  const statuses = new Map<number, StepStatus>();
  if (!summary || !view) return statuses;
  for (const row of alignStep(rows, summary, step, view, mode))
    if (row.kind === 'event') statuses.set(row.index, row.status === 'kept' ? 'in view' : row.status);
  return statuses;
}

/** What the "Show" filter keeps. */
export type ShowFilter = 'all' | 'in view' | 'forgotten' | 'masked' | 'errors';

export const SHOW_LABELS: Record<ShowFilter, string> = {
  all: 'All events',
  'in view': 'In view at this step',
  forgotten: 'Forgotten by this step',
  masked: 'Masked at this step',
  errors: 'Error events',
};

/** V0's `error` observations, the SDK's AgentErrorEvent and the like. */
export const isErrorEvent = (row: EventRow) => /error/i.test(row.type);

export function keeps(filter: ShowFilter, row: EventRow, status: StepStatus | undefined): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'in view':
      return status === 'in view' || status === 'masked';
    case 'errors':
      return isErrorEvent(row);
    default:
      return status === filter;
  }
}
