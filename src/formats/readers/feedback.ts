import { EvalScan } from '../evalJsonl.ts';
import { isRecord } from '../types.ts';
import { defineReader } from './types.ts';

/** OpenHands' 2024 feedback export: a list of `{trajectory, feedback|version}` records, one instance each. */
export const feedbackReader = defineReader({
  shape: 'v0-feedback',
  label: 'OpenHands feedback export (2024)',
  flavor: 'v0',
  reads: 'list',
  locate(input, options) {
    if (input.kind !== 'list') return null;
    const first = input.items[0];
    if (!(isRecord(first) && Array.isArray(first.trajectory) && ('feedback' in first || 'version' in first)))
      return null;
    const scan = new EvalScan(options);
    input.items.forEach((entry, i) =>
      scan.add(isRecord(entry) ? entry : {}, i + 1, {
        id: `feedback ${i + 1}`,
        history: isRecord(entry) ? entry.trajectory : null,
        label: `[${i}].trajectory`,
      }),
    );
    return scan.finish('v0-feedback');
  },
});
