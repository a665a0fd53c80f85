import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { applyMap, placeholderAnswer, runSync } from '../../src/engine/index.ts';
import { promptTokens } from '../../src/inspect/llmUse.ts';
import { loadLog } from '../../src/formats/index.ts';
import { condenserScale, condenserScaleInSteps } from '../../src/inspect/condenserScale.ts';
import { openLog } from '../../src/inspect/index.ts';
import { Inspector } from '../../src/inspect/inspector.ts';
import { loadTokenizer } from '../../src/llm/tokenCount.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';

const REAL_185 = join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');

describe('the condenser’s own token scale', { timeout: 60_000 }, () => {
  it('is fitted on the log’s recorded summarizer calls, rebuilt by the configuration that reproduces them', async () => {
    const countText = await loadTokenizer();
    const sdk = openLog(
      await loadLog(readLogInput(join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond')), {}),
    );
    const fitted = condenserScale(sdk, null, countText)!;
    expect(fitted.fittedOn).toBe(4);
    // Our count reads 18-24% under the provider's for these prompts; the line brings it to the provider's scale.
    expect(fitted.map.slope * 4_000 + fitted.map.intercept).toBeGreaterThan(4_600);
    // The V0 log records no configuration its condensations match: the inferred one rebuilds all three calls.
    const v0 = openLog(await loadLog(readLogInput(REAL_185), {}));
    expect(condenserScale(v0, null, countText)?.fittedOn).toBe(3);
    // A log that records no condenser usage teaches nothing.
    const basic = openLog(
      await loadLog(readLogInput(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json')), {}),
    );
    expect(condenserScale(basic, null, countText)).toBeNull();
  });

  it('is learned a call at a time, pausing after each, to the same line', async () => {
    const countText = await loadTokenizer();
    const sdk = openLog(
      await loadLog(readLogInput(join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond')), {}),
    );
    const steps = condenserScaleInSteps(sdk, null, countText);
    let pauses = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) pauses++;
    expect(pauses).toBe(4);
    expect(next.value).toEqual(condenserScale(sdk, null, countText));
  });

  it('puts the calls of another configuration that nobody answered on the provider’s scale, and says so', async () => {
    const host = new Inspector(() => 0);
    await host.open({ input: readLogInput(REAL_185), instance: null });
    await host.countTokens();
    const request = { config: { type: 'llm', keep_first: 4, max_size: 60 }, mode: 'resimulate' as const, answers: {} };
    const outcome = await host.replay({ ...request, onMissing: 'placeholder', measureLlm: true });
    if (!outcome.ok) throw new Error('replay failed');
    const { llm } = outcome.summary;
    expect(llm.placeholders).toBe(llm.calls);
    expect(llm.promptTokensFittedOn).toBe(3);
    // Each unanswered call: our count of its prompt on the line the recorded calls taught.
    const countText = await loadTokenizer();
    const v0 = openLog(await loadLog(readLogInput(REAL_185), {}));
    const scale = condenserScale(v0, null, countText)!;
    expect(scale.map.slope).toBeGreaterThan(1.1);
    const prepared = v0.replay({ ...request, onMissing: 'placeholder' }, null);
    if ('configError' in prepared) throw new Error(prepared.configError);
    let expected = 0;
    runSync(prepared.work, (call, index) => {
      expected += applyMap(scale.map, promptTokens(call, countText));
      return placeholderAnswer(call, index);
    });
    expect(llm.promptTokens).toBe(expected);
  });
});
