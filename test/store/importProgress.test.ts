import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync, strToU8 } from 'fflate';
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
    const id = await store
      .getState()
      .importLog({ kind: 'file', file: { path: 'gui.json', bytes } }, 'gui', bytes.length);
    unsubscribe();
    expect(id).not.toBeNull();
    expect(heard).toEqual(['Reading events: 100% of 1 MB', 'Saving it in this browser', 'Replaying', null]);
    expect(store.getState().importing).toBeNull();
  });

  it('says how far an archive is unpacked, and stops it on Cancel: nothing is kept (issue 21)', async () => {
    const { store } = await startedStore();
    const sessions = store.getState().sessions.length;
    const bytes = gzipSync(strToU8(randomBytes(24e6).toString('base64')), { level: 1 });
    const unsubscribe = store.subscribe((state) => {
      if (state.importStatus?.startsWith('Unpacking: ')) state.cancelImport();
    });
    const id = await store
      .getState()
      .importLog({ kind: 'file', file: { path: 'big.json.gz', bytes } }, 'big', bytes.length);
    unsubscribe();
    expect(id).toBeNull();
    expect(store.getState().notice).toEqual({ kind: 'info', text: 'big was not imported: you cancelled it.' });
    expect(store.getState().importing).toBeNull();
    expect(store.getState().sessions).toHaveLength(sessions);
  }, 60_000);

  it('says where opening a stored session stands, and nothing once it is open', async () => {
    const { store } = await startedStore();
    const bytes = new Uint8Array(readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json')));
    const id = (await store
      .getState()
      .importLog({ kind: 'file', file: { path: 'gui.json', bytes } }, 'gui', bytes.length))!;
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
