/** `#/session/<id>/step/<n>`: deep links to a session and a step. */
export interface HashRoute {
  readonly sessionId: string | null;
  readonly step: number | null;
}

export function parseHash(hash: string): HashRoute {
  const match = /^#\/session\/([^/]+)(?:\/step\/(\d+))?\/?$/.exec(hash);
  if (!match) return { sessionId: null, step: null };
  return { sessionId: decodeURIComponent(match[1]!), step: match[2] === undefined ? null : Number(match[2]) };
}

export function formatHash(route: HashRoute): string {
  if (!route.sessionId) return '';
  const base = `#/session/${encodeURIComponent(route.sessionId)}`;
  return route.step === null ? base : `${base}/step/${route.step}`;
}
