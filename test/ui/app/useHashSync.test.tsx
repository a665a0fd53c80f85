import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHashSync } from '../../../src/ui/app/useHashSync.ts';
import { createTestStore } from '../../helpers/appStore.ts';
import { renderWithStore } from '../../helpers/render.tsx';

describe('useHashSync', { timeout: 30_000 }, () => {
  it('names the step in the URL once it rests, without rendering the page again at each step', async () => {
    window.history.replaceState(null, '', window.location.pathname);
    const { store } = createTestStore();
    let renders = 0;
    function Root() {
      useHashSync();
      renders++;
      return null;
    }
    renderWithStore(<Root />, store);
    await waitFor(() => expect(store.getState().summary).not.toBeNull());
    const id = store.getState().active!.record.id;
    await waitFor(() => expect(window.location.hash).toBe(`#/session/${id}/step/${store.getState().step + 1}`));
    const rendered = renders;
    for (const step of [3, 4, 5, 9]) store.getState().setStep(step);
    // Written once the step rests: only the last one.
    expect(window.location.hash).not.toContain('/step/10');
    await waitFor(() => expect(window.location.hash).toBe(`#/session/${id}/step/10`));
    expect(renders).toBe(rendered);
  });
});
