import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { EventLifeline } from '../event-life/EventLifeline.tsx';
import { Highlighted } from '../search/Highlighted.tsx';
import { useEscape } from '../shared/useEscape.ts';
import './eventTable.css';

/** Image references an event carries: screenshots and message images. */
export function imageReferences(rawJson: string): string[] {
  let event: unknown;
  try {
    event = JSON.parse(rawJson);
  } catch {
    return [];
  }
  if (typeof event !== 'object' || event === null) return [];
  const { args, extras } = event as { args?: Record<string, unknown>; extras?: Record<string, unknown> };
  const found: unknown[] = [extras?.screenshot, extras?.set_of_marks];
  // A loop, not push(...list): a call takes about 120,000 arguments, and a stranger's log may list more.
  for (const list of [args?.image_urls, extras?.image_urls])
    if (Array.isArray(list)) for (const url of list as unknown[]) found.push(url);
  return found.filter((value): value is string => typeof value === 'string' && value !== '');
}

/** Images an open event shows, at most (a stranger's event may list thousands; the raw JSON holds them all). */
export const MAX_SHOWN_IMAGES = 20;

/** Only inline data: images are shown; a log must never make the page fetch anything. */
export function isSafeImage(url: string): boolean {
  return /^data:image\/(png|jpeg|jpg|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(url);
}

/** The raw JSON of the selected event, exactly as the log has it (as text, never as HTML), search hits marked. */
export function EventDetail() {
  const raw = useAppState((s) => s.rawJson);
  const row = useAppState((s) => (s.rawJson && s.active ? s.active.opened.rows[s.rawJson.index] : undefined));
  const search = useAppState((s) => s.search);
  const { selectEvent } = useActions();
  const images = useMemo(() => (raw ? imageReferences(raw.text) : []), [raw]);
  const close = useCallback(() => void selectEvent(null), [selectEvent]);
  useEscape(raw !== null, close);
  const panel = useRef<HTMLElement>(null);
  // A search hit opens at its first occurrence, marked as the current one.
  useEffect(() => {
    const first = panel.current?.querySelector('mark.search-hit');
    if (!first) return;
    first.classList.add('current');
    first.scrollIntoView({ block: 'center' });
  }, [raw, search]);
  if (!raw || !row) return <p className="empty">Select an event to see it in full.</p>;
  return (
    <section ref={panel} className="event-detail" aria-label={`Event ${row.id}`}>
      <header>
        <h4>
          Event #{row.id} ({row.kind} {row.type})
        </h4>
        <button type="button" onClick={close} aria-label="Close the event" title="Close (Esc)">
          Close
        </button>
      </header>
      <EventLifeline />

      {images.slice(0, MAX_SHOWN_IMAGES).map((url, i) =>
        isSafeImage(url) ? (
          <img key={i} className="event-image" src={url} alt={`Image ${i + 1} of event ${row.id}`} />
        ) : (
          <p key={i} className="help">
            Image {i + 1} not shown: only inline data:image URLs are displayed.
          </p>
        ),
      )}
      {images.length > MAX_SHOWN_IMAGES && (
        <p className="help">
          {images.length - MAX_SHOWN_IMAGES} more images not shown: the first {MAX_SHOWN_IMAGES} of {images.length} are.
          The raw JSON below holds them all.
        </p>
      )}
      {raw.rendered !== null && (
        <>
          <h5 title="str(event): the text OpenHands' summarizers read for this event">As OpenHands prints it</h5>
          <pre className="event-text" tabIndex={0} aria-label="Event text">
            <Highlighted text={raw.rendered} query={search} />
          </pre>
        </>
      )}
      <h5>Raw JSON</h5>
      <pre className="raw-json" tabIndex={0} aria-label="Raw JSON">
        <Highlighted text={raw.text} query={search} />
      </pre>
    </section>
  );
}
