import { describe, expect, it } from 'vitest';
import { InspectorDb, SessionStore, SettingsStore, broadcastSessionChanges } from '../../src/storage/index.ts';
import { createAppStore } from '../../src/store/index.ts';
import { liveLlm } from '../../src/llm/openaiLlm.ts';
import { type EngineClient, createInThreadEngineClient } from '../../src/worker/index.ts';
import { answerHolder, sampleSessionText } from '../helpers/appStore.ts';

let tabs = 0;

/**
 * Two tabs of the app: one database, one BroadcastChannel name, a store each. `bHears: false` is a tab
 * that missed the news (a frozen background tab): it learns of A's changes only by writing.
 */
function twoTabs({ bHears = true, bEngine = (engine: EngineClient) => engine } = {}) {
  const name = `two-tabs-${++tabs}-${Math.random().toString(36).slice(2)}`;
  const tab = (hears: boolean, wrap = (engine: EngineClient) => engine) => {
    const db = new InspectorDb(name);
    const channel = broadcastSessionChanges(`${name}-changes`)!;
    return createAppStore({
      sessions: new SessionStore(db),
      settings: new SettingsStore(db),
      engine: wrap(createInThreadEngineClient(liveLlm)),
      changes: hears ? channel : { publish: channel.publish, subscribe: () => () => undefined },
      loadSample: async () => sampleSessionText(),
    });
  };
  return { a: tab(true), b: tab(bHears, bEngine) };
}

async function bothOnOneSession(options?: { bHears?: boolean }) {
  const tabs = twoTabs(options);
  await tabs.a.getState().init();
  await tabs.b.getState().init();
  const id = tabs.a.getState().active!.record.id;
  await tabs.b.getState().openSession(id);
  return { ...tabs, id };
}

