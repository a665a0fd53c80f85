import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../../src/worker/index.ts';
import { settledStore } from '../helpers/appStore.ts';

describe('facts lost in the store', () => {
  it('stops the engine’s walk for an earlier replay when a newer one asks, and shows the newer one’s', async () => {
    const signals: AbortSignal[] = [];
    const wrapEngine = (engine: EngineClient): EngineClient => ({
      ...engine,
      call: ((method, args, context) => {
        if (method === 'replayQuality' && context?.signal) signals.push(context.signal);
        return engine.call(method, args, context);
      }) as EngineClient['call'],
    });
    const { store } = await settledStore({ wrapEngine });
    await waitFor(() => expect(store.getState().quality).not.toBeNull());
    const before = signals.length;
    const first = store.getState().refreshQuality();
    const second = store.getState().refreshQuality();
    await Promise.all([first, second]);
    expect(signals.length).toBe(before + 2);
    expect(signals[before]!.aborted).toBe(true);
    expect(signals[before + 1]!.aborted).toBe(false);
    // The sample's figures as recorded (spec/quality.md): two facts used that the view had lost.
    expect(store.getState().quality?.total.missing_used).toBe(2);
    expect(store.getState().notice).toBeNull();
  });
});
