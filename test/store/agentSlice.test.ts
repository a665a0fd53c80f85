import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contentParts } from '../../src/engine/index.ts';
import { parseSessionFile } from '../../src/formats/index.ts';
import { condensationCacheCosts, pricesFor, runCost, sessionPrices } from '../../src/store/index.ts';
import { settledStore, startedStore } from '../helpers/appStore.ts';

const textOf = (message: { content?: unknown }) =>
  contentParts(message as never)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');

describe('agent messages and usage in the store', () => {
  it('builds the step’s transcript, with the recorded summary as a user message after the first condensation', async () => {
    const { store } = await startedStore();
    const state = store.getState();
    expect(state.summary!.condensations[0]!.stepIndex).toBe(39);
    state.setStep(39);
    await waitFor(() => expect(store.getState().transcript?.step).toBe(39));
    const { transcript } = store.getState();
    expect(transcript!.error).toBeNull();
    const roles = transcript!.messages.map((item) => item.message.role);
    expect(roles[0]).toBe('system');
    const summary = store.getState().summary!.condensations[0]!.summary!;
    const summaryMessage = transcript!.messages.find(
      (item) => item.message.role === 'user' && textOf(item.message).trimStart() === summary,
    );
    expect(summaryMessage?.eventIds).toEqual([store.getState().summary!.condensations[0]!.id]);
    expect(transcript!.messages.some((item) => item.message.role === 'tool')).toBe(true);
    expect(transcript!.tools).toHaveLength(15);
    // The sample is a Claude log: the anthropic profile with its two cache breakpoints.
    expect(transcript!.messages.filter((item) => JSON.stringify(item.message).includes('cache_control'))).toHaveLength(
      2,
    );
  });

  it('estimates every step’s usage after the replay and prices it with the model’s preset', async () => {
    // Read once the store has settled: the estimate starts over when the tokens are counted.
    const { store } = await settledStore();
    expect(store.getState().usage?.steps.length).toBe(84);
    const usage = store.getState().usage!;
    expect(usage.model).toBe('litellm_proxy/claude-sonnet-4-20250514');
    expect(usage.steps.every((step) => step.estimate && step.recorded)).toBe(true);
    const prices = pricesFor(usage.model, store.getState().prices)!;
    expect(prices.preset?.id).toBe('claude-sonnet');
    const cost = runCost(usage, prices.prices);
    expect(cost.agentRecorded).not.toBeNull();
    // The estimate of the whole run is within 5% of what its recorded usage cost.
    expect(Math.abs(cost.agentEstimated - cost.agentRecorded!) / cost.agentRecorded!).toBeLessThan(0.05);
    const rewrites = condensationCacheCosts(store.getState().summary!, usage, prices.prices);
    expect(rewrites).toHaveLength(3);
    expect(rewrites.every((rewrite) => rewrite.rewriteTokens > 5000)).toBe(true);
  });

  it('switches the provider profile, keeps it with the session and exports it', async () => {
    const { store, sessions } = await startedStore();
    const id = store.getState().active!.record.id;
    await store.getState().setAgentProfile('openai');
    await waitFor(() => expect(store.getState().transcript?.messages.length).toBeGreaterThan(0));
    expect(JSON.stringify(store.getState().transcript!.messages)).not.toContain('cache_control');
    expect((await sessions.get(id))!.agent?.profile).toBe('openai');
    const exported = await store.getState().exportSession();
    expect(parseSessionFile(exported!.parts.join('')).session.agent?.profile).toBe('openai');
  });

  it('takes the agent’s own template files, refuses others and broken ones with one line', async () => {
    const { store } = await startedStore();
    expect(await store.getState().loadAgentTemplates([{ name: 'notes.txt', text: 'x' }])).toMatch(
      /^notes\.txt: not one of the agent's templates/,
    );
    expect(
      await store.getState().loadAgentTemplates([{ name: 'additional_info.j2', text: '{% if repository_info %}' }]),
    ).toMatch(/^additional_info\.j2: syntax error/);
    expect(store.getState().active!.record.agent?.templates ?? {}).toEqual({});
    const custom = 'REPOSITORY {{ repository_info.repo_name }}';
    expect(await store.getState().loadAgentTemplates([{ name: 'additional_info.j2', text: custom }])).toBeNull();
    await waitFor(() =>
      expect(JSON.stringify(store.getState().transcript?.messages ?? [])).toContain(
        'REPOSITORY jpshackelford/oh-utils',
      ),
    );
    const file = parseSessionFile((await store.getState().exportSession())!.parts.join(''));
    expect(file.session.agent?.templates.additional_info).toBe(custom);
  });

  it('keeps the user’s own prices per model, and goes back to the preset', async () => {
    const { store } = await startedStore();
    const model = 'litellm_proxy/claude-sonnet-4-20250514';
    await store.getState().setModelPrices(model, { input: 1, cacheRead: 0.1, cacheWrite: 1.25, output: 5 });
    expect(pricesFor(model, store.getState().prices)).toEqual({
      prices: { input: 1, cacheRead: 0.1, cacheWrite: 1.25, output: 5 },
      preset: null,
      userSet: true,
    });
    await store.getState().loadPrices();
    expect(store.getState().prices[model]?.input).toBe(1);
    await store.getState().setModelPrices(model, null);
    expect(pricesFor(model, store.getState().prices)?.preset?.id).toBe('claude-sonnet');
  });

  it('keeps prices with the session: its file carries them, the copy figures the same dollars after the defaults change', async () => {
    const { store, settings } = await startedStore();
    const state = () => store.getState();
    const model = 'litellm_proxy/claude-sonnet-4-20250514';
    const own = { input: 1, cacheRead: 0.1, cacheWrite: 1.25, output: 5 };
    await state().setModelPrices(model, own);
    expect(state().active!.record.prices).toEqual({ [model]: own });
    const file = parseSessionFile((await state().exportSession())!.parts.join(''));
    expect(file.version).toBe(5);
    expect(file.session.prices).toEqual({ [model]: own });

    // Another machine's defaults: none of the user's own. The copy still figures at the file's prices.
    await settings.savePrices({});
    await state().loadPrices();
    const exported = (await state().exportSession())!.parts.join('');
    expect(parseSessionFile(exported).session.prices).toEqual({ [model]: own });
    await state().importSessionFile(exported);
    expect(state().active!.record.name).toMatch(/\(copy 2\)$/);
    expect(pricesFor(model, sessionPrices(state()))).toEqual({ prices: own, preset: null, userSet: true });
    expect(state().prices).toEqual({});
  });

  it('writes the presets of the session’s models into its file, still named after the preset when read back', async () => {
    const { store } = await startedStore();
    const model = 'litellm_proxy/claude-sonnet-4-20250514';
    const preset = pricesFor(model, {})!;
    const file = parseSessionFile((await store.getState().exportSession())!.parts.join(''));
    expect(file.session.prices).toEqual({ [model]: preset.prices });
    expect(pricesFor(model, file.session.prices!)).toEqual(preset);
  });
});
