import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SweepView } from '../../../src/ui/session-list/SweepView.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';
import { sampleSweep } from '../../helpers/sweep.ts';

describe('SweepView', () => {
  it('shows totals per configuration and every row; filters; a row asks for its log', async () => {
    const { store } = await startedStore();
    renderWithStore(<SweepView />, store);
    store.getState().openSweep(sampleSweep('json'), 'rows.json');
    const dialog = await screen.findByRole('dialog', { name: 'Sweep result' });
    const [totals, rows] = within(dialog).getAllByRole('table');
    const totalRows = within(totals!)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(totalRows).toEqual(['llm40.json', 'preset:v0-complexity-trap-masking']);
    expect(within(rows!).getAllByRole('row')).toHaveLength(7);
    fireEvent.change(within(dialog).getByLabelText('Filter rows (instance, log or configuration)'), {
      target: { value: '4588' },
    });
    expect(within(rows!).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open ponylang__ponyc-4588 with llm40.json' }));
    await expect.poll(() => store.getState().pendingJump?.row.instance).toBe('ponylang__ponyc-4588');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The sweep it opens is run first: seconds of replays, usage and facts lost, more on a loaded machine.
  }, 120_000);
});
