import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseSessionFile } from '../../src/formats/index.ts';
import { copyName } from '../../src/store/librarySlice.ts';
import type { EngineClient } from '../../src/worker/index.ts';
import { createTestStore, startedStore } from '../helpers/appStore.ts';

describe('the reproduction file', () => {
  it('keeps compare’s configuration B: exported, imported again, the copy compares the same B under a clear name', async () => {
    const { store } = await startedStore();
    const state = () => store.getState();
    await state().refreshComparison();
    const b = { ...(state().compareConfig as Record<string, unknown>), condensers: undefined };
    // Amortized forgetting condenses without an LLM: B's condensations are its own, at steps of its own.
    const chosen = { type: 'amortized', keep_first: 2, max_size: 30 };
    state().setCompareConfig(chosen);
    await state().refreshComparison();
    expect(state().comparison!.b.condensations.length).toBeGreaterThan(3);
    const figures = state().comparison!.b.condensations.map((c) => c.stepIndex);
    expect(b).not.toEqual(chosen);
    const exported = (await state().exportSession())!;
    expect(parseSessionFile(exported.parts.join('')).session.compare).toEqual({ config: chosen });

    const name = state().active!.record.name;
    const id = await state().importSessionFile(exported.parts.join(''));
    expect(state().active!.record.id).toBe(id);
    expect(state().active!.record.name).toBe(`${name} (copy 2)`);
    expect(state().compareConfig).toEqual(chosen);
    await waitFor(() => expect(state().summary).not.toBeNull());
    await state().refreshComparison();
    expect(state().comparison!.b.condensations.map((c) => c.stepIndex)).toEqual(figures);
    // Five replays of the 185-event log: more than the default 5 s on a loaded machine.
  }, 30_000);

  it('names copies past the ones the list has', () => {
    expect(copyName('run', [])).toBe('run');
    expect(copyName('run', [{ name: 'run' }, { name: 'run (copy 2)' }])).toBe('run (copy 3)');
  });

  it('reopens a session with its B, and opening or moving through steps does not reorder the list', async () => {
    const { store, sessions } = await startedStore();
    const state = () => store.getState();
    const chosen = { type: 'recent', keep_first: 2, max_events: 30 };
    state().setCompareConfig(chosen);
    await waitFor(async () => expect((await sessions.get(state().active!.record.id))?.compareConfig).toEqual(chosen));
    const first = state().active!.record.id;
    const exported = (await state().exportSession())!;
    await state().importSessionFile(exported.parts.join(''));
    await state().refreshSessions();
    const order = state().sessions.map((s) => s.id);
    await state().openSession(first);
    expect(state().compareConfig).toEqual(chosen);
    state().setStep(12);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await state().refreshSessions();
    expect(state().sessions.map((s) => s.id)).toEqual(order);
  });
});

describe('a comparison made moot', () => {
  it('is dropped quietly when its usage estimate stops, or when a log opened meanwhile took its replays away', async () => {
    // The engine's answer to B's (then A's) usage estimate: stopped, or a session opened first and the slot gone.
    let usageAnswer: (slot: string) => Promise<never> = () =>
      Promise.reject(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
    const { store } = createTestStore({
      wrapEngine: (engine) => ({
        ...engine,
        call: ((method, args, context) => {
          const slot = (args as { slot?: string } | undefined)?.slot;
          if (method === 'agentUsage' && slot?.startsWith('compare')) return usageAnswer(slot);
          return engine.call(method, args, context);
        }) as EngineClient['call'],
      }),
    });
    const state = () => store.getState();
    await state().init();
    state().setCompareConfig({ type: 'amortized', keep_first: 2, max_size: 30 });
    await expect(state().refreshComparison()).resolves.toBeUndefined();
    expect(state().comparison).toBeNull();
    expect(state().compareError).toBeNull();

    const session = state().active!.record.id;
    usageAnswer = async () => {
      await state().openSession(session);
      throw new Error('nothing has been replayed yet');
    };
    await expect(state().refreshComparison()).resolves.toBeUndefined();
    expect(state().comparison).toBeNull();
    expect(state().compareError).toBeNull();
    expect(state().active!.record.id).toBe(session);
  });
});
