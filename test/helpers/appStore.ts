import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InspectorDb, SessionStore, SettingsStore } from '../../src/storage/index.ts';
import { type AppStore, createAppStore } from '../../src/store/index.ts';
import { liveAgentLlm, liveLlm } from '../../src/llm/openaiLlm.ts';
import { type EngineClient, type EngineMethod, createInThreadEngineClient } from '../../src/worker/index.ts';

export const SAMPLE_SESSION_PATH = join(
  import.meta.dirname,
  '..',
  '..',
  'sample-sessions',
  'oh-utils-185.session.json',
);
export const sampleSessionText = () => readFileSync(SAMPLE_SESSION_PATH, 'utf8');

let databases = 0;

/**
 * An engine wrapper whose next answer to `method`, once `holdNext()` is called, reaches the page only
 * when `letGo()` is: `caught()` tells that the held call was made.
 */
export function answerHolder(method: EngineMethod) {
  let armed = false;
  let caught = false;
  let release: () => void = () => undefined;
  return {
    holdNext() {
      armed = true;
      caught = false;
    },
    caught: () => caught,
    letGo: () => release(),
    wrapEngine: (engine: EngineClient): EngineClient => ({
      ...engine,
      call: (async (name, args, context) => {
        const answer = engine.call(name, args, context);
        if (name === method && armed) {
          armed = false;
          caught = true;
          await new Promise<void>((resolve) => (release = resolve));
        }
        return answer;
      }) as EngineClient['call'],
    }),
  };
}

/** A real store (real engine on this thread, IndexedDB from fake-indexeddb) with its own database. */
export function createTestStore(
  options: {
    loadSample?: () => Promise<string>;
    wrapEngine?: (engine: EngineClient) => EngineClient;
    stepAloneAfterMs?: number;
  } = {},
): {
  store: AppStore;
  db: InspectorDb;
  sessions: SessionStore;
  settings: SettingsStore;
} {
  const db = new InspectorDb(`test-db-${++databases}-${Math.random().toString(36).slice(2)}`);
  const sessions = new SessionStore(db);
  const settings = new SettingsStore(db);
  const store = createAppStore({
    sessions,
    settings,
    engine: (options.wrapEngine ?? ((engine) => engine))(createInThreadEngineClient(liveLlm, liveAgentLlm)),
    loadSample: options.loadSample ?? (async () => sampleSessionText()),
    ...(options.stepAloneAfterMs === undefined ? {} : { stepAloneAfterMs: options.stepAloneAfterMs }),
  });
  return { store, db, sessions, settings };
}

/** A store that has started like the app does: the sample session imported and open. */
export async function startedStore(options: Parameters<typeof createTestStore>[0] = {}) {
  const created = createTestStore(options);
  await created.store.getState().init();
  return created;
}

/**
 * A started store once its background work has settled: tokens counted, the replay run again with them,
 * and every step's usage estimated for that replay (figures read before then may be replaced).
 */
export async function settledStore(options: Parameters<typeof createTestStore>[0] = {}) {
  const created = await startedStore(options);
  const { store } = created;
  await waitFor(
    () => {
      const { summary, usage, usageProgress, active } = store.getState();
      expect(active?.tokens).toBeTruthy();
      expect(summary?.steps.some((step) => step.viewTokens > 0)).toBe(true);
      expect(usage?.steps.length).toBe(summary!.steps.length);
      expect(usageProgress).toBeNull();
    },
    { timeout: 12_000 },
  );
  return created;
}
