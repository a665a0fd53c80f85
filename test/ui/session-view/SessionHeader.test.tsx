import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionHeader } from '../../../src/ui/session-view/SessionHeader.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('SessionHeader', () => {
  it('titles the session with the mode its views are in, and keeps the full name on hover', async () => {
    const { store } = await startedStore();
    renderWithStore(<SessionHeader />, store);
    const name = store.getState().active!.record.name;
    expect(screen.getByRole('heading', { level: 2 }).getAttribute('title')).toBe(name);
    const mode = () => screen.getByText(/^(As recorded|Re-simulated with the settings)$/).textContent;
    expect(mode()).toBe(store.getState().mode === 'recorded' ? 'As recorded' : 'Re-simulated with the settings');
    store.getState().setMode('recorded');
    await waitFor(() => expect(mode()).toBe('As recorded'));
    expect(screen.getByText('As recorded').closest('p')!.getAttribute('title')).toMatch(
      /^As recorded · .* · 185 events · /,
    );
    store.getState().setMode('resimulate');
    await waitFor(() => expect(mode()).toBe('Re-simulated with the settings'));
  });
});
