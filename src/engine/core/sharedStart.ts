/** How many items from `a[i]` and `b[j]` on are the same objects, looking at no more than `max` (all in range). */
export function sharedRun<T>(a: readonly T[], i: number, b: readonly T[], j: number, max: number): number {
  let same = 0;
  while (same < max && a[i + same] === b[j + same]) same++;
  return same;
}

/** How many first items `a` and `b` share (the same objects), looking at no more than `limit`. */
export function sharedStart<T>(a: readonly T[], b: readonly T[], limit = Infinity): number {
  return sharedRun(a, 0, b, 0, Math.min(limit, a.length, b.length));
}
