import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayCli, scratchFiles } from '../helpers/cli.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';

const { file } = scratchFiles('replay-infer-');
const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');

interface Condensed {
  steps: Array<{
    before_event_id: number;
    condensations: Array<{ forgotten_event_ids: number[]; summary: string | null }>;
  }>;
}
const condensations = (trace: Condensed) =>
  trace.steps.flatMap((step) =>
    step.condensations.map((c) => ({ at: step.before_event_id, forgotten: c.forgotten_event_ids, summary: c.summary })),
  );

describe('replay --infer-config, then --log-summaries', () => {
  it('re-simulates the 185-event log into its own 3 condensations: same steps, same forgotten ids, its summaries', () => {
    const inferred = replayCli(REAL_185, '--infer-config');
    expect(inferred.status).toBe(0);
    expect(inferred.stderr).toMatch(/reproduces 3 of the log's 3 condensations/);
    const config = file('inferred.json', inferred.stdout);
    const resimulated = replayCli(REAL_185, '--config', config, '--log-summaries');
    expect(resimulated.status).toBe(0);
    expect(resimulated.stderr).toMatch(/answered all 3 summarizer calls/);
    const made = condensations(JSON.parse(resimulated.stdout) as Condensed);
    expect(made.map((c) => [c.at, c.forgotten[0], c.forgotten.at(-1)])).toEqual([
      [86, 7, 49],
      [129, 50, 92],
      [174, 93, 135],
    ]);
    expect(made.every((c) => c.summary?.startsWith('USER_CONTEXT'))).toBe(true);
  });

  it('gives a call that forgets other events a placeholder, never another range’s summary', () => {
    const other = file('other.json', '{"type": "llm", "keep_first": 4, "max_size": 60}');
    const run = replayCli(REAL_185, '--config', other, '--log-summaries');
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/answered 0 of \d+ LLM calls/);
    const made = condensations(JSON.parse(run.stdout) as Condensed);
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((c) => c.summary?.startsWith('[placeholder'))).toBe(true);
  });

  it('prints an SDK conversation’s own condenser and that it reproduces its 4 condensations', () => {
    const run = replayCli(join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond'), '--infer-config');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'LLMSummarizingCondenser', keep_first: 4, max_size: 80 });
    expect(run.stderr).toMatch(/the configuration the log records: .* reproduces 4 of the log's 4 condensations/);
  });

  it('refuses --log-summaries beside --llm-script or --recorded, in one line', () => {
    const script = file('script.json', '[]');
    const both = replayCli(REAL_185, '--recorded', '--log-summaries');
    expect(both.status).toBe(2);
    expect(both.stderr).toBe('replay: --log-summaries answers a re-simulation; --recorded runs no condenser\n');
    const scripted = replayCli(REAL_185, '--config', script, '--llm-script', script, '--log-summaries');
    expect(scripted.status).toBe(2);
    expect(scripted.stderr).toBe('replay: --log-summaries and --llm-script cannot be combined\n');
  });
});
