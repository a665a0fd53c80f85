import type { EventRow } from '../../store/index.ts';

/** `#12 run (agent) · Running command: ls`: how one event reads in lists. */
export function EventLabel({ row }: { row: EventRow }) {
  return (
    <>
      <span className="event-id">#{row.id}</span> <span className={`event-type ${row.kind}`}>{row.type}</span>
      {row.source && <span className="event-source"> ({row.source})</span>}
      <span className="event-summary"> · {row.summary}</span>
    </>
  );
}
