import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../../src/cli/readInput.ts';
import { Inspector } from '../../../src/inspect/index.ts';
import { alignStep } from '../../../src/store/index.ts';
import { statusAtStep } from '../../../src/ui/event-table/stepStatus.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../../helpers/logs.ts';

describe('statusAtStep', () => {
  it('gives every event the status the side-by-side lines it up with, at every step, V0 and SDK', async () => {
    const host = new Inspector();
    const v0 = [
      { type: 'observation_masking', attention_window: 6 },
      { type: 'llm', max_size: 40, keep_first: 4 },
    ];
    const sdk = [{ kind: 'LLMSummarizingCondenser', max_size: 40, keep_first: 4 }];
    const seen = new Set<string>();
    for (const [path, configs] of [
      [join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'), v0],
      [join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond'), sdk],
    ] as const) {
      const { rows } = await host.open({ input: readLogInput(path), instance: null });
      for (const [mode, config] of [['recorded', null] as const, ...configs.map((c) => ['resimulate', c] as const)]) {
        const outcome = await host.replay({ config, mode, answers: {}, onMissing: 'placeholder' });
        if (!outcome.ok) throw new Error(outcome.configError);
        for (let step = 0; step < outcome.summary.steps.length; step++) {
          const view = await host.stepView({ step });
          const aligned = new Map<number, string>();
          for (const row of alignStep(rows, outcome.summary, step, view, mode))
            if (row.kind === 'event') aligned.set(row.index, row.status === 'kept' ? 'in view' : row.status);
          const statusAt = statusAtStep(rows, outcome.summary, step, view, mode);
          const statuses = rows.map((row) => statusAt(row.index));
          expect(statuses, `${path} ${mode} step ${step}`).toEqual(rows.map((row) => aligned.get(row.index)));
          for (const status of statuses) seen.add(String(status));
        }
      }
    }
    // Every status came up, and events not yet in the history have none.
    expect(seen).toEqual(new Set(['in view', 'masked', 'forgotten', 'undefined']));
  });
});