type Config = { condensers: Array<Record<string, unknown>> };
const withSummarizer = (config: unknown, changes: Record<string, unknown>) => {
  const next = structuredClone(config) as Config;
  Object.assign(next.condensers[2]!, changes);
  return next;
};
const summarizer = (config: unknown) => (config as Config).condensers[2];

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two tabs on one session', () => {
  it(
    'a rename in one tab while the other is opening that session is not undone there',
    { timeout: 30_000 },
    async () => {
      const opens = answerHolder('open');
      const { a, b } = twoTabs({ bEngine: opens.wrapEngine });
      await a.getState().init();
      await b.getState().init();
      const id = a.getState().active!.record.id;
      // B opens the session; its log is being opened when A renames it.
      opens.holdNext();
      const opening = b.getState().openSession(id);
      await until(opens.caught, 'the open to be asked for');
      await a.getState().renameSession(id, 'Renamed in A');
      await until(
        () => b.getState().sessions.some((session) => session.name === 'Renamed in A'),
        'B to hear of the rename',
      );
      opens.letGo();
      await opening;
      expect(b.getState().active?.record.name).toBe('Renamed in A');
      expect(b.getState().sessions.find((session) => session.id === id)?.name).toBe('Renamed in A');
    },
  );

  it('a session deleted in one tab closes in the other, which says so', { timeout: 30_000 }, async () => {
    const { a, b } = twoTabs();
    await a.getState().init();
    await b.getState().init();
    const id = a.getState().active!.record.id;
    await b.getState().openSession(id);
    expect(b.getState().active?.record.id).toBe(id);
    await a.getState().deleteSession(id);
    await until(() => b.getState().active === null, 'the other tab to close the session');
    expect(b.getState().notice?.text).toMatch(/was deleted in another tab\.$/);
    expect(b.getState().sessions).toEqual([]);
  });

  it(
    'a change in one tab is read back in the other, which never writes its older copy',
    { timeout: 30_000 },
    async () => {
      const { a, b } = twoTabs();
      await a.getState().init();
      await b.getState().init();
      await b.getState().openSession(a.getState().active!.record.id);
      await a.getState().setNotes('written in tab A');
      await a.getState().renameSession(a.getState().active!.record.id, 'renamed in A');
      await until(() => b.getState().active?.record.name === 'renamed in A', 'the other tab to read the change');
      expect(b.getState().active?.record.notes).toBe('written in tab A');
      expect(b.getState().notice?.text).toMatch(/was changed in another tab/);
      // B's next change patches its own field only: A's notes and name stay.
      b.getState().setMode('recorded');
      await until(() => a.getState().mode === 'recorded', 'tab A to read B’s change');
      expect(a.getState().active?.record).toMatchObject({
        name: 'renamed in A',
        notes: 'written in tab A',
        mode: 'recorded',
      });
    },
  );

  it(
    'notes: a tab that only focuses and leaves writes nothing back; edits of different lines are merged',
    { timeout: 30_000 },
    async () => {
      const { a, b, id } = await bothOnOneSession();
      await a.getState().setNotes('first line\nmiddle\nlast line');
      await until(
        () => b.getState().active?.record.notes === 'first line\nmiddle\nlast line',
        'tab B to read A’s notes',
      );
      const bBase = {
        text: b.getState().active!.record.notes,
        revision: b.getState().active!.record.revisions!.notes!,
      };
      // B's stale copy, untouched: nothing is written.
      expect(await b.getState().setNotes('', { text: '', revision: 0 })).toEqual({ text: '', revision: 0 });
      await a.getState().setNotes('FIRST LINE (A)\nmiddle\nlast line');
      const merged = await b.getState().setNotes('first line\nmiddle\nlast line (B)', bBase);
      expect(merged?.text).toBe('FIRST LINE (A)\nmiddle\nlast line (B)');
      expect(b.getState().notice?.text).toMatch(/merged with an edit made in another tab/);
      await until(
        () => a.getState().active?.record.notes === 'FIRST LINE (A)\nmiddle\nlast line (B)',
        'tab A to read the merged notes',
      );
      expect(a.getState().active?.record.id).toBe(id);
    },
  );

  it(
    'notes: edits of the same lines are both offered, nothing dropped, and kept as the user picks',
    { timeout: 30_000 },
    async () => {
      const { a, b } = await bothOnOneSession({ bHears: false });
      await a.getState().setNotes('written in tab A');
      expect(await b.getState().setNotes('written in tab B', { text: '', revision: 0 })).toBeNull();
      expect(b.getState().notesConflict).toMatchObject({ mine: 'written in tab B', theirs: 'written in tab A' });
      // A's notes are what is stored until B picks.
      expect(b.getState().active?.record.notes).toBe('written in tab A');
      const kept = await b.getState().resolveNotesConflict('both');
      expect(kept?.text).toBe('written in tab A\n\nwritten in tab B');
      expect(b.getState().notesConflict).toBeNull();
      await until(
        () => a.getState().active?.record.notes === 'written in tab A\n\nwritten in tab B',
        'tab A to read both',
      );
    },
  );

  it('settings: A’s max_size and B’s keep_first, changed at once, both stay', { timeout: 30_000 }, async () => {
    const { a, b } = await bothOnOneSession({ bHears: false });
    const start = a.getState().config;
    a.getState().setConfig(withSummarizer(start, { max_size: 50 }));
    await until(() => summarizer(a.getState().active!.record.config)!.max_size === 50, 'tab A to store max_size');
    // B still shows the old settings: it missed A's news.
    b.getState().setConfig(withSummarizer(start, { keep_first: 3 }));
    await until(() => summarizer(b.getState().config)!.max_size === 50, 'tab B to merge');
    expect(summarizer(b.getState().config)).toMatchObject({ max_size: 50, keep_first: 3 });
    expect(b.getState().notice?.text).toMatch(/merged with one made in another tab/);
    await until(() => summarizer(a.getState().config)!.keep_first === 3, 'tab A to read the merged settings');
    expect(summarizer(a.getState().config)).toMatchObject({ max_size: 50, keep_first: 3 });
  });

  it(
    'settings: the same setting changed differently in both is offered, the other tab’s stored until the user picks',
    { timeout: 30_000 },
    async () => {
      const { a, b } = await bothOnOneSession({ bHears: false });
      const start = a.getState().config;
      a.getState().setConfig(withSummarizer(start, { max_size: 50 }));
      await until(() => summarizer(a.getState().active!.record.config)!.max_size === 50, 'tab A to store max_size');
      b.getState().setConfig(withSummarizer(start, { max_size: 60 }));
      await until(() => b.getState().configConflict !== null, 'tab B to find the conflict');
      expect(b.getState().configConflict?.settings).toEqual(['condensers[2].max_size']);
      expect(summarizer(b.getState().config)!.max_size).toBe(60);
      expect(summarizer(b.getState().active!.record.config)!.max_size).toBe(50);
      await b.getState().resolveConfigConflict('mine');
      expect(b.getState().configConflict).toBeNull();
      await until(() => summarizer(a.getState().config)!.max_size === 60, 'tab A to read B’s pick');
    },
  );
});
