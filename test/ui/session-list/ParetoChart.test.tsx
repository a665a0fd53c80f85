import { fireEvent, screen, within } from '@testing-library/react';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { SweepView } from '../../../src/ui/session-list/SweepView.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';
import { gridSweep185 } from '../../helpers/sweep.ts';

interface CsvRow {
  config: string;
  estimated_cost_usd: string;
  missing_facts: string;
}

describe('ParetoChart in the sweep view', () => {
  it('places every configuration of a 51-configuration sweep of the 185-event log at its CSV figures', async () => {
    const csv = gridSweep185();
    const expected = Papa.parse<CsvRow>(csv.trim(), { header: true }).data.map((row) => ({
      config: row.config,
      cost: Number(row.estimated_cost_usd),
      missing: Number(row.missing_facts),
    }));
    expect(expected.length).toBeGreaterThanOrEqual(51);

    const { store } = await startedStore();
    renderWithStore(<SweepView />, store);
    store.getState().openSweep(csv, 'grid.csv');
    const chart = await screen.findByRole('group', { name: /Estimated dollars against missing facts/ });
    const points = within(chart).getAllByRole('button');
    const shown = points.map((point) => ({
      config: point.getAttribute('data-config'),
      cost: Number(point.getAttribute('data-cost')),
      missing: Number(point.getAttribute('data-missing-facts')),
    }));
    const byConfig = (a: { config: string | null }, b: { config: string | null }) =>
      (a.config ?? '').localeCompare(b.config ?? '');
    expect([...shown].sort(byConfig)).toEqual([...expected].sort(byConfig));

    // On the frontier: exactly the configurations no other is as cheap and as complete as, better on one.
    const beaten = (a: (typeof expected)[number]) =>
      expected.some((b) => b.cost <= a.cost && b.missing <= a.missing && (b.cost < a.cost || b.missing < a.missing));
    const onFrontier = points.filter((point) => point.classList.contains('frontier'));
    expect(onFrontier.length).toBeGreaterThan(1);
    expect(onFrontier.map((point) => point.getAttribute('data-config')).sort()).toEqual(
      expected
        .filter(
          (row) =>
            !beaten(row) &&
            !expected.some(
              (other) =>
                other !== row &&
                other.cost === row.cost &&
                other.missing === row.missing &&
                expected.indexOf(other) < expected.indexOf(row),
            ),
        )
        .map((row) => row.config)
        .sort(),
    );
    const recorded = within(chart).getByRole('button', { name: /^Open recorded: .*the recorded run/ });
    expect(recorded.classList.contains('recorded')).toBe(true);

    const target = onFrontier.at(-1)!;
    fireEvent.click(target);
    // The seeded 185-event session opens with the point's configuration.
    const grid = Object.fromEntries(
      target
        .getAttribute('data-config')!
        .split(' ')
        .map((word) => word.split('=') as [string, string]),
    );
    await expect
      .poll(() => store.getState().config)
      .toMatchObject({ type: grid.type, max_size: Number(grid.max_size) });
    expect(store.getState().sweep).toBeNull();
  }, 180_000);
});
