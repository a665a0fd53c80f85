import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionLibrary } from '../../../src/ui/session-list/SessionLibrary.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('SessionLibrary', () => {
  it('lists sessions with size, count and date; renames with the keyboard; deletes after confirming', async () => {
    const { store } = await startedStore();
    renderWithStore(<SessionLibrary />, store);
    const name = store.getState().sessions[0]!.name;
    expect(screen.getByText(/^185 events · \d+ KB · /)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: `Rename ${name}` }));
    const input = screen.getByLabelText(`New name for ${name}`);
    fireEvent.change(input, { target: { value: 'Trajectory bug' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText('Trajectory bug')).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Trajectory bug' }));
    expect(store.getState().sessions).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deleting Trajectory bug' }));
    await waitFor(() => expect(screen.getByText(/No sessions yet/)).toBeDefined());
  });

  it('has labelled import controls', async () => {
    const { store } = await startedStore();
    renderWithStore(<SessionLibrary />, store);
    expect(screen.getByRole('button', { name: 'Import event log' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Import folder' })).toBeDefined();
  });

  it('shows where an import stands, with a way to stop it', async () => {
    const { store } = await startedStore();
    const cancelImport = vi.fn();
    store.setState({ cancelImport });
    renderWithStore(<SessionLibrary />, store);
    act(() => store.setState({ importing: 'big-run', importStatus: 'Reading events: 45% of 1.0 GB' }));
    expect(screen.getByRole('status').textContent).toBe('Importing big-run… Reading events: 45% of 1.0 GB…');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel import' }));
    expect(cancelImport).toHaveBeenCalledOnce();
    act(() => store.setState({ importing: null, importStatus: null }));
    expect(screen.queryByText(/Importing big-run/)).toBeNull();
  });
});
