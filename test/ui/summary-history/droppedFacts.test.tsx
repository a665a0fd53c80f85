import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SummaryHistory } from '../../../src/ui/summary-history/SummaryHistory.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('SummaryHistory: facts a condensation dropped', () => {
  it('lists under a condensation the facts it forgot that the agent used later, each a link to its step', async () => {
    const { store } = await startedStore();
    // A small max_size forgets a lot: some facts used later are gone.
    store.getState().setConfig({ type: 'amortized', keep_first: 2, max_size: 20 });
    await waitFor(() => expect(store.getState().droppedFacts).not.toBeNull(), { timeout: 30_000 });
    const dropped = store.getState().droppedFacts!;
    const quality = store.getState().quality!;
    const listed = Object.values(dropped).flat();
    expect(listed.length).toBeGreaterThan(0);
    // Each listed fact is one the agent used at that step although its view had lost it.
    for (const { step, fact } of listed) expect(quality.steps[step]!.missing_used).toContain(fact);
    const ids = new Set(store.getState().summary!.condensations.map((c) => String(c.id)));
    expect(Object.keys(dropped).every((id) => ids.has(id))).toBe(true);
    renderWithStore(<SummaryHistory onShowPrompt={() => {}} />, store);
    const lists = screen.getAllByLabelText('Facts it dropped that were used later');
    expect(lists.length).toBe(Object.keys(dropped).length);
    const first = listed[0]!;
    screen.getAllByRole('button', { name: `${first.fact} (step ${first.step + 1})` })[0]!.click();
    await waitFor(() => expect(store.getState().step).toBe(first.step));
  }, 60_000);
});
