import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SideBySide } from '../../../src/ui/side-by-side/SideBySide.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('SideBySide', () => {
  it('aligns the history with the view at a step after a condensation', async () => {
    const { store } = await startedStore();
    const { container } = renderWithStore(<SideBySide />, store);
    expect(screen.getByText('39 kept · 0 masked · 43 forgotten · the agent saw 40 items')).toBeDefined();
    await waitFor(() => expect(container.querySelectorAll('[role="row"]').length).toBeGreaterThan(6));
    const rows = [...container.querySelectorAll<HTMLElement>('[role="row"]')];
    const statuses = rows.map((row) => row.dataset.status);
    expect(statuses.slice(0, 6)).toEqual(['kept', 'kept', 'kept', 'kept', 'summary', 'forgotten']);
    expect(rows[4]!.textContent).toContain('USER_CONTEXT: Debug trajectory download');
    expect(rows[5]!.querySelector('.sbs-left')!.textContent).toContain('#7');
    expect(rows[5]!.querySelector('.sbs-right')!.textContent).toBe('forgotten');
  });

  it('shows masking placeholders where the condenser masked', async () => {
    const { store } = await startedStore();
    store.getState().setConfig({ type: 'observation_masking', attention_window: 5 });
    await store.getState().rerun();
    store.getState().setStep(20);
    await waitFor(() => expect(store.getState().stepView?.some((item) => item.kind === 'masked')).toBe(true));
    const { container } = renderWithStore(<SideBySide />, store);
    await waitFor(() => expect(container.querySelector('[data-status="masked"]')).not.toBeNull());
    const masked = container.querySelector<HTMLElement>('[data-status="masked"]')!;
    expect(masked.querySelector('.sbs-right')!.textContent).toBe('<MASKED>');
  });
});
