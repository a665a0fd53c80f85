/**
 * Strings numbered in the order they are first met, for columns that cross between threads: the
 * column holds the numbers, the table each string once.
 */
export function stringTable(limit = Number.POSITIVE_INFINITY) {
  const strings: string[] = [];
  const numbers = new Map<string, number>();
  return {
    strings,
    /** The string's number; a RangeError past `limit` strings (the column's type holds no more). */
    numberOf(text: string): number {
      let found = numbers.get(text);
      if (found === undefined) {
        found = strings.length;
        if (found >= limit) throw new RangeError(`more than ${limit} different strings for one column`);
        strings.push(text);
        numbers.set(text, found);
      }
      return found;
    },
  };
}
