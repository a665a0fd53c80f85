import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventTable } from '../../../src/ui/event-table/EventTable.tsx';
import { imageReferences, isSafeImage } from '../../../src/ui/event-table/EventDetail.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('EventTable', () => {
  it('lists the events with type, source, id and summary, and filters by type and source', async () => {
    const { store } = await startedStore();
    const { container } = renderWithStore(<EventTable />, store);
    expect(screen.getByText('Showing 185 of 185 events')).toBeDefined();
    // The virtualizer renders its rows once it has measured the scroll area.
    await waitFor(() => expect(container.querySelectorAll('[role="row"]').length).toBeGreaterThan(10));
    // "#" is the event id, as in every event label; "row" its place in the log.
    expect([...container.querySelectorAll('[role="columnheader"]')].map((cell) => cell.textContent)).toEqual([
      'row',
      '#',
      'type',
      'source',
      'summary',
      'tokens',
    ]);
    const firstRow = container.querySelectorAll('[role="row"]')[1]!;
    expect([...firstRow.querySelectorAll('[role="gridcell"]')].map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['1', '0', 'obs. agent_state_changed', 'environment']),
    );
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'action:condensation' } });
    expect(screen.getByText('Showing 3 of 185 events')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'user' } });
    expect(screen.getByText('Showing 6 of 185 events')).toBeDefined();
  });

  it('searches the full text and shows an event’s raw JSON on demand, keyboard included', async () => {
    const { store } = await startedStore();
    renderWithStore(<EventTable />, store);
    fireEvent.change(screen.getByLabelText('Search events'), { target: { value: 'Trajectory not found' } });
    await waitFor(() =>
      expect(screen.getByText(/^Showing \d+ of 185 events$/).textContent).not.toBe('Showing 185 of 185 events'),
    );
    const grid = screen.getByRole('grid', { name: 'Event log' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getByLabelText('Raw JSON').textContent).toContain('Trajectory not found'));
    const selected = store.getState().selectedEvent!;
    expect(JSON.parse(screen.getByLabelText('Raw JSON').textContent!).id).toBe(selected);
  });

  it('shows only inline data: images from an event', () => {
    const raw = JSON.stringify({
      extras: { screenshot: 'data:image/png;base64,iVBORw0KGgo=' },
      args: { image_urls: ['https://tracker.example/pixel.png'] },
    });
    const images = imageReferences(raw);
    expect(images).toEqual(['data:image/png;base64,iVBORw0KGgo=', 'https://tracker.example/pixel.png']);
    expect(images.map(isSafeImage)).toEqual([true, false]);
    expect(isSafeImage('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
  });
});
