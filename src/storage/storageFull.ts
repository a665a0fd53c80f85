/** What the browser lets this site store, and how much of it is used (navigator.storage.estimate). */
export interface StorageEstimateLike {
  readonly quota?: number;
  readonly usage?: number;
}

/** A write the browser refused because the site's storage quota is used up; the message says how full it is. */
export class StorageFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageFullError';
  }
}

const gb = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.max(0, Math.round(bytes / 1e6))} MB`;

/** True for IndexedDB's quota error, however Dexie wraps it. */
export function isQuotaError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const named = current as { name?: unknown; inner?: unknown; cause?: unknown };
    if (named.name === 'QuotaExceededError') return true;
    current = named.inner ?? named.cause;
  }
  return false;
}

/** The sentence for a refused write: the quota, what is used, what is free, and what was being stored. */
export function storageFullText(estimate: StorageEstimateLike | null, what: string, needed: number | null): string {
  const head = `storage is full: ${what} could not be kept`;
  if (!estimate?.quota)
    return `${head} (the browser does not say how much it allows; delete sessions you no longer need, or use a window that is not private)`;
  const used = estimate.usage ?? 0;
  const free = estimate.quota - used;
  const need = needed === null ? '' : `, and this needs ${gb(needed)}`;
  return `${head}: this browser lets the inspector store ${gb(estimate.quota)} here, ${gb(used)} of it is used (${gb(free)} free)${need}. Delete sessions you no longer need, or use a window that is not private (private windows allow much less).`;
}
