/** 755 KB, 10.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatDate(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// One formatter for every count: toLocaleString('en-US') builds a new one at each call (16 µs
// against 1 µs in V8), and a step change formats dozens of counts.
const COUNT = new Intl.NumberFormat('en-US');

/** 12,345 (as `toLocaleString('en-US')` writes it). */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** $0.0042, $1.27 */
export function formatCost(dollars: number): string {
  return dollars < 0.01 ? `$${dollars.toFixed(4)}` : `$${dollars.toFixed(2)}`;
}
