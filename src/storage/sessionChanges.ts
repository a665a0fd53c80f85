/** A change to a stored session, told to the other tabs of the app. */
export type SessionChange =
  { readonly kind: 'changed' | 'deleted'; readonly id: string } | { readonly kind: 'created'; readonly id: string };

/** How tabs tell each other about the sessions they change (a BroadcastChannel in the app). */
export interface SessionChanges {
  publish(change: SessionChange): void;
  /** Calls `listener` with changes other tabs made; returns the unsubscribe. */
  subscribe(listener: (change: SessionChange) => void): () => void;
}

/** Changes through a BroadcastChannel: every tab of the app on this origin hears the others (never itself). */
export function broadcastSessionChanges(name = 'condenser-inspector-sessions'): SessionChanges | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    publish: (change) => channel.postMessage(change),
    subscribe(listener) {
      const onMessage = (event: MessageEvent<SessionChange>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}
