import { z } from 'zod';
import { defineCondenser } from '../condenser.ts';

export const noopCondenser = defineCondenser({
  type: 'noop',
  label: 'No condensation',
  description: 'Shows the agent every event of its history.',
  schema: z.strictObject({ type: z.literal('noop') }),
  usesLlm: false,
  create: () => ({
    // eslint-disable-next-line require-yield -- the generator shape is the shared condenser contract
    *condense(view) {
      return view;
    },
  }),
});
