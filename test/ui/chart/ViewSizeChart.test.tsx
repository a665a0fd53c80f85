import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ViewSizeChart } from '../../../src/ui/chart/ViewSizeChart.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('ViewSizeChart', () => {
  it('shows the current step’s view size and max_size, marks the condensations, and follows the step', async () => {
    const { store } = await startedStore();
    const { container } = renderWithStore(<ViewSizeChart />, store);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'View size over 84 steps: up to 80 events; 3 steps condensed; max_size 80.',
    );
    const legend = () => container.querySelector('.chart-legend')!;
    const value = (label: string) =>
      legend().querySelector(`[data-series="${label}"] .chart-legend-value`)?.textContent ?? null;
    const { summary, step } = store.getState();
    expect(legend().querySelector('.chart-legend-step')?.textContent).toBe(`Step ${step + 1} · condensed`);
    expect(value('events')).toBe(String(summary!.steps[step]!.viewLength));
    expect(value('max_size')).toBe('80');
    act(() => store.getState().setStep(9));
    expect(legend().querySelector('.chart-legend-step')?.textContent).toBe('Step 10');
    expect(value('events')).toBe(String(summary!.steps[9]!.viewLength));
    expect(container.querySelector('.step-cursor')).not.toBeNull();
  });
});
