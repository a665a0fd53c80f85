import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STEP_ALONE_AFTER_MS } from '../../../src/store/replaySlice.ts';
import { SideBySide } from '../../../src/ui/side-by-side/SideBySide.tsx';
import { answerHolder, settledStore, startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

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
