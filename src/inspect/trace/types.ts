/** The replay trace's shape (spec/replay.md §6), as JSON readers see it: V0 ids are numbers, SDK ids strings. */
export type TraceId = number | string;

export type TraceViewItem = { id: TraceId } | { summary: string } | { masked: TraceId | 'summary'; content: string };

export interface TraceCondensation {
  id: TraceId;
  forgotten_event_ids: TraceId[];
  summary: string | null;
  summary_offset: number | null;
}

export interface TraceStep {
  before_event_id: TraceId;
  condensations: TraceCondensation[];
  view?: TraceViewItem[];
  view_delta?: { keep: number; add: TraceViewItem[] };
  unhandled_condensation_request?: boolean;
  view_tokens?: number;
  error?: string;
  [figure: string]: unknown;
}

export interface Trace {
  format?: 'compact';
  steps: TraceStep[];
  [total: string]: unknown;
}
