import { type ReactNode, createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from '../../store/index.ts';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself, for code that reads fresh state after awaiting an action. */
export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppState needs a StoreProvider');
  return store;
}

/** Reads one slice of the app state; the component re-renders only when that slice changes. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStoreApi(), selector);
}

/** The store's actions (stable functions) without subscribing to any state. */
export function useActions(): AppState {
  return useAppStoreApi().getState();
}
