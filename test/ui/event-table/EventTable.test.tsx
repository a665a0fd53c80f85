import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventTable } from '../../../src/ui/event-table/EventTable.tsx';
import {
  EventDetail,
  MAX_SHOWN_IMAGES,
  imageReferences,
  isSafeImage,
} from '../../../src/ui/event-table/EventDetail.tsx';
import { alignStep } from '../../../src/store/index.ts';
import { startedStore } from '../../helpers/appStore.ts';
import { textInput } from '../../helpers/logs.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('EventTable', { timeout: 30_000 }, () => {
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
      'at this step',
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

  it('steps through search hits (Enter, the buttons), marking each hit in the open event', async () => {
    const { store } = await startedStore();
    const { container } = renderWithStore(<EventTable />, store);
    const box = screen.getByLabelText('Search events');
    fireEvent.change(box, { target: { value: 'Trajectory not found' } });
    // Enter right after typing: the first hit opens once the search has answered.
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText(/^1 of \d+$/)).toBeDefined());
    const count = Number(/of (\d+)/.exec(screen.getByText(/^1 of \d+$/).textContent!)![1]);
    expect(screen.getByText(`Showing ${count} of 185 events`)).toBeDefined();
    await waitFor(() => expect(screen.getByLabelText('Raw JSON').querySelector('mark.search-hit')).not.toBeNull());
    const marked = [...container.querySelectorAll('[aria-label="Raw JSON"] mark.search-hit')].map((m) => m.textContent);
    expect(marked.every((text) => text!.toLowerCase() === 'trajectory not found')).toBe(true);
    const first = store.getState().selectedEvent;
    fireEvent.click(screen.getByRole('button', { name: 'Next hit' }));
    await waitFor(() => expect(screen.getByText(`2 of ${count}`)).toBeDefined());
    expect(store.getState().selectedEvent).not.toBe(first);
    fireEvent.click(screen.getByRole('button', { name: 'Previous hit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous hit' }));
    // Before the first hit comes the last one.
    await waitFor(() => expect(screen.getByText(`${count} of ${count}`)).toBeDefined());
  });

  it('sorts by a column both ways, and filters by where events stand at this step', async () => {
    const { store } = await startedStore();
    const { container } = renderWithStore(<EventTable />, store);
    await waitFor(() => expect(container.querySelectorAll('[role="row"]').length).toBeGreaterThan(10));
    const firstIndex = () => container.querySelectorAll('[role="row"]')[1]!.querySelector('.col-index')!.textContent;
    const header = screen.getByRole('columnheader', { name: /^row/ });
    fireEvent.click(screen.getByRole('button', { name: /^row/ }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(firstIndex()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: /^row/ }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(firstIndex()).toBe('185');

    // The last step of the sample has condensed three times: some events are forgotten, some in view.
    store.getState().setStep(store.getState().summary!.steps.length - 1);
    await waitFor(() => expect(store.getState().stepView).not.toBeNull());
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'forgotten' } });
    await waitFor(() => expect(container.querySelectorAll('[role="row"]').length).toBeGreaterThan(2));
    const statuses = [...container.querySelectorAll('[role="gridcell"].col-status')].map((cell) => cell.textContent);
    expect(new Set(statuses)).toEqual(new Set(['forgotten']));
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'in view' } });
    const inView = [...container.querySelectorAll('[role="gridcell"].col-status')].map((cell) => cell.textContent);
    expect(inView.length).toBeGreaterThan(0);
    expect(inView.every((status) => status === 'in view' || status === 'masked')).toBe(true);
  });

  it('follows the step in the status column, shown and sorted, whatever the Show filter', async () => {
    const { store } = await startedStore();
    const { container } = renderWithStore(<EventTable />, store);
    await waitFor(() => expect(container.querySelectorAll('[role="row"]').length).toBeGreaterThan(10));
    const shown = () =>
      [...container.querySelectorAll('[role="row"]')].slice(1).map((row) => ({
        index: Number(row.querySelector('.col-index')!.textContent) - 1,
        status: row.querySelector('.col-status')!.textContent,
      }));
    // As the side-by-side lines the history up against the view.
    const expected = () => {
      const { active, summary, stepView, mode } = store.getState();
      const statuses = new Map<number, string>();
      for (const row of alignStep(active!.opened.rows, summary!, stepView!.step, stepView!.items, mode))
        if (row.kind === 'event') statuses.set(row.index, row.status === 'kept' ? 'in view' : row.status);
      return statuses;
    };
    const atStep = async (step: number) => {
      store.getState().setStep(step);
      await waitFor(() => expect(store.getState().stepView?.step).toBe(step));
    };
    // All events shown: each row's status is the step's, before and after the step moves.
    await atStep(store.getState().summary!.steps.length - 1);
    await waitFor(() => expect(shown().some(({ status }) => status === 'forgotten')).toBe(true));
    for (const { index, status } of shown()) expect(status).toBe(expected().get(index) ?? '');
    await atStep(0);
    await waitFor(() => expect(shown().every(({ status }) => status !== 'forgotten')).toBe(true));
    for (const { index, status } of shown()) expect(status).toBe(expected().get(index) ?? '');

    // Sorted by status, descending: the rows follow the step's statuses, not the last step's.
    const sortByStatus = () => fireEvent.click(screen.getByRole('button', { name: /^at this step/ }));
    sortByStatus();
    sortByStatus();
    expect(screen.getByRole('columnheader', { name: /^at this step/ }).getAttribute('aria-sort')).toBe('descending');
    await atStep(store.getState().summary!.steps.length - 1);
    // The rows shown are the first of all the log's rows in the step's order of statuses.
    const inOrder = () => {
      const statuses = expected();
      const all = store.getState().active!.opened.rows.map((row) => statuses.get(row.index) ?? '');
      return all.sort().reverse();
    };
    await waitFor(() => expect(shown().map(({ status }) => status)).toEqual(inOrder().slice(0, shown().length)));
    expect(new Set(shown().map(({ status }) => status)).size).toBeGreaterThan(1);

    // Under a status filter, the rows follow the step: at the first step nothing is forgotten yet.
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'forgotten' } });
    const forgottenAtLast = [...expected().values()].filter((status) => status === 'forgotten').length;
    expect(screen.getByText(`Showing ${forgottenAtLast} of 185 events`)).toBeDefined();
    await atStep(0);
    await waitFor(() => expect(screen.getByText('Showing 0 of 185 events')).toBeDefined());
  });

  it('moves the row with Home and End in the grid, not the step; Esc closes the event', async () => {
    const { store } = await startedStore();
    renderWithStore(<EventTable />, store);
    const step = store.getState().step;
    const grid = screen.getByRole('grid', { name: 'Event log' });
    fireEvent.keyDown(grid, { key: 'End' });
    await waitFor(() => expect(store.getState().selectedEvent).toBe(184));
    fireEvent.keyDown(grid, { key: 'Home' });
    await waitFor(() => expect(store.getState().selectedEvent).toBe(0));
    expect(store.getState().step).toBe(step);
    await waitFor(() => expect(screen.getByLabelText('Raw JSON')).toBeDefined());
    fireEvent.keyDown(grid, { key: 'Escape' });
    await waitFor(() => expect(store.getState().selectedEvent).toBeNull());
    expect(screen.queryByLabelText('Raw JSON')).toBeNull();
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

  it('reads every image of an event that lists more than a call takes arguments, and shows the first few', async () => {
    // Short references (a stranger's log), so that the event's JSON is shown whole (under 2 MB).
    const urls = Array.from({ length: 150_000 }, (_, i) => `u${i % 10}`);
    const event = {
      id: 0,
      timestamp: '2025-01-01T00:00:00',
      source: 'user',
      message: 'look',
      action: 'message',
      args: { content: 'look', image_urls: urls, wait_for_response: false },
    };
    expect(imageReferences(JSON.stringify(event))).toHaveLength(150_000);
    const text = JSON.stringify([event]);
    const { store } = await startedStore();
    await store.getState().importLog(textInput(text, 'images.json'), 'images.json', text.length);
    await waitFor(() => expect(store.getState().active?.record.name).toBe('images.json'));
    await store.getState().selectEvent(0);
    renderWithStore(<EventDetail />, store);
    await waitFor(() => expect(screen.getByLabelText('Raw JSON')).toBeDefined());
    expect(screen.getAllByText(/^Image \d+ not shown/)).toHaveLength(MAX_SHOWN_IMAGES);
    expect(screen.getByText(`${150_000 - MAX_SHOWN_IMAGES} more images not shown`, { exact: false })).toBeDefined();
  });
});
