/** The moments a user waits for, as User Timing marks (`inspector:<what>`): `npm run bench` measures to the paint after them. */
export type Shown = 'step' | 'replay' | 'import' | 'tokens';

export function markShown(what: Shown): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const name = `inspector:${what}`;
  // Only the latest is kept: a long session makes thousands (observers still hear each one).
  performance.clearMarks(name);
  performance.mark(name);
}
