import { z } from 'zod';
import { defineCondenser, transform } from '../condenser.ts';
import { type ViewEntry, isBrowserOutput, stringArg } from '../events.ts';
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
  create: ({ attention_window }) =>
    transform((view) => {
      const entries: ViewEntry[] = [...view.entries];
      let kept = 0;
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i]!;
        if (!isBrowserOutput(entry)) continue;
        if (kept >= attention_window) {
          const content = `Visited URL ${stringArg(entry, 'url')}\nContent omitted`;
          entries[i] = { kind: 'masked', content, original: entry };
        } else {
          kept++;
        }
      }
      return viewOf(entries);
    }),
});
