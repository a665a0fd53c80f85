import { useEffect } from 'react';
import { useAppState, useAppStoreApi } from './storeContext.tsx';
import { formatHash, parseHash } from './hashRoute.ts';

/**
 * Keeps the URL hash and the open session/step in step both ways, and starts the app: the session
 * the link names, else the most recent one (the bundled sample on first start).
 */
export function useHashSync(): void {
  const store = useAppStoreApi();
  const sessionId = useAppState((s) => s.active?.record.id ?? null);
  const step = useAppState((s) => (s.summary ? s.step : null));

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await store.getState().init();
      if (cancelled) return;
      const route = parseHash(window.location.hash);
      const { sessions, active, openSession } = store.getState();
      if (active && (!route.sessionId || active.record.id === route.sessionId)) return;
      const target = sessions.find((s) => s.id === route.sessionId) ?? sessions[0];
      if (target) await openSession(target.id, target.id === route.sessionId ? route.step : null);
    })();
    return () => {
      cancelled = true;
    };
  }, [store]);

  useEffect(() => {
    if (!sessionId) return;
    const hash = formatHash({ sessionId, step });
    if (hash !== window.location.hash) window.history.replaceState(null, '', hash);
  }, [sessionId, step]);

  useEffect(() => {
    const onHashChange = () => {
      const route = parseHash(window.location.hash);
      const state = store.getState();
      if (!route.sessionId) return;
      if (route.sessionId !== state.active?.record.id) void state.openSession(route.sessionId, route.step);
      else if (route.step !== null) state.setStep(route.step);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [store]);
}
