import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { type LogEvent, type TokenEstimator, eventTokenText } from '../engine/index.ts';

/** Counts with OpenAI's o200k tokenizer: an estimate for other models' tokenizers, but a real one. */
export function countTextTokens(text: string): number {
  return text === '' ? 0 : countTokens(text);
}

/** Token counts of every event, computed once per log (index-aligned with the events). */
export function countEventTokens(events: readonly LogEvent[]): Uint32Array {
  const counts = new Uint32Array(events.length);
  events.forEach((event, i) => {
    counts[i] = countTextTokens(eventTokenText(event));
  });
  return counts;
}

/** A TokenEstimator over precomputed per-event counts (events the replay made count as zero). */
export function tokenEstimator(eventCounts: Uint32Array): TokenEstimator {
  return {
    event: (event) => (event.index >= 0 ? (eventCounts[event.index] ?? 0) : 0),
    text: countTextTokens,
  };
}
