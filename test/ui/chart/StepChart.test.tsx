import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepChart } from '../../../src/ui/chart/StepChart.tsx';
import type { StepChartSpec } from '../../../src/ui/chart/stepChartSpec.ts';

const specOf = (values: number[], label = 'events'): StepChartSpec => ({
  title: 'View size per step',
  description: `View size over ${values.length} steps`,
  steps: values.length,
  marks: [],
  series: [{ label, unit: 'events', values, color: '--chart-events' }],
});

describe('StepChart', () => {
  it('keeps its plot when only the figures change, and builds a new one when its lines change', () => {
    const props = { step: 1, onStep: () => undefined, height: 100 };
    const { container, rerender } = render(<StepChart spec={specOf([3, 5, 8])} {...props} />);
    const plot = container.querySelector('.uplot');
    expect(plot).not.toBeNull();
    const value = () => container.querySelector('[data-series="events"] .chart-legend-value')?.textContent;
    expect(value()).toBe('5');

    // A new replay: other figures, more steps, the same line.
    rerender(<StepChart spec={specOf([3, 9, 8, 2])} {...props} />);
    expect(container.querySelector('.uplot')).toBe(plot);
    expect(value()).toBe('9');
    expect(container.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('View size over 4 steps');

    // Another line: the plot is built for it.
    rerender(<StepChart spec={specOf([3, 9, 8, 2], 'tokens')} {...props} />);
    expect(container.querySelector('.uplot')).not.toBe(plot);
    expect(container.querySelectorAll('.uplot')).toHaveLength(1);
  });
});
