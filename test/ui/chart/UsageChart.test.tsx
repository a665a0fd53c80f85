import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageChart } from '../../../src/ui/chart/UsageChart.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('UsageChart', () => {
  it('draws estimated and recorded prompts, cache reads and the cost so far', async () => {
    const { store } = await startedStore();
    await waitFor(() => expect(store.getState().usage?.steps.length).toBe(84), { timeout: 10_000 });
    const { container } = renderWithStore(<UsageChart />, store);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(
      /^Prompt tokens per step, estimated and recorded, with cache reads; up to [\d,]+ tokens; the run costs about \$\d+\.\d\d\.$/,
    );
    for (const line of ['prompt-line', 'prompt-recorded-line', 'reads-line', 'reads-recorded-line', 'cost-line']) {
      expect(container.querySelector(`.${line}`)?.getAttribute('points')?.split(' ').length, line).toBe(84);
    }
    expect(screen.getByText('calibrated on the whole log')).toBeDefined();
  });
});
