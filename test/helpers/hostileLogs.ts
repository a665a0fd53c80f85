import { v0Events } from './logs.ts';

/**
 * Issue 21's log: `condensations` recorded condensations, each forgetting the range 0..9,999,999 with
 * a summary, between agent steps; about 8 KB per condensation with `padding` (150 make a 1.2 MB log).
 */
export function wideRangeLog(condensations: number, padding = 7800): Record<string, unknown>[] {
  const events = v0Events(condensations);
  const out: Record<string, unknown>[] = [events[0]!];
  for (let i = 0; i < condensations; i++) {
    out.push({
      id: out.length,
      source: 'agent',
      action: 'condensation',
      message: `Summary ${i}`,
      args: {
        forgotten_event_ids: null,
        forgotten_events_start_id: 0,
        forgotten_events_end_id: 9_999_999,
        summary: `summary ${i} ${'x'.repeat(padding)}`,
        summary_offset: 1,
      },
    });
    const [action, observation] = [events[1 + 2 * i]!, events[2 + 2 * i]!];
    out.push({ ...action, id: out.length }, { ...observation, id: out.length + 1, cause: out.length });
  }
  return out;
}
