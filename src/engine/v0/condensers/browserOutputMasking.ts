import { z } from 'zod';
import { defineCondenser, transform } from '../condenser.ts';
import { type MaskedEntry, type ObservationEvent, type ViewEntry, isBrowserOutput, stringArg } from '../events.ts';
import { EntryFinder, MaskedView } from '../view.ts';
import { intSetting } from './fields.ts';

export const browserOutputMaskingCondenser = defineCondenser({
  type: 'browser_output_masking',
  label: 'Browser output masking',
  description: 'Keeps only the latest browser outputs; older ones become "Visited URL … Content omitted".',
  // The only OpenHands condenser config that allows extra keys.
  schema: z.looseObject({
    type: z.literal('browser_output_masking'),
    attention_window: intSetting(1, 1, 'How many of the latest browser outputs stay visible.'),
  }),
  usesLlm: false,
  create: ({ attention_window }) => {
    const placeholders = new WeakMap<ViewEntry, MaskedEntry>();
    const placeholderFor = (entry: ObservationEvent): MaskedEntry => {
      let placeholder = placeholders.get(entry);
      if (!placeholder) {
        placeholder = {
          kind: 'masked',
          content: `Visited URL ${stringArg(entry, 'url')}\nContent omitted`,
          original: entry,
        };
        placeholders.set(entry, placeholder);
      }
      return placeholder;
    };
    const mask = (entry: ViewEntry): MaskedEntry | null => (isBrowserOutput(entry) ? placeholderFor(entry) : null);
    const outputs = new EntryFinder(isBrowserOutput);
    // The latest attention_window browser outputs stay; every one before the oldest of them is masked.
    // A view read as needed, as observation masking's: a step costs what changed, not the view.
    return transform((view) => new MaskedView(view, outputs.nthFromEnd(view, attention_window), mask));
  },
});
