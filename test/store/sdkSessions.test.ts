import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { REAL_LOGS } from '../helpers/logs.ts';
import { startedStore } from '../helpers/appStore.ts';

const SDK_SAMPLES = readdirSync(REAL_LOGS).filter((name) => name.startsWith('v1_'));

describe('Agent SDK logs in the app', () => {
  it('has the SDK samples to try', () => {
    expect(SDK_SAMPLES.length).toBeGreaterThanOrEqual(7);
  });

  it.each(SDK_SAMPLES)('opens %s and replays it', async (name) => {
    const { store } = await startedStore();
    let id = await store.getState().importLog(readLogInput(join(REAL_LOGS, name)), name, 1);
    // An eval output of several instances waits for the user to pick one.
    const picker = store.getState().instancePicker;
    if (picker) id = await store.getState().pickInstance(picker.instances[1]!.id);
    expect(store.getState().notice?.kind === 'error' ? store.getState().notice?.text : null).toBeNull();
    expect(id).not.toBeNull();
    const { active, summary } = store.getState();
    expect(active?.opened.flavor).toBe('sdk');
    expect(active!.opened.rows.length).toBeGreaterThan(0);
    expect(typeof active!.opened.rows[0]!.id).toBe('string');
    expect(summary).not.toBeNull();
    if (summary!.steps.length > 0) {
      store.getState().setStep(summary!.steps.length - 1);
      // The step's view arrives from the engine after the step changes.
      await vi.waitFor(() => expect(store.getState().stepView?.items.length).toBe(summary!.steps.at(-1)!.viewLength));
    }
  });

  it('reproduces a benchmark conversation’s recorded condensations with its own configuration and summaries', async () => {
    const { store } = await startedStore();
    await store
      .getState()
      .importLog(readLogInput(join(REAL_LOGS, 'v1_benchmarks_conversation_7a4bfe2d_203ev_3cond')), 'bench', 1);
    const state = store.getState();
    expect(state.config).toMatchObject({ kind: 'LLMSummarizingCondenser', max_size: 80, keep_first: 4 });
    expect(state.active!.record.sdkRules).toBe('2025-09');
    expect(state.mode).toBe('recorded');
    expect(state.summary!.condensations.map((c) => c.forgottenEventIds.length)).toEqual([43, 42, 42]);
    state.setMode('resimulate');
    await state.recordLogSummaries();
    const { summary, active } = store.getState();
    expect(summary!.llm).toMatchObject({ calls: 3, recorded: 3, placeholders: 0 });
    const recorded = active!.opened.rows.filter((row) => row.type === 'condensation').map((row) => row.index);
    expect(recorded).toEqual([82, 125, 168]);
    expect(summary!.condensations.map((c) => summary!.steps[c.stepIndex]!.beforeEventIndex)).toEqual([83, 126, 169]);
    expect(summary!.condensations.map((c) => c.forgottenEventIds.length)).toEqual([43, 42, 42]);
  });

  it('takes an SDK condenser object as pasted configuration and copies it back out as JSON', async () => {
    const { store } = await startedStore();
    await store
      .getState()
      .importLog(readLogInput(join(REAL_LOGS, 'v1_benchmarks_conversation_0cf772fb_115ev_1cond')), 'bench', 1);
    expect(
      store.getState().applyConfigText('{"kind": "LLMSummarizingCondenser", "max_size": 60, "keep_first": 2}'),
    ).toBeNull();
    expect(store.getState().config).toMatchObject({ max_size: 60, keep_first: 2 });
    expect(store.getState().configAsText()).toMatchObject({ format: 'json' });
    expect(
      store.getState().applyConfigText('{"kind": "LLMSummarizingCondenser", "max_size": 8, "keep_first": 4}'),
    ).toMatch(/keep_first/);
    await store.getState().setSdkRules('1.43.1');
    await store.getState().rerun();
    expect(store.getState().configError).toBeNull();
    expect(store.getState().summary!.condensations.length).toBeGreaterThan(0);
  });

  it('keeps the SDK rules the user chose through a session file, exported and imported again', async () => {
    const { store } = await startedStore();
    await store
      .getState()
      .importLog(readLogInput(join(REAL_LOGS, 'v1_benchmarks_conversation_0cf772fb_115ev_1cond')), 'bench', 1);
    const opened = store.getState().active!.opened.sdkRules;
    const chosen = opened === '1.43.1' ? '2025-09' : '1.43.1';
    await store.getState().setSdkRules(chosen);
    const exported = (await store.getState().exportSession())!.parts.join('');
    expect(await store.getState().importSessionFile(exported)).not.toBeNull();
    expect(store.getState().active!.record.sdkRules).toBe(chosen);
  });
});
