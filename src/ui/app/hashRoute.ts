/**
 * `#/session/<id>/step/<n>`: deep links to a session and a step, the step numbered as the page shows it
 * (from 1: `/step/61` is "Step 61"). Links of the 0-based days cannot be told apart and land one step
 * later; their `/step/0` is step 1.
 */
export interface HashRoute {
  readonly sessionId: string | null;
  /** The step's index (0-based, as the store counts), or null. */
  readonly step: number | null;
}

export function parseHash(hash: string): HashRoute {
  const match = /^#\/session\/([^/]+)(?:\/step\/(\d+))?\/?$/.exec(hash);
  if (!match) return { sessionId: null, step: null };
  return {
    sessionId: decodeURIComponent(match[1]!),
    step: match[2] === undefined ? null : Math.max(0, Number(match[2]) - 1),
  };
}

export function formatHash(route: HashRoute): string {
  if (!route.sessionId) return '';
  const base = `#/session/${encodeURIComponent(route.sessionId)}`;
  return route.step === null ? base : `${base}/step/${route.step + 1}`;
}
