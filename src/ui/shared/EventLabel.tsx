import type { EventId, EventRow } from '../../store/index.ts';
import './eventLabel.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SDK ids are UUIDs: their first eight characters tell them apart in a list; other ids stay whole. */
export function shortId(id: EventId): string {
  return typeof id === 'string' && UUID.test(id) ? id.slice(0, 8) : String(id);
}

/** `#12 run (agent) · Running command: ls`: how one event reads in lists. */
export function EventLabel({ row }: { row: EventRow }) {
  return (
    <>
      <span className="event-id" title={String(row.id)}>
        #{shortId(row.id)}
      </span>{' '}
      <span className={`event-type ${row.kind}`}>{row.type}</span>
      {row.source && !row.type.endsWith(`(${row.source})`) && <span className="event-source"> ({row.source})</span>}
      <span className="event-summary"> · {row.summary}</span>
    </>
  );
}
