import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SummaryHistory } from '../../../src/ui/summary-history/SummaryHistory.tsx';
import { startedStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('SummaryHistory', { timeout: 30_000 }, () => {
  it('marks the session’s search in every summary and says how many mention it', async () => {
    const { store } = await startedStore();
    await waitFor(() => expect(store.getState().summary).not.toBeNull());
    await store.getState().setSearch('Trajectory not found');
    const { container } = renderWithStore(<SummaryHistory onShowPrompt={() => {}} />, store);
    const summaries = store.getState().summary!.condensations.map((c) => c.summary ?? '');
    const mentioning = summaries.filter((text) => text.toLowerCase().includes('trajectory not found')).length;
    expect(mentioning).toBeGreaterThan(0);
    expect(
      screen.getByText(`${mentioning} of ${summaries.length} summaries mention “Trajectory not found”`),
    ).toBeDefined();
    const marks = [...container.querySelectorAll('.summary-text mark.search-hit')];
    expect(marks.length).toBeGreaterThanOrEqual(mentioning);
    expect(marks.every((mark) => mark.textContent!.toLowerCase() === 'trajectory not found')).toBe(true);
  });
});
