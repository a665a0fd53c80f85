import { describe, expect, it } from 'vitest';
import { type ChartSeries, exactValue, tickLabel, unitsOf } from '../../../src/ui/chart/stepChartSpec.ts';

const series = (unit: ChartSeries['unit'], missing?: string): ChartSeries => ({
  label: unit,
  unit,
  values: [],
  color: '--chart-events',
  ...(missing ? { missing } : {}),
});

describe('step chart figures', () => {
  it('labels axis ticks short, by unit', () => {
    expect(tickLabel('events', 40)).toBe('40');
    expect(tickLabel('tokens', 12_500)).toBe('12.5k');
    expect(tickLabel('tokens', 2_000_000)).toBe('2M');
    expect(tickLabel('dollars', 0)).toBe('$0');
    expect(tickLabel('dollars', 0.25)).toBe('$0.25');
    expect(tickLabel('dollars', 3.5)).toBe('$3.5');
    expect(tickLabel('dollars', 42)).toBe('$42');
  });

  it('shows hover figures exactly, and a missing one as what it means (not recorded is not 0)', () => {
    expect(exactValue(series('tokens'), 23_928)).toBe('23,928');
    expect(exactValue(series('dollars'), 1.234)).toBe('$1.234');
    expect(exactValue(series('tokens', 'not recorded'), null)).toBe('not recorded');
    expect(exactValue(series('events'), undefined)).toBe('–');
  });

  it('puts each unit on its own scale, in the order the series come', () => {
    const spec = { title: '', description: '', steps: 0, marks: [] };
    expect(unitsOf({ ...spec, series: [series('tokens'), series('tokens'), series('dollars')] })).toEqual([
      'tokens',
      'dollars',
    ]);
  });
});
