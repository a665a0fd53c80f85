import { createStore } from 'zustand/vanilla';
import { createAgentSlice } from './agentSlice.ts';
import { createCompareSlice } from './compareSlice.ts';
import { createCounterfactualSlice } from './counterfactualSlice.ts';
import { createInspectSlice } from './inspectSlice.ts';
import { createLlmSlice } from './llmSlice.ts';
import { createLibrarySlice } from './librarySlice.ts';
import { createReplaySlice } from './replaySlice.ts';
import { createSessionSlice } from './sessionSlice.ts';
import { createSweepSlice } from './sweepSlice.ts';
import { createQualitySlice } from './qualitySlice.ts';
import type { SessionChanges, SessionStore } from '../storage/index.ts';
import type { AppState, StoreDeps } from './types.ts';

/** The session store, telling the other tabs about each change it makes (the step looked at is no change). */
function publishing(sessions: SessionStore, changes: SessionChanges | undefined): SessionStore {
  if (!changes) return sessions;
  const told: Partial<SessionStore> = {
    create: async (...args) => {
      const record = await sessions.create(...args);
      changes.publish({ kind: 'created', id: record.id });
      return record;
    },
    update: async (id, patch) => {
      await sessions.update(id, patch);
      if (Object.keys(patch).some((key) => key !== 'lastStep')) changes.publish({ kind: 'changed', id });
    },
    updateVersioned: async (id, field, value, baseRevision) => {
      const result = await sessions.updateVersioned(id, field, value, baseRevision);
      if (result.saved) changes.publish({ kind: 'changed', id });
      return result;
    },
    addAnswers: async (id, answers) => {
      await sessions.addAnswers(id, answers);
      changes.publish({ kind: 'changed', id });
    },
    remove: async (id) => {
      await sessions.remove(id);
      changes.publish({ kind: 'deleted', id });
    },
  };
  return Object.assign(Object.create(sessions) as SessionStore, told);
}

/** The one app store: the UI's only way to storage, the engine worker and the LLM. */
export function createAppStore(given: StoreDeps) {
  let opened = 0;
  const engine: StoreDeps['engine'] = {
    where: given.engine.where,
    dispose: () => given.engine.dispose(),
    call(method, args, context) {
      if (method === 'open') opened++;
      return given.engine.call(method, args, context);
    },
  };
  const deps: StoreDeps = {
    ...given,
    engine,
    sessions: publishing(given.sessions, given.changes),
    logGeneration: () => opened,
  };
  return createStore<AppState>()((set, get) => ({
    ...createLibrarySlice(set, get, deps),
    ...createSessionSlice(set, get, deps),
    ...createReplaySlice(set, get, deps),
    ...createInspectSlice(set, get, deps),
    ...createLlmSlice(set, get, deps),
    ...createCounterfactualSlice(set, get, deps),
    ...createCompareSlice(set, get, deps),
    ...createAgentSlice(set, get, deps),
    ...createQualitySlice(set, get, deps),
    ...createSweepSlice(set, get),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
