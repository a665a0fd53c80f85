import { z } from 'zod';
import { NoOpCondenser } from '../condenser.ts';
import { defineSdkCondenser } from './definition.ts';

const schema = z.strictObject({ kind: z.literal('NoOpCondenser') });

export const noOpCondenser = defineSdkCondenser({
  kind: 'NoOpCondenser',
  label: 'No condensation',
  description: 'Shows the agent every event of its view.',
  schema: () => schema,
  usesLlm: false,
  build: () => new NoOpCondenser(),
});
