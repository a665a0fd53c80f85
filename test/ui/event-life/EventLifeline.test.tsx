import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventLifeline } from '../../../src/ui/event-life/EventLifeline.tsx';
import { LaneView } from '../../../src/ui/event-life/LaneView.tsx';
import { stepRuns } from '../../../src/ui/event-life/LifeStrip.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

async function recordedStore() {
  const { store } = await startedStore();
  store.getState().setMode('recorded');
  await waitFor(() => expect(store.getState().summary?.mode).toBe('recorded'));
  return store;
}

describe('EventLifeline', () => {
  it('tells a forgotten event’s stay and names the condensation that forgot it, with a link to its step', async () => {
    const store = await recordedStore();
    renderWithStore(<EventLifeline />, store);
    // Event #10 (log position 10) is among the events the sample's first condensation (#85, before step 40) forgot.
    await store.getState().selectEvent(10);
    await waitFor(() => expect(store.getState().eventLife?.index).toBe(10));
    expect(await screen.findByText(/^Entered the view at step \d+ of 84$/)).toBeDefined();
    expect(screen.getByText(/^In view: steps \d+–39$/)).toBeDefined();
    const forgotten = screen.getByText(/^Forgotten before step 40 by condensation/);
    expect(forgotten.textContent).toMatch(/#85, whose summary stands for it$/);
    store.getState().setStep(70);
    fireEvent.click(screen.getByRole('button', { name: '#85' }));
    expect(store.getState().step).toBe(39);
  });

  it('follows the replay: a new configuration gives the picked event a new life', async () => {
    const store = await recordedStore();
    renderWithStore(<EventLifeline />, store);
    await store.getState().selectEvent(10);
    await screen.findByText(/^Forgotten before step 40/);
    store.getState().setMode('resimulate');
    store.getState().setConfig({ type: 'noop' });
    await waitFor(() => expect(screen.getByText(/^Never forgotten/)).toBeDefined());
  });

  it('numbers runs of steps as the app does: 1-based, inclusive', () => {
    expect(stepRuns([[2, 39]])).toBe('steps 3–39');
    expect(stepRuns([[4, 5]])).toBe('step 5');
    expect(
      stepRuns([
        [0, 3],
        [7, 8],
      ]),
    ).toBe('steps 1–3, 8');
  });
});

describe('LaneView', () => {
  it('lists every event in lanes, runs forgotten together folded, and opens an event’s life from its lane', async () => {
    const store = await recordedStore();
    renderWithStore(<LaneView />, store);
    const summary = await screen.findByText(/^185 events in \d+ lanes over 84 steps/);
    const lanes = Number(/in (\d+) lanes/.exec(summary.textContent!)![1]);
    expect(lanes).toBeLessThan(185 / 2);
    const folded = await screen.findByRole('button', { name: /^#7 – #49 \(43 events\)/ });
    expect(folded.getAttribute('title')).toBe('#7 – #49 (43 events): in view steps 2–39, forgotten before step 40');
    // The lanes of the replay before may still be on screen, to be replaced by this one's: click the lane shown now.
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: /^#7 – #49 \(43 events\)/ }));
      expect(store.getState().selectedEvent).toBe(7);
    });
    await waitFor(() => expect(store.getState().eventLife?.index).toBe(7));
  });
});
