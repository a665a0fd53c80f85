import { z } from 'zod';
import { condensation, defineCondenser, keepFirstBelowHalf, rolling } from '../condenser.ts';
import { OpenHandsFailure, floorDiv, minMax, pySlice } from '../../core/index.ts';
import { entryId } from '../events.ts';
import { KEEP_FIRST_DESCRIPTION, MAX_SIZE_DESCRIPTION, intSetting } from './fields.ts';
export const amortizedCondenser = defineCondenser({
  type: 'amortized',
  label: 'Amortized forgetting',
  description: 'When the view outgrows max_size, forgets the middle so that half of max_size remains.',
  schema: z.strictObject({
    type: z.literal('amortized'),
    max_size: intSetting(100, 2, MAX_SIZE_DESCRIPTION),
    keep_first: intSetting(1, 0, KEEP_FIRST_DESCRIPTION),
  }),
  usesLlm: false,
  check: keepFirstBelowHalf,
  create: ({ max_size, keep_first }) =>
    rolling(
      (view) => view.length > max_size || view.unhandledCondensationRequest,
      // eslint-disable-next-line require-yield -- no LLM here, but rolling condensers share the generator shape
      function* (view) {
        const target = floorDiv(max_size, 2);
        const head = pySlice(view.entries, 0, keep_first);
        const eventsFromTail = target - head.length;
        const tail = pySlice(view.entries, -eventsFromTail);
        // By id, as OpenHands does: a synthetic id -1 in the view (a masked observation) enters the set.
        const keptIds = new Set([...head, ...tail].map(entryId));
        const forgotten = view.entries.map(entryId).filter((id) => !keptIds.has(id));
        if (forgotten.length === 0) {
          throw new OpenHandsFailure(
            `the amortized condenser was asked to condense a view of ${view.length} events, but it keeps ${target} (max_size // 2), so there is nothing to forget`,
            'ValueError: min() arg is an empty sequence',
          );
        }
        const [start, end] = minMax(forgotten);
        return condensation({ forgottenEventsStartId: start, forgottenEventsEndId: end });
      },
    ),
});
