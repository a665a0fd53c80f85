import { describe, expect, it } from 'vitest';
import { InspectorDb, SettingsStore, memoryKeyShelf, tabKeyShelf } from '../../src/storage/index.ts';

const endpoint = {
  baseURL: 'https://api.example.com/v1',
  model: 'm',
  apiKey: 'sk-tab-only-0123456789',
  inputPrice: null,
  outputPrice: null,
};

describe('the LLM settings and where the key is kept', () => {
  it('keeps a key "for this tab only" out of the database: another tab sees the endpoint without it', async () => {
    const db = new InspectorDb(`settings-${Math.random().toString(36).slice(2)}`);
    const thisTab = new SettingsStore(db, memoryKeyShelf());
    await thisTab.saveLlm({ ...endpoint, keyStorage: 'tab' });
    expect(JSON.stringify(await db.settings.toArray())).not.toContain(endpoint.apiKey);
    expect(await thisTab.llm()).toMatchObject({ apiKey: endpoint.apiKey, keyStorage: 'tab' });
    const otherTab = new SettingsStore(db, memoryKeyShelf());
    expect(await otherTab.llm()).toMatchObject({ baseURL: endpoint.baseURL, apiKey: '', keyStorage: 'tab' });
  });

  it('remembers a key in this browser when asked, and forgets it from both places', async () => {
    const db = new InspectorDb(`settings-${Math.random().toString(36).slice(2)}`);
    const shelf = memoryKeyShelf();
    const store = new SettingsStore(db, shelf);
    await store.saveLlm({ ...endpoint, keyStorage: 'tab' });
    await store.saveLlm({ ...endpoint, keyStorage: 'browser' });
    expect(shelf.get()).toBeNull();
    expect(await new SettingsStore(db, memoryKeyShelf()).llm()).toMatchObject({ apiKey: endpoint.apiKey });
    await store.saveLlm({ ...endpoint, keyStorage: 'tab' });
    await store.forgetKey();
    expect(shelf.get()).toBeNull();
    expect((await store.llm())?.apiKey).toBe('');
    expect(JSON.stringify(await db.settings.toArray())).not.toContain(endpoint.apiKey);
  });
});

describe('tabKeyShelf', () => {
  it('keeps the key in the tab’s sessionStorage, and in memory where that refuses', () => {
    const items = new Map<string, string>();
    const session = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    const shelf = tabKeyShelf(session);
    shelf.set('sk-1');
    expect([...items.values()]).toEqual(['sk-1']);
    expect(tabKeyShelf(session).get()).toBe('sk-1');
    shelf.set(null);
    expect(items.size).toBe(0);
    const refusing = tabKeyShelf({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    });
    refusing.set('sk-2');
    expect(refusing.get()).toBe('sk-2');
  });
});
