import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REAL_LOGS } from '../helpers/logs.ts';
import { SAMPLE_SESSION_PATH, answerHolder, createTestStore, startedStore } from '../helpers/appStore.ts';

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

  it('has the engine read the log from its stored copy once the session is stored (the picked file may go)', async () => {
    const asked: unknown[] = [];
    const { store } = createTestStore({
      wrapEngine: (engine) => ({
        ...engine,
        call: ((name, args, context) => {
          if (name === 'readLogFrom') asked.push(args);
          return engine.call(name, args, context);
        }) as typeof engine.call,
      }),
    });
    await store.getState().init();
    const bytes = new Uint8Array(readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json')));
    const picked = unread('gui.json', bytes);
    await store.getState().importLog(picked, 'gui', bytes.length);
    expect(asked).toHaveLength(1);
    const { input } = asked[0] as { input: { kind: string; path: string; blob: Blob } };
    expect(input.kind).toBe('unread');
    expect(input.blob).not.toBe(picked.blob);
    expect(new Uint8Array(await input.blob.arrayBuffer())).toEqual(bytes);
    // A log given as text is held by the engine: nothing to move.
    await store
      .getState()
      .importLog({ kind: 'file', file: { path: 't.json', text: new TextDecoder().decode(bytes) } }, 't', bytes.length);
    expect(asked).toHaveLength(1);
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

describe('opening one session while another opens', () => {
  it('shows the one asked for last, and the engine holds its log, whichever the engine answers first', async () => {
    // The engine opens logs in the order asked (one queue), but the answer to the next `open` reaches the
    // page only when let go: the session asked for first is answered last.
    const opens = answerHolder('open');
    const { store } = createTestStore({ wrapEngine: opens.wrapEngine });
    const state = () => store.getState();
    await state().init();
    const sample = state().active!.record;
    const bytes = new Uint8Array(readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json')));
    const gui = (await state().importLog(unread('gui.json', bytes), 'gui', bytes.length))!;

    opens.holdNext();
    const first = state().openSession(sample.id);
    await waitFor(() => expect(opens.caught()).toBe(true));
    await state().openSession(gui);
    opens.letGo();
    await first;
    expect(state().active!.record.id).toBe(gui);
    expect(state().engineHolds).toBe(gui);
    expect(state().opening).toBe(false);
    // The engine replays the small log (a few steps), as the page says, not the 185-event sample.
    await state().rerun();
    expect(state().summary!.steps.length).toBeLessThan(10);

    // A file imported while a session opens wins too, and the overtaken open leaves no error behind.
    opens.holdNext();
    const again = state().openSession(sample.id);
    await waitFor(() => expect(opens.caught()).toBe(true));
    const imported = state().importLog(unread('gui-2.json', bytes), 'gui 2', bytes.length);
    opens.letGo();
    const id = await imported;
    await again;
    expect(state().active!.record.id).toBe(id);
    expect(state().engineHolds).toBe(id);
    expect(state().notice?.kind).not.toBe('error');
  }, 60_000);
  it('opens a session asked for again while it opens only once (a second click on a big log being read)', async () => {
    const opens = answerHolder('open');
    let openCalls = 0;
    const { store } = createTestStore({
      wrapEngine: (engine) => {
        const held = opens.wrapEngine(engine);
        return {
          ...held,
          call: ((name, args, context) => {
            if (name === 'open') openCalls++;
            return held.call(name, args, context);
          }) as typeof engine.call,
        };
      },
    });
    const state = () => store.getState();
    await state().init();
    const sample = state().active!.record;
    const bytes = new Uint8Array(readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json')));
    const gui = (await state().importLog(unread('gui.json', bytes), 'gui', bytes.length))!;
    const before = openCalls;

    opens.holdNext();
    const first = state().openSession(sample.id);
    await waitFor(() => expect(opens.caught()).toBe(true));
    // The second request waits for the first open, then moves to the step it asked for.
    const second = state().openSession(sample.id, 7);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(secondDone).toBe(false);
    expect(openCalls).toBe(before + 1);
    opens.letGo();
    await second;
    expect(state().active!.record.id).toBe(sample.id);
    await waitFor(() => expect(state().step).toBe(7));
    await first;
    expect(state().active!.record.id).toBe(sample.id);
    expect(state().engineHolds).toBe(sample.id);
    expect(state().opening).toBe(false);
    // Once it is open, asking again opens it again (as a reload of the session does).
    await state().openSession(gui);
    await state().openSession(gui);
    expect(openCalls).toBe(before + 3);
    expect(state().active!.record.id).toBe(gui);
  }, 60_000);
});
