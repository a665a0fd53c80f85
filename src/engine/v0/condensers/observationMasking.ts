import { z } from 'zod';
import { sharedStart } from '../../core/index.ts';
import { defineCondenser, transform } from '../condenser.ts';
import { type MaskedEntry, type ViewEntry, isObservation } from '../events.ts';
import { viewOf } from '../view.ts';
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
    // The last view masked: the next one mostly repeats it with a few more entries, and the entries it
    // repeats keep their output while the mask has not moved past them (a step costs the window, not the view).
    let lastInput: readonly ViewEntry[] = [];
    let lastOutput: readonly ViewEntry[] = [];
    let lastLimit = 0;
    return transform((view) => {
      const input = view.entries;
      const limit = input.length - attention_window;
      const kept = sharedStart(input, lastInput, Math.min(limit, lastLimit));
      // Masks by position, every Observation kind (summaries and recall observations included);
      // the new View drops the request flag, as OpenHands' does.
      // slice copies the kept part natively, several times faster than a loop over a long view.
      const entries = lastOutput.slice(0, kept);
      for (let i = kept; i < input.length; i++) {
        const entry = input[i]!;
        entries.push(isObservation(entry) && i < limit ? placeholderFor(entry) : entry);
      }
      [lastInput, lastOutput, lastLimit] = [input, entries, limit];
      return viewOf(entries);
    });
  },
});
