/**
 * A lookup-table entry by a key read from a log or a configuration. A plain `table[key]` would find
 * `constructor`, `toString` or `__proto__` on every object: logs can name events that way.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

export function hasOwnKey(table: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(table, key);
}
