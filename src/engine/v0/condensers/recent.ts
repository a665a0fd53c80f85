import { z } from 'zod';
import { defineCondenser, transform } from '../condenser.ts';
import { viewOf, viewRange } from '../view.ts';
import { KEEP_FIRST_DESCRIPTION, intSetting } from './fields.ts';

export const recentCondenser = defineCondenser({
  type: 'recent',
  label: 'Recent events',
  description: 'Shows the first keep_first events and the most recent ones, up to max_events in all.',
  schema: z.strictObject({
    type: z.literal('recent'),
    keep_first: intSetting(1, 0, KEEP_FIRST_DESCRIPTION),
    max_events: intSetting(100, 1, 'The most events the view may hold.'),
  }),
  usesLlm: false,
  create: ({ keep_first, max_events }) =>
    transform((view) => {
      // view[:keep_first] + view[-tail_length:], reading only those entries: building the whole view at
      // every step made a replay quadratic in the log's length (33 s on 100,000 events).
      const head = viewRange(view, 0, keep_first);
      const tailLength = Math.max(0, max_events - head.length);
      // Python's view[-0:] is the whole view, so a short view (or tail_length 0) repeats the head: OpenHands does.
      const tail =
        tailLength === 0 ? viewRange(view, 0, view.length) : viewRange(view, view.length - tailLength, view.length);
      return viewOf([...head, ...tail]);
    }),
});
