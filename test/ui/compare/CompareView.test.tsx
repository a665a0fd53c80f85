import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompareView } from '../../../src/ui/compare/CompareView.tsx';
import { costOf, summaryAtStep } from '../../../src/ui/compare/compareFacts.ts';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore, showStep } from '../../helpers/render.tsx';

describe('CompareView', () => {
  it('replays a second configuration and shows where each condensed, with their summaries at the step', async () => {
    const { store } = await startedStore();
    renderWithStore(<CompareView />, store);
    const totals = () => screen.getByRole('table', { name: 'A and B over the run' });
    await waitFor(() => expect(totals()).toBeDefined(), { timeout: 20_000 });
    const table = totals();
    const condensations = within(table).getByRole('row', { name: /^Condensations/ });
    expect(condensations.textContent).toMatch(/^Condensations3 \(steps 40, 61, 81\)7 \(steps 20, 31, 42/);
    expect(screen.getByText('Summaries the agent had at step 40')).toBeDefined();
    // The condenser's prompts without recorded usage are estimates on the scale of the log's 3 recorded calls.
    await waitFor(
      () =>
        expect(within(totals()).getByRole('row', { name: /^Condenser prompt/ }).textContent).toMatch(
          /est\. \(fitted on 3 recorded condenser calls\).*est\. \(fitted on 3 recorded condenser calls\)/,
        ),
      { timeout: 20_000 },
    );
    fireEvent.change(screen.getByLabelText('max_size', { selector: 'input[type="number"]' }), {
      target: { value: '80' },
    });
    await waitFor(
      () =>
        expect(within(totals()).getByRole('row', { name: /^Condensations/ }).textContent).toMatch(
          /3 \(steps 40, 61, 81\)3 \(steps 40, 61, 81\)$/,
        ),
      { timeout: 20_000 },
    );
    // Four replays of the 185-event log and their usage and facts: seconds on a loaded machine.
  }, 30_000);

  it('shows both configurations’ facts lost, A’s equal to the session’s own', async () => {
    const { store } = await startedStore();
    await waitFor(() => expect(store.getState().quality).not.toBeNull());
    renderWithStore(<CompareView />, store);
    const row = await screen.findByRole('row', { name: /^Facts used after leaving the view/ }, { timeout: 30_000 });
    await waitFor(() => expect(row.textContent).not.toContain('–'), { timeout: 30_000 });
    const { qualityA, qualityB } = store.getState().comparison!;
    expect(qualityA).toEqual(store.getState().quality!.total);
    expect(row.textContent).toBe(
      `Facts used after leaving the view${qualityA!.missing_used} (at ${qualityA!.steps_with_missing_used} steps)${qualityB!.missing_used} (at ${qualityB!.steps_with_missing_used} steps)`,
    );
    // The chart marks B's steps that used lost facts, and says how many for both.
    const chart = document.querySelector('.compare-chart [role="img"]')!;
    await waitFor(() =>
      expect(chart.getAttribute('aria-label')).toMatch(
        new RegExp(
          `; B used lost facts at ${qualityB!.steps_with_missing_used} steps, A at ${qualityA!.steps_with_missing_used}\\.$`,
        ),
      ),
    );
    const { lostFactsB } = store.getState().comparison!;
    const lossy = lostFactsB!.findIndex((count) => (count ?? 0) > 0);
    await showStep(store, lossy);
    expect(document.querySelector('.compare-chart [data-series="facts lost"]')?.textContent).toBe(
      `B facts lost ${lostFactsB![lossy]}`,
    );
  }, 60_000);

  it('computes the summary at a step and costs', async () => {
    const { store } = await startedStore();
    const summary = store.getState().summary!;
    expect(summaryAtStep(summary, 38)).toBeNull();
    expect(summaryAtStep(summary, 39)).toMatch(/^USER_CONTEXT: Debug trajectory/);
    expect(costOf(1_000_000, 200_000, { inputPrice: 0.15, outputPrice: 0.6 })).toBeCloseTo(0.27);
    expect(costOf(1000, null, { inputPrice: null, outputPrice: null })).toBeNull();
  });
});
