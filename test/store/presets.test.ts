import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { CONDENSER_PRESETS } from '../../src/engine/index.ts';
import { REAL_LOGS } from '../helpers/logs.ts';
import { startedStore } from '../helpers/appStore.ts';

describe('presets: OpenHands’ configurations in one click', () => {
  it('the V0 server default with the user’s condenser_max_size reproduces the sample’s three recorded condensations', async () => {
    const { store } = await startedStore();
    await store.getState().applyPreset('v0-server-default', { condenserMaxSize: 80 });
    await expect.poll(() => store.getState().running).toBe(false);
    const { config, summary } = store.getState();
    expect(config).toEqual({
      type: 'pipeline',
      condensers: [
        { type: 'conversation_window' },
        { type: 'browser_output_masking', attention_window: 2 },
        { type: 'llm', keep_first: 4, max_size: 80 },
      ],
    });
    // The sample's recorded answers are keyed by request: the same configuration finds all three.
    expect(summary!.llm).toMatchObject({ calls: 3, recorded: 3, placeholders: 0 });
    await store.getState().applyPreset('v0-server-default', {});
    expect((store.getState().config as { condensers: Array<{ max_size?: number }> }).condensers[2]!.max_size).toBe(120);
  });

  it('observation masking as in “The Complexity Trap”: 20 events for its 10 turns, and no LLM', async () => {
    const { store } = await startedStore();
    await store.getState().applyPreset('v0-complexity-trap-masking');
    await expect.poll(() => store.getState().summary?.llm.calls).toBe(0);
    expect(store.getState().config).toEqual({ type: 'observation_masking', attention_window: 20 });
    store.getState().setStep(83);
    await expect
      .poll(() => store.getState().stepView?.items.filter((item) => item.kind === 'masked').length ?? 0)
      .toBeGreaterThan(0);
  });

  it('the SDK presets switch to the pinned SDK’s rules; the settings default takes the model window from base_state.json', async () => {
    const { store } = await startedStore();
    await store
      .getState()
      .importLog(readLogInput(join(REAL_LOGS, 'v1_benchmarks_conversation_7a4bfe2d_203ev_3cond')), 'bench', 1);
    expect(store.getState().active!.record.sdkRules).toBe('2025-09');
    await store.getState().applyPreset('sdk-default-condenser');
    expect(store.getState().active!.record.sdkRules).toBe('1.43.1');
    expect(store.getState().config).toEqual({ kind: 'LLMSummarizingCondenser', max_size: 80, keep_first: 4 });
    expect(store.getState().configError).toBeNull();
    await store.getState().applyPreset('sdk-settings-default');
    expect(store.getState().config).toEqual({
      kind: 'LLMSummarizingCondenser',
      max_size: 240,
      keep_first: 2,
      max_tokens: 200_000,
    });
    await expect.poll(() => store.getState().running).toBe(false);
    expect(store.getState().configError).toBeNull();
  });

  it('refuses a preset of the other engine with a sentence', async () => {
    const { store } = await startedStore();
    const before = store.getState().config;
    await store.getState().applyPreset('sdk-default-condenser');
    expect(store.getState().configError).toMatch(
      /configuration of the Agent SDK; this log is replayed by the other engine/,
    );
    expect(store.getState().config).toBe(before);
  });

  it('every preset names its source', () => {
    for (const preset of CONDENSER_PRESETS) expect(preset.source).toMatch(/[0-9a-f]{40}|arXiv 2508\.21433/);
  });
});
