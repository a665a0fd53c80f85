import { z } from 'zod';
import { type CondenserConfig, defineCondenser, isCondensation } from '../condenser.ts';
import type { View } from '../view.ts';

export const pipelineCondenser = defineCondenser({
  type: 'pipeline',
  label: 'Pipeline',
  description: 'Runs several condensers in order; the first condensation wins, otherwise each gets the previous view.',
  schema: z.strictObject({
    type: z.literal('pipeline'),
    // Each member is read by config.ts as pydantic's union reads it (a member may leave out `type`).
    condensers: z
      .array(z.unknown(), { error: 'must be a list of condenser configurations' })
      .default([])
      .describe('The condensers, in order.'),
  }),
  usesLlm: false,
  childrenKey: 'condensers',
  create: ({ condensers }, environment) => {
    const children = condensers.map((child) => environment.build(child as CondenserConfig));
    return {
      *condense(view) {
        let result = view;
        for (const child of children) {
          const next = yield* child.condense(result);
          if (isCondensation(next)) return next;
          result = next;
        }
        return result;
      },
      passThrough(view) {
        let result: View | null = view;
        for (const child of children) {
          result = child.passThrough(result);
          if (!result) return null;
        }
        return result;
      },
    };
  },
});
