import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markShown } from '../../src/store/shownMarks.ts';
import { createTestStore } from '../helpers/appStore.ts';

describe('markShown', () => {
  it('leaves one User Timing mark per moment, the latest, and observers hear each one', () => {
    const heard: string[] = [];
    const observer = new PerformanceObserver((list) => heard.push(...list.getEntries().map((entry) => entry.name)));
    observer.observe({ type: 'mark' });
    markShown('step');
    const first = performance.getEntriesByName('inspector:step')[0]!.startTime;
    markShown('step');
    markShown('replay');
    const steps = performance.getEntriesByName('inspector:step');
    expect(steps).toHaveLength(1);
    expect(steps[0]!.startTime).toBeGreaterThanOrEqual(first);
    expect(performance.getEntriesByName('inspector:replay')).toHaveLength(1);
    const records = observer.takeRecords().map((entry) => entry.name);
    observer.disconnect();
    expect([...heard, ...records].filter((name) => name === 'inspector:step')).toHaveLength(2);
  });

  it('marks the first step shown after a log opens (its view came with the replay), then each step and replay', async () => {
    performance.clearMarks();
    const { store } = createTestStore();
    const marked = () => ['step', 'replay'].map((what) => performance.getEntriesByName(`inspector:${what}`).length);
    await store.getState().init();
    expect(store.getState().stepView).not.toBeNull();
    expect(marked()).toEqual([1, 1]);
    // Once settled (the tokens counted, replayed with them), only the step change marks a step.
    await waitFor(() => expect(store.getState().active?.tokens && !store.getState().running).toBe(true));
    const opened = performance.getEntriesByName('inspector:step')[0]!.startTime;
    store.getState().setStep(3);
    await expect.poll(() => performance.getEntriesByName('inspector:step')[0]!.startTime).toBeGreaterThan(opened);
  });
});
