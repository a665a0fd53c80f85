/** How many first items `a` and `b` share (the same objects), looking at no more than `limit`. */
export function sharedStart<T>(a: readonly T[], b: readonly T[], limit = Math.min(a.length, b.length)): number {
  let same = 0;
  while (same < limit && a[same] === b[same]) same++;
  return same;
}
