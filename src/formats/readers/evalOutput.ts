import { EvalScan, locateJsonl } from '../evalJsonl.ts';
import { defineReader } from './types.ts';

/**
 * An evaluation's output: JSONL with one instance per line (`history`, `metrics`...), or one such
 * record on its own. A JSONL file of plain events is read here too (`v0-events-jsonl`).
 */
export const evalOutputReader = defineReader({
  shape: 'v0-eval-jsonl',
  label: 'OpenHands evaluation output (JSONL with "history")',
  flavor: 'v0',
  locate(input, options) {
    if (input.kind === 'lines') return locateJsonl(input.file, options, input.resolvedIds);
    if (input.kind !== 'object' || !Array.isArray(input.value.history)) return null;
    const scan = new EvalScan(options);
    scan.add(input.value, 1);
    return scan.finish('v0-eval-jsonl');
  },
});
