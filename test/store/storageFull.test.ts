import { describe, expect, it } from 'vitest';
import { parseSessionFile } from '../../src/formats/index.ts';
import { liveLlm } from '../../src/llm/openaiLlm.ts';
import { SessionStore, SettingsStore } from '../../src/storage/index.ts';
import { answersAtRisk, createAppStore, leaveWarning } from '../../src/store/index.ts';
import { createInThreadEngineClient } from '../../src/worker/index.ts';
import { sampleSessionText } from '../helpers/appStore.ts';
import { refusingDatabase } from '../helpers/refusingDatabase.ts';
import { fakeServerForFile } from '../helpers/fakeServer.ts';

const KEY = 'sk-storage-full-test-1234';
const server = fakeServerForFile({ apiKey: KEY });

/**
 * A store whose database refuses answer writes once `full.answers` is set, as a full disk does, with the
 * sample open, the fake endpoint set and max_size at 40 (so a live run has answers to ask for).
 */
async function readyForLiveRun() {
  const full = { answers: false };
  const db = refusingDatabase(
    `storage-full-${Math.random().toString(36).slice(2)}`,
    (table) => full.answers && table === 'answers',
  );
  const sessions = new SessionStore(
    db,
    Date.now,
    () => crypto.randomUUID(),
    undefined,
    async () => ({ quota: 300e6, usage: 299.9e6 }),
  );
  const store = createAppStore({
    sessions,
    settings: new SettingsStore(db),
    engine: createInThreadEngineClient(liveLlm),
    loadSample: async () => sampleSessionText(),
  });
  await store.getState().init();
  await store
    .getState()
    .saveLlmSettings({ baseURL: server().url, model: 'fake-model', apiKey: KEY, inputPrice: null, outputPrice: null });
  const config = structuredClone(store.getState().config) as { condensers: Array<Record<string, unknown>> };
  config.condensers[2]!.max_size = 40;
  store.getState().setConfig(config);
  await store.getState().rerun();
  return { store, sessions, full, config };
}

describe('storage full during a live run', () => {
  it(
    'keeps the paid answers in memory, says how many could not be kept, and exports them',
    { timeout: 60_000 },
    async () => {
      const { store, sessions, full, config } = await readyForLiveRun();
      const id = store.getState().active!.record.id;
      const storedBefore = Object.keys(await sessions.answers(id)).length;
      full.answers = true;
      await store.getState().runLive();
      const unsaved = store.getState().unsavedAnswers;
      const count = Object.keys(unsaved?.answers ?? {}).length;
      expect(count).toBeGreaterThan(0);
      expect(Object.keys(await sessions.answers(id))).toHaveLength(storedBefore);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const notices = store.getState().notice?.text ?? '';
      expect(notices.length).toBeGreaterThan(0);
      const exported = parseSessionFile((await store.getState().exportSession())!.parts.join(''));
      for (const key of Object.keys(unsaved!.answers)) expect(exported.answers[key]).toEqual(unsaved!.answers[key]);
      // Room again: the next answer stores the ones kept in memory too.
      full.answers = false;
      config.condensers[2]!.max_size = 36;
      store.getState().setConfig(config);
      await store.getState().rerun();
      await store.getState().runLive();
      // Answers are stored as they arrive, beside the run: the last writes may land just after it.
      for (let waited = 0; store.getState().unsavedAnswers && waited < 5000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(store.getState().unsavedAnswers).toBeNull();
      const stored = await sessions.answers(id);
      for (const key of Object.keys(unsaved!.answers)) expect(stored[key]).toEqual(unsaved!.answers[key]);
    },
  );

  it('tells how many answers could not be kept, and how full storage is', async () => {
    const { store, full } = await readyForLiveRun();
    full.answers = true;
    const seen: string[] = [];
    const unsubscribe = store.subscribe((state) => state.notice && seen.push(state.notice.text));
    await store.getState().runLive();
    unsubscribe();
    expect(seen.find((text) => text.startsWith('storage is full'))).toMatch(
      /^storage is full: 1 answer could not be kept: this browser lets the inspector store 300 MB here, 300 MB of it is used \(0 MB free\)\. .*[^.]\. The 1 paid answer stays in this tab until stored: export the session to keep them\.$/,
    );
    expect(seen.find((text) => text.startsWith('storage is full'))).not.toContain('..');
  });

  it(
    'keeps saying how many answers are not stored after the run ends, warns before leaving, and stops once they are exported',
    { timeout: 60_000 },
    async () => {
      const { store, full } = await readyForLiveRun();
      full.answers = true;
      const warnings = new Set<string | null>();
      const unsubscribe = store.subscribe((state) => warnings.add(leaveWarning(state)));
      await store.getState().runLive();
      unsubscribe();
      // While the run asked and its answers were written, leaving was warned against.
      expect([...warnings].some((text) => text?.startsWith('A live run is asking the LLM for answers'))).toBe(true);
      const count = answersAtRisk(store.getState());
      expect(count).toBeGreaterThan(0);
      // The run's last word does not hide them.
      expect(store.getState().notice).toMatchObject({
        kind: 'error',
        text: `Live run finished with ${count} new answers; ${count} of them are not stored (export the session to keep them).`,
      });
      expect(leaveWarning(store.getState())).toBe(
        `${count === 1 ? '1 paid answer is' : `${count} paid answers are`} not stored; export the session before leaving to keep ${count === 1 ? 'it' : 'them'}.`,
      );
      await store.getState().exportSession();
      expect(answersAtRisk(store.getState())).toBe(0);
      expect(leaveWarning(store.getState())).toBeNull();
      // Still kept in memory (and stored at the next chance).
      expect(Object.keys(store.getState().unsavedAnswers!.answers)).toHaveLength(count);
    },
  );
});
