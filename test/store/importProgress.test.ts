import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_LOGS } from '../helpers/logs.ts';
import { startedStore } from '../helpers/appStore.ts';

describe('import progress', () => {
  it('says where an import stands: reading the events, saving, replaying; nothing once done', async () => {
    const { store } = await startedStore();
    const heard: Array<string | null> = [];
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.importStatus !== previous.importStatus) heard.push(state.importStatus);
    });
    const bytes = new Uint8Array(readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json')));
    const id = await store.getState().importLog({ kind: 'file', file: { path: 'gui.json', bytes } }, 'gui', bytes.length);
    unsubscribe();
    expect(id).not.toBeNull();
    expect(heard).toEqual(['Reading events: 100% of 1 MB', 'Saving it in this browser', 'Replaying', null]);
    expect(store.getState().importing).toBeNull();
  });

  it('says where opening a stored session stands, and nothing once it is open', async () => {
    const { store } = await startedStore();
    const bytes = new Uint8Array(readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json')));
    const id = (await store.getState().importLog({ kind: 'file', file: { path: 'gui.json', bytes } }, 'gui', bytes.length))!;
    const sample = store.getState().sessions.find((session) => session.id !== id)!;
    await store.getState().openSession(sample.id);
    const heard: Array<string | null> = [];
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.openingStatus !== previous.openingStatus) heard.push(state.openingStatus);
    });
    await store.getState().openSession(id);
    unsubscribe();
    expect(heard).toEqual(['Reading events: 100% of 1 MB', null]);
    expect(store.getState().active?.record.id).toBe(id);
  });
});
