import type { ReplayMode } from '../../engine/index.ts';
import type { EventId, EventRow, ReplaySummary, ViewItem } from '../../store/index.ts';

/** Where an event stands at the current step: in the agent's view, there as a placeholder, or forgotten. */
export type StepStatus = 'in view' | 'masked' | 'forgotten';

/** The status at a step of the event at a row index; undefined for events not in the history by then. */
export type StatusAt = (index: number) => StepStatus | undefined;

/**
 * Each event's status at `step`, as the side-by-side lines it up (alignStep), asked for one event at a
 * time: built from the view alone, so a step change costs what the view holds, not the whole history
 * (at a gigabyte, 600,000 events).
 */
export function statusAtStep(
  rows: readonly EventRow[],
  summary: ReplaySummary | null,
  step: number,
  view: readonly ViewItem[] | null,
  mode: ReplayMode,
): StatusAt {
  const end = summary?.steps[step]?.beforeEventIndex;
  if (!view || end === undefined) return () => undefined;
  // By id, the first item of each, as alignStep reads the view.
  const inView = new Map<EventId, StepStatus>();
  for (const item of view) {
    const id = item.kind === 'event' ? item.id : item.kind === 'masked' ? item.targetId : null;
    if (id !== null && !inView.has(id)) inView.set(id, item.kind === 'masked' ? 'masked' : 'in view');
  }
  return (index) => {
    const row = rows[index];
    if (!row || index >= end || !row.inHistory[mode] || (row.kind === 'action' && row.type === 'condensation'))
      return undefined;
    return inView.get(row.id) ?? 'forgotten';
  };
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
