import { z } from 'zod';
import { defineCondenser, transform } from '../condenser.ts';
import { type MaskedEntry, type ObservationEvent, type ViewEntry, isBrowserOutput, stringArg } from '../events.ts';
import { viewOf } from '../view.ts';
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
    return transform((view) => {
      const source = view.entries;
      let entries: ViewEntry[] | null = null;
      let kept = 0;
      for (let i = source.length - 1; i >= 0; i--) {
        const entry = source[i]!;
        if (!isBrowserOutput(entry)) continue;
        if (kept < attention_window) {
          kept++;
          continue;
        }
        entries ??= source.slice();
        entries[i] = placeholderFor(entry);
      }
      // A new View either way: OpenHands' drops the request flag.
      return viewOf(entries ?? source);
    });
  },
});
