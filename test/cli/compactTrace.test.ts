import { describe, expect, it } from 'vitest';
import { generateLog } from '../../bench/generateLog.ts';
import { replayCli, scratchFiles } from '../helpers/cli.ts';
import { SAMPLE_SESSIONS } from '../helpers/logs.ts';
import type { Trace, TraceViewItem } from '../../src/inspect/index.ts';

const { file } = scratchFiles('replay-compact-');

interface CompactStep {
  readonly view_delta?: { keep: number; add: TraceViewItem[] };
  readonly view?: TraceViewItem[];
  readonly [key: string]: unknown;
}

/** The full trace rebuilt from the compact one, by its definition in the README. */
function expand(steps: readonly CompactStep[]): unknown[] {
  let previous: TraceViewItem[] = [];
  return steps.map(({ view_delta: delta, ...rest }) => {
    if (!delta) return rest;
    const view = [...previous.slice(0, delta.keep), ...delta.add];
    previous = view;
    const { unhandled_condensation_request: unhandled, ...head } = rest;
    return { ...head, view, unhandled_condensation_request: unhandled };
  });
}

describe('compact trace', () => {
  const real = `${SAMPLE_SESSIONS}/v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json`;
  const configs = [
    { type: 'noop' },
    { type: 'observation_masking', attention_window: 3 },
    { type: 'recent', keep_first: 2, max_events: 20 },
    { type: 'amortized', max_size: 30, keep_first: 2 },
    {
      type: 'pipeline',
      condensers: [
        { type: 'browser_output_masking', attention_window: 1 },
        { type: 'llm', max_size: 40, keep_first: 3 },
      ],
    },
  ];
  it.each(configs)(
    'gives back the full trace, step for step ($type)',
    (config) => {
      const path = file(`${config.type}.json`, JSON.stringify(config));
      const full = JSON.parse(replayCli(real, '--config', path, '--tokens').stdout) as Trace;
      const compact = JSON.parse(replayCli(real, '--config', path, '--tokens', '--compact').stdout) as {
        format: string;
        steps: CompactStep[];
      };
      expect(compact.format).toBe('compact');
      expect(expand(compact.steps)).toEqual(full.steps);
      // Two whole commands counting tokens: seconds on a loaded machine.
    },
    15_000,
  );

  it('stays as long as the log, where the full trace grows with its square', () => {
    const log = file('long.json', JSON.stringify(generateLog(3000)));
    const noop = file('noop.json', '{"type": "noop"}');
    const full = replayCli(log, '--config', noop).stdout.length;
    const compact = replayCli(log, '--config', noop, '--compact').stdout.length;
    expect(compact * 50).toBeLessThan(full);
  });

  it('refuses a full trace of more than --max-trace-gb before writing anything, and names --compact', () => {
    const log = file('big.json', JSON.stringify(generateLog(9000)));
    const noop = file('noop.json', '{"type": "noop"}');
    const refused = replayCli(log, '--config', noop, '--max-trace-gb', '0.05');
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^replay: the trace would be about 0\.\d GB \(every step writes its whole view\); write each step's view as a difference from the previous one with --compact, or allow it with --max-trace-gb 1\n$/,
    );
    expect(replayCli(log, '--config', noop, '--max-trace-gb', '0.05', '--compact').status).toBe(0);
  });
});
