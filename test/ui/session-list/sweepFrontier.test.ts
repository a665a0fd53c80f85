import { describe, expect, it } from 'vitest';
import type { SweepRow } from '../../../src/store/index.ts';
import { configPoints, paretoFrontier, placed } from '../../../src/ui/session-list/sweepFrontier.ts';

const row = (config: string, cost: number | null, missing: number | null, error: string | null = null): SweepRow =>
  ({
    source: 'log.json',
    instance: null,
    config,
    condensations: 1,
    estimated_cost_usd: cost,
    missing_facts: missing,
    error,
  }) as SweepRow;

describe('configPoints and paretoFrontier', () => {
  it('totals each configuration over its instances and keeps its first row', () => {
    const points = configPoints([row('a', 1, 2), row('b', 3, 0), row('a', 0.5, 1, 'boom'), row('recorded', null, 4)]);
    expect(points.map((point) => [point.name, point.row, point.cost, point.missingFacts, point.errors])).toEqual([
      ['a', 0, 1.5, 3, 1],
      ['b', 1, 3, 0, 0],
      ['recorded', 3, null, 4, 0],
    ]);
    expect(points.find((point) => point.recorded)?.unpriced).toBe(1);
    expect(placed(points).map((point) => point.name)).toEqual(['a', 'b']);
  });

  it('keeps on the frontier only the configurations nothing beats on both dollars and missing facts', () => {
    const points = placed(
      configPoints([row('cheap', 1, 9), row('beaten', 2, 9), row('mid', 2, 4), row('dear', 5, 0), row('worse', 6, 1)]),
    );
    expect(paretoFrontier(points).map((point) => point.name)).toEqual(['cheap', 'mid', 'dear']);
  });
});
