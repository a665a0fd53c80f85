import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STEP_ALONE_AFTER_MS } from '../../../src/store/replaySlice.ts';
import { SideBySide } from '../../../src/ui/side-by-side/SideBySide.tsx';
import { answerHolder, settledStore, startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';
import { v0Events } from '../../helpers/logs.ts';

describe('SideBySide', { timeout: 30_000 }, () => {
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

  it('draws a view with the step it belongs to while the next step’s view is on its way', async () => {
    const views = answerHolder('stepView');
    // Settled: no replay of its own (the tokens counted) asks for a view meanwhile.
    const { store } = await settledStore({ wrapEngine: views.wrapEngine });
    const { container } = renderWithStore(<SideBySide />, store);
    const before = store.getState().step;
    const facts = () => container.querySelector('.side-by-side-facts')!.textContent;
    expect(facts()).toBe('39 kept · 0 masked · 43 forgotten · the agent saw 40 items');
    views.holdNext();
    store.getState().setStep(10);
    // The step waits a moment for its view, to be drawn once with it; then, the engine still silent, moves alone.
    expect(store.getState().stepAsked).toBe(10);
    expect(store.getState().step).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, STEP_ALONE_AFTER_MS + 30));
    expect(store.getState().step).toBe(10);
    // Not the old view aligned with step 10's history: the old view with its own step.
    expect(store.getState().stepView?.step).toBe(before);
    expect(facts()).toBe('39 kept · 0 masked · 43 forgotten · the agent saw 40 items');
    expect(views.caught()).toBe(true);
    views.letGo();
    await waitFor(() => expect(store.getState().stepView?.step).toBe(10));
    expect(facts()).toMatch(/^\d+ kept · 0 masked · 0 forgotten · the agent saw \d+ items$/);
    expect(facts()).not.toContain('43 forgotten');
  });

  it('shows masking placeholders where the condenser masked', async () => {
    const { store } = await startedStore();
    store.getState().setConfig({ type: 'observation_masking', attention_window: 5 });
    await store.getState().rerun();
    store.getState().setStep(20);
    await waitFor(() => expect(store.getState().stepView?.items.some((item) => item.kind === 'masked')).toBe(true));
    const { container } = renderWithStore(<SideBySide />, store);
    await waitFor(() => expect(container.querySelector('[data-status="masked"]')).not.toBeNull());
    const masked = container.querySelector<HTMLElement>('[data-status="masked"]')!;
    expect(masked.querySelector('.sbs-right')!.textContent).toBe('<MASKED>');
  });
  it('folds a long run of forgotten events into one row, opened by Enter or a click', async () => {
    const { store } = await startedStore();
    const text = JSON.stringify(v0Events(1500));
    await store.getState().importLog({ kind: 'file', file: { path: 'long.json', text } }, 'long', text.length);
    store.getState().setConfig({ type: 'llm', max_size: 100, keep_first: 4 });
    await store.getState().rerun();
    const last = store.getState().summary!.steps.length - 1;
    store.getState().setStep(last);
    await waitFor(() => expect(store.getState().stepView?.step).toBe(last));
    const { container, unmount } = renderWithStore(<SideBySide />, store);
    const facts = container.querySelector('.side-by-side-facts')!.textContent;
    const grid = screen.getByRole('grid', { name: 'History and condensed view' });
    const rowCount = () => Number(grid.getAttribute('aria-rowcount'));
    await waitFor(() => expect(container.querySelector('[data-status="fold"]')).not.toBeNull());
    const fold = container.querySelector<HTMLElement>('[data-status="fold"]')!;
    expect(fold.querySelector('.sbs-left')!.textContent).toMatch(/^#\d+ to #\d+: [\d,]+ forgotten, \d+ condensations/);
    expect(fold.querySelector('.sbs-right')!.textContent).toBe('forgotten');
    const folded = rowCount();
    expect(folded).toBeLessThan(200);
    // Enter on the fold's row opens it: every forgotten event is a row again, the counts unchanged.
    const position = Number(fold.getAttribute('aria-rowindex'));
    for (let k = 0; k < position; k++) fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(rowCount()).toBeGreaterThan(2500));
    expect(container.querySelector('[data-status="fold"]')).toBeNull();
    expect(container.querySelector('.side-by-side-facts')!.textContent).toBe(facts);
    expect(store.getState().selectedEvent).toBeNull();
    // It stays open at the next step (the same events first), as the user left it.
    store.getState().setStep(last - 1);
    await waitFor(() => expect(store.getState().stepView?.step).toBe(last - 1));
    expect(container.querySelector('[data-status="fold"]')).toBeNull();
    // Shown anew, it is folded again; a click opens it too.
    unmount();
    const again = renderWithStore(<SideBySide />, store).container;
    await waitFor(() => expect(again.querySelector('[data-status="fold"]')).not.toBeNull());
    fireEvent.click(again.querySelector('[data-status="fold"]')!);
    await waitFor(() => expect(again.querySelector('[data-status="fold"]')).toBeNull());
  });

  it('reaches every row by keyboard: ↓/↑/Home/End move the row (not the step), Enter shows its event', async () => {
    const { store } = await startedStore();
    renderWithStore(<SideBySide />, store);
    const step = store.getState().step;
    const grid = screen.getByRole('grid', { name: 'History and condensed view' });
    expect(grid.tabIndex).toBe(0);
    const activeRow = () => document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    await waitFor(() => expect(activeRow()?.getAttribute('aria-rowindex')).toBe('1'));
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(activeRow()?.getAttribute('aria-rowindex')).toBe('2');
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(store.getState().selectedEvent).not.toBeNull());
    const picked = store.getState().active!.opened.rows[store.getState().selectedEvent!]!;
    expect(activeRow()!.querySelector('.sbs-left')!.textContent).toContain(`#${String(picked.id)}`);
    fireEvent.keyDown(grid, { key: 'End' });
    const last = Number(grid.getAttribute('aria-rowcount')) - 1;
    expect(grid.getAttribute('aria-activedescendant')!.endsWith(`-${last}`)).toBe(true);
    fireEvent.keyDown(grid, { key: 'Home' });
    await waitFor(() => expect(activeRow()?.getAttribute('aria-rowindex')).toBe('1'));
    expect(store.getState().step).toBe(step);
  });
});
