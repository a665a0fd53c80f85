/** How many first items `a` and `b` share (the same objects), looking at no more than `limit`. */
export function sharedStart<T>(a: readonly T[], b: readonly T[], limit = Infinity): number {
  const end = Math.min(limit, a.length, b.length);
  let same = 0;
  while (same < end && a[same] === b[same]) same++;
  return same;
}
