import type { ViewEvent } from './events.ts';

/** A view event as a trace item (spec/replay.md §6): a logged event by its id, a summary by its text. */
export function sdkTraceViewItem(event: ViewEvent): { id: string } | { summary: string } {
  return event.kind === 'CondensationSummaryEvent' ? { summary: event.summary } : { id: event.id };
}
