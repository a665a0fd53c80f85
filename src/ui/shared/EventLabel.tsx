import type { EventId, EventRow } from '../../store/index.ts';

/** SDK ids are UUIDs: their first eight characters tell them apart in a list. */
export function shortId(id: EventId): string {
  return typeof id === 'string' && id.length > 12 ? id.slice(0, 8) : String(id);
}

/** `#12 run (agent) · Running command: ls`: how one event reads in lists. */
export function EventLabel({ row }: { row: EventRow }) {
  return (
    <>
      <span className="event-id" title={String(row.id)}>
        #{shortId(row.id)}
      </span>{' '}
      <span className={`event-type ${row.kind}`}>{row.type}</span>
      {row.source && <span className="event-source"> ({row.source})</span>}
      <span className="event-summary"> · {row.summary}</span>
    </>
  );
}
