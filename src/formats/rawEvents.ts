import { type ElementSpans, elementSpansOf } from './jsonBytes.ts';

/**
 * Each event's JSON as the log has it, for the event detail and the search. Where the log was read
 * from bytes, only the byte spans are kept and an event is parsed again when asked for; the parsed
 * objects are let go (on a big log they are most of the memory). Otherwise the parsed items are kept.
 */
export interface RawEvents {
  readonly length: number;
  /** The event's JSON value. */
  at(index: number): unknown;
  /** The event's JSON text as the file has it, or null where the log was not read from bytes. */
  sourceBytes(index: number): Uint8Array | null;
}

function fromSpans(spans: ElementSpans): RawEvents {
  return {
    length: spans.length,
    at: (index) => spans.parse(index),
    sourceBytes: (index) => spans.bytesOf(index),
  };
}

/** The raw events of `items` (the list a reader found), by their byte spans where it has them. */
export function rawEventsOf(items: readonly unknown[]): RawEvents {
  const spans = elementSpansOf(items);
  if (spans && spans.length === items.length) return fromSpans(spans);
  return { length: items.length, at: (index) => items[index], sourceBytes: () => null };
}
