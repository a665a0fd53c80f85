import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Presets } from '../../../src/ui/settings/Presets.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('Presets', () => {
  it('offers the V0 presets with their sources, and applies the server default with the condenser_max_size typed', async () => {
    const { store } = await startedStore();
    const { container } = renderWithStore(<Presets />, store);
    const list = within(container.querySelector('details')!);
    expect(list.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'OpenHands server default',
      'Observation masking (“The Complexity Trap”)',
    ]);
    expect(
      list.getByText(/Source: All-Hands-AI\/OpenHands 156d0686.*openhands\/server\/session\/session\.py/),
    ).toBeDefined();
    expect(list.getByText(/10 turns ≈ 20 events/)).toBeDefined();
    fireEvent.change(screen.getByLabelText('condenser_max_size'), { target: { value: '60' } });
    fireEvent.click(list.getByRole('button', { name: 'OpenHands server default' }));
    await expect
      .poll(() => (store.getState().config as { condensers?: Array<{ max_size?: number }> }).condensers?.[2]?.max_size)
      .toBe(60);
  });
});
