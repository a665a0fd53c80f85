import { yieldToEvents } from '../inspect/index.ts';

/**
 * Items made per task of the page's thread when a long list arrives from the worker, about 10 ms of
 * work: a gigabyte log's 325,925 rows were made in one task of 200 ms, most of it spent collecting
 * what the task had just made.
 */
export const ITEMS_PER_SLICE = 25_000;

/**
 * `count` items made in order by `itemAt`: at once when they fit in a slice, else a slice per task
 * (the page paints and handles input between them), answered in the task after the last.
 */
export function listInSlices<T>(
  count: number,
  itemAt: (index: number) => T,
  perSlice = ITEMS_PER_SLICE,
): T[] | Promise<T[]> {
  const list = new Array<T>(count);
  const fill = (from: number, to: number) => {
    for (let i = from; i < to; i++) list[i] = itemAt(i);
  };
  if (count <= perSlice) {
    fill(0, count);
    return list;
  }
  return (async () => {
    for (let from = 0; from < count; from += perSlice) {
      if (from > 0) await yieldToEvents();
      fill(from, Math.min(count, from + perSlice));
    }
    // Whoever waits for the list (a render of it) starts in a task of its own, not after the last slice.
    await yieldToEvents();
    return list;
  })();
}

/** `then` for a value that may still be coming. */
export function whenMade<T, U>(value: T | Promise<T>, use: (made: T) => U): U | Promise<U> {
  return value instanceof Promise ? value.then(use) : use(value);
}
