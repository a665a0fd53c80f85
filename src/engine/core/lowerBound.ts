/** The first position of `sorted` (ascending), from `from` on, whose value is at least `value`. */
export function lowerBound(sorted: ArrayLike<number>, value: number, from = 0): number {
  let low = from;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
