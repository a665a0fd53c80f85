import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_LOGS } from '../helpers/logs.ts';
import { SAMPLE_SESSION_PATH, startedStore } from '../helpers/appStore.ts';

const unread = (path: string, bytes: Uint8Array<ArrayBuffer>) => ({
  kind: 'unread' as const,
  path,
  blob: new Blob([bytes]),
});

describe('importing a picked file left unread', () => {
  it('has the engine read it and storage keep its slices: the session holds the same bytes', async () => {
    const { store, sessions } = await startedStore();
    const bytes = new Uint8Array(readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json')));
    const id = await store.getState().importLog(unread('gui.json', bytes), 'gui', bytes.length);
    expect(id).not.toBeNull();
    expect(store.getState().active?.record.id).toBe(id);
    expect(store.getState().active?.record.source).toMatchObject({ name: 'gui', sizeBytes: bytes.length });
    expect(await sessions.log(id!)).toEqual({ kind: 'file', file: { path: 'gui.json', bytes } });
  }, 30_000);

  it('opens a session file picked unread as a session, and refuses a bad log in one sentence', async () => {
    const { store } = await startedStore();
    const before = store.getState().sessions.length;
    const session = new Uint8Array(readFileSync(SAMPLE_SESSION_PATH));
    expect(await store.getState().importLog(unread('s.json', session), 's', session.length)).not.toBeNull();
    expect(store.getState().sessions).toHaveLength(before + 1);

    const cut = new TextEncoder().encode('[{"id": 0, "action": "message"');
    expect(await store.getState().importLog(unread('cut.json', cut), 'cut', cut.length)).toBeNull();
    expect(store.getState().notice).toEqual({
      kind: 'error',
      text: 'cut was not imported: cut.json: the JSON ends before it is complete (is the file truncated?)',
    });
    expect(store.getState().sessions).toHaveLength(before + 1);
  }, 30_000);
});
