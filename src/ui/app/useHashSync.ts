import { useEffect, useState } from 'react';
import type { AppStore } from '../../store/index.ts';
import { useAppState, useAppStoreApi } from './storeContext.tsx';
import { type HashRoute, formatHash, parseHash } from './hashRoute.ts';

/** How long the step must rest before the URL names it. */
const HASH_WRITE_DELAY_MS = 150;

/** Puts the open session and step in the URL (or clears it when nothing is open). */
function writeHash(sessionId: string | null, step: number | null): void {
  const hash = formatHash({ sessionId, step });
  if (hash !== window.location.hash)
    window.history.replaceState(null, '', hash || window.location.pathname + window.location.search);
}

function writeOpen(store: AppStore): void {
  const state = store.getState();
  writeHash(state.active?.record.id ?? null, state.summary ? state.step : null);
}

/**
 * Follows a link. One to a session this browser does not have says so; a link that names no session
 * (or a step that is not a number) is replaced by what is open.
 */
async function follow(store: AppStore, route: HashRoute): Promise<void> {
  const state = store.getState();
  if (route.sessionId && !state.sessions.some((s) => s.id === route.sessionId)) {
    state.showNotice({
      kind: 'error',
      text: `The link names a session this browser does not have (${route.sessionId.slice(0, 40)}): it may have been deleted, or made in another browser.`,
    });
  } else if (route.sessionId && route.sessionId !== state.active?.record.id) {
    await state.openSession(route.sessionId, route.step);
  } else if (route.step !== null) {
    state.setStep(route.step);
  }
  writeOpen(store);
}

/**
 * Keeps the URL hash and the open session/step in step both ways, and starts the app: the session
 * the link names, else the most recent one (the bundled sample on first start).
 */
export function useHashSync(): void {
  const store = useAppStoreApi();
  const sessionId = useAppState((s) => s.active?.record.id ?? null);
  const step = useAppState((s) => (s.summary ? s.step : null));
  const opening = useAppState((s) => s.opening);
  // Until the link has been followed, the URL is the link: nothing may overwrite it.
  const [routed, setRouted] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await store.getState().init();
      if (cancelled) return;
      const route = parseHash(window.location.hash);
      const { sessions, active, openSession } = store.getState();
      const linked = sessions.find((s) => s.id === route.sessionId);
      if (linked) {
        if (active?.record.id !== linked.id) await openSession(linked.id, route.step);
      } else {
        if (route.sessionId) await follow(store, route);
        const first = store.getState().active ? null : store.getState().sessions[0];
        if (first) await openSession(first.id, null);
      }
      if (!cancelled) setRouted(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [store]);

  useEffect(() => {
    if (!routed || opening) return;
    // Written once the step rests: a history write costs several ms, too much for each step of a scrub.
    const write = () => writeHash(sessionId, step);
    const timer = setTimeout(write, HASH_WRITE_DELAY_MS);
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [routed, sessionId, step, opening]);

  useEffect(() => {
    const onHashChange = () => void follow(store, parseHash(window.location.hash));
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [store]);
}
