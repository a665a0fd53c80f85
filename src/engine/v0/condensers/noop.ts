import { z } from 'zod';
import { defineCondenser, transform } from '../condenser.ts';

export const noopCondenser = defineCondenser({
  type: 'noop',
  label: 'No condensation',
  description: 'Shows the agent every event of its history.',
  schema: z.strictObject({ type: z.literal('noop') }),
  usesLlm: false,
  create: () => transform((view) => view),
});
