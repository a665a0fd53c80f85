import { useEffect, useState } from 'react';
import type { AppState, AppStore } from '../../store/index.ts';
import { useAppStoreApi } from './storeContext.tsx';
import { type HashRoute, formatHash, parseHash } from './hashRoute.ts';

/** How long the step must rest before the URL names it. */
const HASH_WRITE_DELAY_MS = 150;

/** What the URL names of a state: the open session and, once replayed, its step. */
const routeOf = (state: AppState): HashRoute => ({
  sessionId: state.active?.record.id ?? null,
  step: state.summary ? state.step : null,
});

function writeOpen(store: AppStore): void {
  const hash = formatHash(routeOf(store.getState()));
  if (hash !== window.location.hash)
    window.history.replaceState(null, '', hash || window.location.pathname + window.location.search);
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

  // Followed through the store, not through state of this hook: the app's root re-rendered the whole
  // page at every step change only to move this timer.
  useEffect(() => {
    if (!routed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      if (!store.getState().opening) writeOpen(store);
    };
    // Written once the step rests: a history write costs several ms, too much for each step of a scrub.
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(write, HASH_WRITE_DELAY_MS);
    };
    schedule();
    const unsubscribe = store.subscribe((state, previous) => {
      const [now, before] = [routeOf(state), routeOf(previous)];
      if (now.sessionId !== before.sessionId || now.step !== before.step || state.opening !== previous.opening)
        schedule();
    });
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('pagehide', write);
    };
  }, [routed, store]);

  useEffect(() => {
    const onHashChange = () => void follow(store, parseHash(window.location.hash));
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [store]);
}
