import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ViewSizeChart } from '../../../src/ui/chart/ViewSizeChart.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore, showStep } from '../../helpers/render.tsx';

describe('ViewSizeChart', () => {
  it('shows the current step’s view size and max_size, marks the condensations, and follows the step', async () => {
    const { store } = await startedStore();
    const { container } = renderWithStore(<ViewSizeChart />, store);
    // Facts lost may or may not have arrived yet: the sentence ends with them once they have.
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /^View size over 84 steps: up to 80 events; 3 steps condensed; max_size 80(\.|; the agent used lost facts at \d+ steps\.)$/,
    );
    const legend = () => container.querySelector('.chart-legend')!;
    const value = (label: string) =>
      legend().querySelector(`[data-series="${label}"] .chart-legend-value`)?.textContent ?? null;
    const { summary, step } = store.getState();
    expect(legend().querySelector('.chart-legend-step')?.textContent).toBe(`Step ${step + 1} · condensed`);
    expect(value('events')).toBe(String(summary!.steps[step]!.viewLength));
    expect(value('max_size')).toBe('80');
    await showStep(store, 9);
    expect(legend().querySelector('.chart-legend-step')?.textContent).toBe('Step 10');
    expect(value('events')).toBe(String(summary!.steps[9]!.viewLength));
    expect(container.querySelector('.step-cursor')).not.toBeNull();
  });

  it('marks the steps that used lost facts, the legend naming as many as the Facts lost figure at that step', async () => {
    const { store } = await startedStore();
    await waitFor(() => expect(store.getState().quality).not.toBeNull());
    const { container } = renderWithStore(<ViewSizeChart />, store);
    const quality = store.getState().quality!;
    const lossy = quality.steps.flatMap((step, index) => (step && step.missing_used.length > 0 ? [index] : []));
    expect(lossy.length).toBe(quality.total.steps_with_missing_used);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain(
      `the agent used lost facts at ${lossy.length} steps`,
    );
    const lost = () => container.querySelector('[data-series="facts lost"] .chart-legend-value')?.textContent;
    await showStep(store, lossy[0]!);
    expect(lost()).toBe(String(quality.steps[lossy[0]!]!.missing_used.length));
    expect(Number(lost())).toBeGreaterThan(0);
    await showStep(store, 0);
    expect(lost()).toBe('0');
  });

  it('draws a long replay too (taken after the rest of the page), and the next one in its place', async () => {
    const { store } = await startedStore();
    const { summary } = store.getState();
    const long = (viewLength: number) => ({
      ...summary!,
      steps: Array.from({ length: 60_000 }, (_, index) => ({ ...summary!.steps[index % 84]!, index, viewLength })),
    });
    renderWithStore(<ViewSizeChart />, store);
    act(() => store.setState({ summary: long(7) }));
    await waitFor(() =>
      expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
        /^View size over 60000 steps: up to 7 events;/,
      ),
    );
    act(() => store.setState({ summary: long(9) }));
    await waitFor(() =>
      expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
        /^View size over 60000 steps: up to 9 events;/,
      ),
    );
  });
});
