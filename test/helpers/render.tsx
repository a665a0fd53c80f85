import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AppStore } from '../../src/store/index.ts';
import { StoreProvider } from '../../src/ui/app/storeContext.tsx';

export function renderWithStore(ui: ReactElement, store: AppStore) {
  return render(<StoreProvider store={store}>{ui}</StoreProvider>);
}
