import { strToU8 } from 'fflate';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InstancePicker } from '../../../src/ui/session-list/InstancePicker.tsx';
import { multiInstanceJsonl } from '../../helpers/archives.ts';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('InstancePicker', () => {
  it('lists the instances with events, condensations and resolved; filters by id; opens the one clicked', async () => {
    const { store } = await startedStore();
    renderWithStore(<InstancePicker />, store);
    expect(screen.queryByRole('dialog')).toBeNull();
    await store
      .getState()
      .importLog(
        { kind: 'file', file: { path: 'output.jsonl', bytes: strToU8(multiInstanceJsonl([true, false, null])) } },
        'output',
        690_202,
      );
    const dialog = await screen.findByRole('dialog', { name: 'Choose an instance' });
    expect(within(dialog).getByText(/3 instances · 1 resolved/)).toBeDefined();
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['1', 'ponylang__ponyc-4595', '49', '0', 'yes'],
      ['2', 'ponylang__ponyc-4593', '70', '0', 'no'],
      ['3', 'ponylang__ponyc-4588', '103', '0', '—'],
    ]);
    fireEvent.change(within(dialog).getByLabelText('Filter by instance id'), { target: { value: '4593' } });
    expect(within(dialog).getAllByRole('row')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ponylang__ponyc-4593' }));
    await waitFor(() => expect(store.getState().active?.record.source.instance).toBe('ponylang__ponyc-4593'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape without importing', async () => {
    const { store } = await startedStore();
    renderWithStore(<InstancePicker />, store);
    await store
      .getState()
      .importLog(
        { kind: 'file', file: { path: 'output.jsonl', bytes: strToU8(multiInstanceJsonl([null, null, null])) } },
        'output',
        1,
      );
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().sessions).toHaveLength(1);
  });
});
