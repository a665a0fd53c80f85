import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageChart } from '../../../src/ui/chart/UsageChart.tsx';
import { formatDollars } from '../../../src/store/index.ts';
import { settledStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('UsageChart', () => {
  it('draws estimated and recorded prompts, cache reads and the cost so far, with the current step’s figures', async () => {
    const { store } = await settledStore();
    const { container } = renderWithStore(<UsageChart />, store);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(
      /^Prompt tokens per step, estimated and recorded, with cache reads; up to [\d,]+ tokens; the run costs about \$\d+\.\d\d; the log recorded \$\d+\.\d\d\.$/,
    );
    expect(container.querySelector('.uplot canvas')).not.toBeNull();
    expect(screen.getByText('Prompt per step (calibrated on the whole log)')).toBeDefined();
    const { step, usage } = store.getState();
    const row = usage!.steps[step]!;
    const legend = container.querySelector('.chart-legend')!;
    expect(legend.querySelector('.chart-legend-step')?.textContent).toBe(`Step ${step + 1} · condensed`);
    const value = (label: string) =>
      legend.querySelector(`[data-series="${label}"] .chart-legend-value`)?.textContent ?? null;
    expect(value('prompt est.')).toBe(row.estimate!.promptTokens.toLocaleString('en-US'));
    expect(value('prompt recorded')).toBe(row.recorded!.promptTokens.toLocaleString('en-US'));
    expect(value('cache read recorded')).toBe(row.recorded!.cacheReadTokens.toLocaleString('en-US'));
    expect(value('$ so far est.')).toMatch(/^\$\d+\.\d+$/);
    // The log's own dollars, summed to this step: exact, not re-priced.
    const recordedSoFar = usage!.steps.slice(0, step + 1).reduce((sum, s) => sum + (s.recordedCost ?? 0), 0);
    expect(value('$ so far recorded')).toBe(formatDollars(recordedSoFar));
  });
});
