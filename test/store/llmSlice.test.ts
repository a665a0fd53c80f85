import { describe, expect, it } from 'vitest';
import { startedStore } from '../helpers/appStore.ts';
import { fakeServerForFile } from '../helpers/fakeServer.ts';

const KEY = 'sk-live-test-key-4242424242';
const server = fakeServerForFile({ apiKey: KEY, delayMs: 3_000 });

async function storeWithEndpoint(model = 'fake-model', apiKey = KEY) {
  const started = await startedStore();
  await started.store
    .getState()
    .saveLlmSettings({ baseURL: `${server().url}/`, model, apiKey, inputPrice: 0.15, outputPrice: 0.6 });
  const config = structuredClone(started.store.getState().config) as { condensers: Array<Record<string, unknown>> };
  config.condensers[2]!.max_size = 40;
  started.store.getState().setConfig(config);
  await started.store.getState().rerun();
  return started;
}

describe('live LLM runs from the store', () => {
  it('estimates, then asks the endpoint only for the missing answers, and keeps them', async () => {
    const { store, sessions } = await storeWithEndpoint();
    const before = store.getState().summary!.llm;
    expect(before.placeholders).toBeGreaterThan(0);
    await store.getState().estimateLiveRun();
    expect(store.getState().estimate).toMatchObject({ placeholders: before.placeholders });
    expect(store.getState().estimate!.missingPromptTokens).toBeGreaterThan(1000);
    const calls = server().requests.length;
    await store.getState().runLive();
    const after = store.getState().summary!.llm;
    expect(after).toMatchObject({ placeholders: 0, recorded: after.calls });
    expect(server().requests.length - calls).toBe(after.calls);
    expect(store.getState().summary!.condensations[0]!.summary).toMatch(/USER_CONTEXT/);
    const stored = await sessions.answers(store.getState().active!.record.id);
    expect(Object.keys(stored)).toHaveLength(3 + after.calls);
    // A second run needs nothing new.
    await store.getState().runLive();
    expect(server().requests.length - calls).toBe(after.calls);
    expect(store.getState().notice?.text).toMatch(/0 new answers/);
  });

  it('never puts the key in exports, session records or error messages', async () => {
    const { store, db } = await storeWithEndpoint();
    await store.getState().runLive();
    const exported = (await store.getState().exportSession())!.parts.join('');
    expect(exported).not.toContain(KEY);
    for (const table of [db.sessions, db.logs, db.answers]) {
      expect(JSON.stringify(await table.toArray())).not.toContain(KEY);
    }
    const wrong = 'sk-not-the-right-one-777777';
    await store.getState().saveLlmSettings({ ...store.getState().llmSettings!, apiKey: wrong });
    store.getState().setConfig({ type: 'llm', max_size: 30, keep_first: 2 });
    await store.getState().rerun();
    await store.getState().runLive();
    const message = store.getState().notice!.text;
    expect(message).toMatch(/refused the API key \(401\)/);
    expect(message).not.toContain(wrong);
    expect(message).not.toContain('777777');
    const failure = store.getState().summary!.steps.find((step) => step.failure)?.failure ?? '';
    expect(failure).not.toContain(wrong);
    await store.getState().forgetKey();
    expect(store.getState().llmSettings?.apiKey).toBe('');
    expect(JSON.stringify(await db.settings.toArray())).not.toContain(wrong);
  });

  it('tests the connection: says what answered, and why a wrong key is refused, without the key', async () => {
    const { store } = await startedStore();
    const ok = await store.getState().testLlmConnection({
      baseURL: `${server().url}/`,
      model: 'fake-model',
      apiKey: KEY,
      inputPrice: null,
      outputPrice: null,
    });
    expect(ok.ok).toBe(true);
    expect(ok.text).toMatch(/^Connected: fake-model answered/);
    const wrong = 'sk-wrong-key-99999999';
    const refused = await store.getState().testLlmConnection({
      baseURL: server().url,
      model: 'fake-model',
      apiKey: wrong,
      inputPrice: null,
      outputPrice: null,
    });
    expect(refused).toMatchObject({ ok: false });
    expect(refused.text).toMatch(/refused the API key \(401\)/);
    expect(refused.text).not.toContain(wrong);
  });

  it('can be cancelled, keeping the answers already received', async () => {
    const { store } = await storeWithEndpoint('slow');
    const run = store.getState().runLive();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The count of new calls is the replay's placeholders (later prompts may still change it).
    expect(store.getState().live?.message).toMatch(
      new RegExp(
        `^Asking slow: new answer 1 of ${store.getState().summary!.llm.placeholders} \\(LLM call 1 of the replay\\)`,
      ),
    );
    store.getState().cancelLive();
    await run;
    expect(store.getState().live).toBeNull();
    expect(store.getState().notice?.text).toMatch(/cancelled; the 0 answers received were kept/);
    expect(store.getState().summary!.llm.placeholders).toBeGreaterThan(0);
  });

  it('tunes the summary prompt per session: new requests, answers for the old ones kept', async () => {
    const { store } = await startedStore();
    expect(store.getState().summary!.llm).toMatchObject({ recorded: 3, placeholders: 0 });
    await store
      .getState()
      .setPromptTemplate('llm', 'Keep every requirement the user stated.\n{previous_summary}\n{events}');
    expect(store.getState().active!.record.prompts.llm).toMatch(/^Keep every requirement/);
    expect(store.getState().summary!.llm).toMatchObject({ recorded: 0, placeholders: 3 });
    await store.getState().setPromptTemplate('llm', null);
    expect(store.getState().summary!.llm).toMatchObject({ recorded: 3, placeholders: 0 });
  });

  it('compares two configurations on the same log', async () => {
    const { store } = await startedStore();
    await store.getState().refreshComparison();
    const { comparison } = store.getState();
    expect(comparison!.a.condensations).toHaveLength(3);
    expect(comparison!.b.condensations.length).toBeGreaterThan(3);
    expect(comparison!.a.llm.promptTokens).toBeGreaterThan(0);
    expect(
      (store.getState().compareConfig as { condensers: Array<{ max_size?: number }> }).condensers[2]!.max_size,
    ).toBe(40);
  });
});
