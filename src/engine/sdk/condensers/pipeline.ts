import { z } from 'zod';
import { PipelineCondenser } from '../condenser.ts';
import { defineSdkCondenser } from './definition.ts';

const schema = z.strictObject({
  kind: z.literal('PipelineCondenser'),
  condensers: z.array(z.unknown(), { error: 'must be a list of condensers' }).describe('The condensers, in order.'),
});

export const pipelineCondenser = defineSdkCondenser({
  kind: 'PipelineCondenser',
  label: 'Pipeline',
  description: 'Runs several condensers in order; the first condensation wins.',
  schema: () => schema,
  usesLlm: false,
  childrenKey: 'condensers',
  build: (config, _rules, buildChild) =>
    new PipelineCondenser((config.condensers as readonly { kind: string }[]).map(buildChild)),
});
