import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { type AnyParsedLog, loadLog } from '../../src/formats/index.ts';
import { noLlm, runSync } from '../../src/engine/index.ts';
import { inferConfig, openLog } from '../../src/inspect/index.ts';
import type { InspectedLog, Prepared, ReplayedLog } from '../../src/inspect/inspectedLog.ts';
import { emptyLogSummaryUse, logSummaryAnswers } from '../../src/inspect/logSummaries.ts';
import { generateLog } from '../../bench/generateLog.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';

const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const SDK_FOLDERS = [
  ['v1_benchmarks_conversation_0cf772fb_115ev_1cond', 1],
  ['v1_benchmarks_conversation_3749ed60_132ev_2cond', 2],
  ['v1_benchmarks_conversation_7a4bfe2d_203ev_3cond', 3],
  ['v1_benchmarks_conversation_88ca1e54_218ev_4cond', 4],
] as const;

const parse = (path: string): Promise<AnyParsedLog> => loadLog(readLogInput(path), {});

/** The work of a prepared replay (these configurations are all valid). */
function prepared(work: Prepared<ReplayedLog>) {
  if ('configError' in work) throw new Error(work.configError);
  return work.work;
}

describe('inferConfig', () => {
  it('reads the 185-event log’s summarizer off its condensations: max_size 80, keep_first 4, all 3 reproduced', async () => {
    const inferred = inferConfig(openLog(await parse(REAL_185)), null);
    expect(inferred.source).toBe('inferred');
    expect(inferred.recordedCondensations).toBe(3);
    expect(inferred.reproduces).toBe(3);
    expect(inferred.config).toEqual({
      type: 'pipeline',
      condensers: [
        { type: 'conversation_window' },
        { type: 'browser_output_masking', attention_window: 2 },
        { type: 'llm', keep_first: 4, max_size: 80 },
      ],
    });
    // The next size makes the same condensations on this log: said, not hidden.
    expect(inferred.alsoReproducing).toHaveLength(1);
  });

  it.each(SDK_FOLDERS)(
    'takes the condenser %s records in base_state.json, and checks it reproduces its %i condensations',
    async (name, count) => {
      const inferred = inferConfig(openLog(await parse(join(REAL_LOGS, name))), null);
      expect(inferred.source).toBe('recorded');
      expect(inferred.reproduces).toBe(count);
      expect(inferred.recordedCondensations).toBe(count);
    },
  );

  it.each(SDK_FOLDERS)(
    'without base_state.json, reads %s’s summarizer off its %i condensations',
    async (name, count) => {
      const parsed = await parse(join(REAL_LOGS, name));
      const inferred = inferConfig(openLog({ ...parsed, recordedCondenser: null } as AnyParsedLog), null);
      expect(inferred.source).toBe('inferred');
      expect(inferred.reproduces).toBe(count);
      expect(inferred.config).toMatchObject({ kind: 'LLMSummarizingCondenser', keep_first: 4, max_size: 80 });
    },
  );

  it('stops a candidate at the first recorded condensation it misses, and scores it as a whole replay would', async () => {
    // A generated log whose recorded condensations no candidate makes again past the first few.
    const text = JSON.stringify(generateLog(3000, 7, { realistic: true }));
    const log = openLog(await loadLog({ kind: 'file', file: { path: 'long.json', text } }, {}));
    let stepsReplayed = 0;
    let candidates = 0;
    const counted: InspectedLog = {
      ...log,
      replay: (request, tokens, watch) => {
        if (request.mode === 'resimulate') candidates++;
        return log.replay(request, tokens, (stepIndex, made) => {
          stepsReplayed++;
          watch?.(stepIndex, made);
        });
      },
    };
    const inferred = inferConfig(counted, null);
    expect(inferred.recordedCondensations).toBeGreaterThan(20);
    expect(inferred.reproduces).toBeGreaterThan(0);
    expect(inferred.reproduces).toBeLessThan(inferred.recordedCondensations);
    const steps = runSync(
      prepared(log.replay({ config: null, mode: 'recorded', answers: {}, onMissing: 'placeholder' }, null)),
      noLlm,
    ).steps.length;
    // Every candidate stopped early (here after its fifth condensation): an eighth of a replay each, at most.
    expect(candidates).toBeGreaterThan(10);
    expect(stepsReplayed).toBeLessThan((candidates * steps) / 8);
    // The best candidate's score is what its whole replay reproduces.
    const whole = runSync(
      prepared(
        log.replay({ config: inferred.config, mode: 'resimulate', answers: {}, onMissing: 'placeholder' }, null),
      ),
      logSummaryAnswers(log.logSummaries, emptyLogSummaryUse()),
    );
    const recorded = runSync(
      prepared(log.replay({ config: null, mode: 'recorded', answers: {}, onMissing: 'placeholder' }, null)),
      noLlm,
    ).condensations;
    let leading = 0;
    while (
      leading < recorded.length &&
      whole.condensations[leading]?.stepIndex === recorded[leading]!.stepIndex &&
      JSON.stringify(whole.condensations[leading]!.forgottenEventIds) ===
        JSON.stringify(recorded[leading]!.forgottenEventIds)
    )
      leading++;
    expect(inferred.reproduces).toBe(leading);
  });

  it('says there is nothing to infer from a log that never condensed, and keeps the default', async () => {
    const inferred = inferConfig(
      openLog(await parse(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'))),
      null,
    );
    expect(inferred).toMatchObject({ source: 'default', reproduces: 0, recordedCondensations: 0 });
    expect(inferred.notes.join(' ')).toMatch(/records no condensation/);
  });
});
