import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ViewSizeChart } from '../../../src/ui/chart/ViewSizeChart.tsx';
import { SettingsPanel } from '../../../src/ui/settings/SettingsPanel.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('SettingsPanel', () => {
  it('keeps a whole pipeline when the condenser type changes and changes back, and undoes a change', async () => {
    const { store } = await startedStore();
    const pipeline = store.getState().config;
    renderWithStore(<SettingsPanel />, store);
    fireEvent.change(screen.getByLabelText('Condenser type'), { target: { value: 'llm' } });
    expect(store.getState().config).toEqual({ type: 'llm' });
    fireEvent.change(screen.getByLabelText('Condenser type'), { target: { value: 'pipeline' } });
    expect(store.getState().config).toEqual(pipeline);
    fireEvent.change(screen.getByLabelText('Condenser type'), { target: { value: 'amortized' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo the last change' }));
    expect(store.getState().config).toEqual(pipeline);
  });

  it('marks a refused value at its field, names it as the form does, and keeps the chart on the settings the replay ran with', async () => {
    const { store } = await startedStore();
    renderWithStore(
      <>
        <SettingsPanel />
        <ViewSizeChart />
      </>,
      store,
    );
    const field = screen.getAllByLabelText('max_size', { selector: 'input[type="number"]' })[0]!;
    fireEvent.change(field, { target: { value: '-5' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'pipeline step 3, max_size: must be at least 2 (got -5). The replay still shows the last valid settings.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.closest('.setting')!.textContent).toContain('must be at least 2 (got -5)');
    // The chart still draws the settings the replay ran with (its description names their max_size).
    expect(screen.getByRole('img', { name: /; max_size 80[;.]/ })).toBeDefined();
    fireEvent.change(field, { target: { value: '60' } });
    await waitFor(() => expect(screen.getByRole('img', { name: /; max_size 60[;.]/ })).toBeDefined());
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('locks the settings as recorded, where no condenser runs', async () => {
    const { store } = await startedStore();
    renderWithStore(<SettingsPanel />, store);
    act(() => store.getState().setMode('recorded'));
    const form = screen.getByRole('group', { name: 'Condenser configuration' });
    expect((form as HTMLFieldSetElement).disabled).toBe(true);
    expect(within(form).getByRole('button', { name: 'Remove pipeline step 3' }).matches(':disabled')).toBe(true);
    expect(screen.getByText(/Switch to Re-simulate to change these settings/)).toBeDefined();
  });
});
