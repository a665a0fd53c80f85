import { z } from 'zod';
import { defineCondenser, transform } from '../condenser.ts';
import { type MaskedEntry, type ViewEntry, isObservation } from '../events.ts';
import { MaskedView } from '../view.ts';
import { intSetting } from './fields.ts';

export const MASKED_CONTENT = '<MASKED>';

export const observationMaskingCondenser = defineCondenser({
  type: 'observation_masking',
  label: 'Observation masking',
  description: 'Replaces every observation older than the attention window with a <MASKED> placeholder.',
  schema: z.strictObject({
    type: z.literal('observation_masking'),
    // The config class says 100; the condenser class's own default of 5 never applies from a config.
    attention_window: intSetting(100, 1, 'Observations among the last this-many view positions stay visible.'),
  }),
  usesLlm: false,
  create: ({ attention_window }) => {
    const placeholders = new WeakMap<ViewEntry, MaskedEntry>();
    const placeholderFor = (entry: ViewEntry): MaskedEntry => {
      let placeholder = placeholders.get(entry);
      if (!placeholder) {
        placeholder = { kind: 'masked', content: MASKED_CONTENT, original: entry };
        placeholders.set(entry, placeholder);
      }
      return placeholder;
    };
    const mask = (entry: ViewEntry): MaskedEntry | null => (isObservation(entry) ? placeholderFor(entry) : null);
    // Masks by position, every Observation kind (summaries and recall observations included). A view
    // read as needed: a step costs what it reads, and the next step's view compares by its limit.
    return transform((view) => new MaskedView(view, view.length - attention_window, mask));
  },
});
