import { act, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import type { AppStore } from '../../src/store/index.ts';
import { StoreProvider } from '../../src/ui/app/storeContext.tsx';

export function renderWithStore(ui: ReactElement, store: AppStore) {
  return render(<StoreProvider store={store}>{ui}</StoreProvider>);
}

/** Asks for a step and waits until the page shows it (the step moves with the engine's view of it). */
export async function showStep(store: AppStore, step: number): Promise<void> {
  act(() => store.getState().setStep(step));
  await waitFor(() => expect(store.getState().step).toBe(step));
}
