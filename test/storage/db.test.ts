import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { InspectorDb, SessionStore, SettingsStore } from '../../src/storage/index.ts';

describe('database versions', () => {
  it('opens a version 1 database as version 3: sessions kept, prompts filled in, settings table added, the log split into chunks', async () => {
    const name = 'migration-test';
    const v1 = new Dexie(name);
    v1.version(1).stores({ sessions: 'id, updatedAt', logs: 'sessionId', answers: '[sessionId+key], sessionId' });
    await v1.table('sessions').add({
      id: 'old',
      name: 'from v1',
      createdAt: 1,
      updatedAt: 1,
      source: {},
      config: { type: 'noop' },
      mode: 'recorded',
      notes: '',
      lastStep: null,
    });
    await v1.table('logs').add({ sessionId: 'old', input: { kind: 'file', file: { path: 'a.json', text: '[]' } } });
    v1.close();

    const db = new InspectorDb(name);
    const sessions = new SessionStore(db);
    const [migrated] = await sessions.list();
    expect(db.verno).toBe(3);
    expect(migrated).toMatchObject({ id: 'old', name: 'from v1', prompts: {} });
    expect(await sessions.log('old')).toEqual({ kind: 'file', file: { path: 'a.json', text: '[]' } });
    expect(await db.logs.get('old')).toEqual({
      sessionId: 'old',
      manifest: {
        kind: 'file',
        file: { path: 'a.json', encoding: 'text', size: 2, chunks: 1, chunkBytes: 8 * 1024 * 1024 },
      },
    });
    const settings = new SettingsStore(db);
    expect(await settings.llm()).toBeNull();
  });
});

describe('SettingsStore', () => {
  it('keeps the endpoint apart from sessions and forgets only the key', async () => {
    const db = new InspectorDb('settings-test');
    const settings = new SettingsStore(db);
    await settings.saveLlm({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'fake-model',
      apiKey: 'sk-secret-123456',
      inputPrice: 0.15,
      outputPrice: 0.6,
    });
    expect((await settings.llm())?.apiKey).toBe('sk-secret-123456');
    await settings.forgetKey();
    expect(await settings.llm()).toEqual({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'fake-model',
      apiKey: '',
      inputPrice: 0.15,
      outputPrice: 0.6,
    });
  });
});
