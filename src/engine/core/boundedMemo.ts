import { LRUCache } from 'lru-cache';

/**
 * Memos of values derived from events or texts (messages, prompt texts, token counts), bounded in
 * size. A big log's events read their texts from its bytes when asked for; a memo that kept every text
 * it ever made would hold the whole log in memory a second time.
 */
export interface BoundedMemo<K, V> {
  /** The remembered value of `key`, or `make()` remembered now. */
  get(key: K, make: () => V): V;
}

/**
 * Characters of texts each memo of texts made from events keeps (message parts, prompt texts, converted
 * events, token counts by text): 16-32 MB each, whatever the log's size.
 */
export const MEMO_CHARS = 16_000_000;

/** How deep and how many values `roughChars` looks at. */
const SIZE_DEPTH = 4;
const SIZE_VALUES = 256;

/**
 * Characters of the strings in a JSON-like value, looking at most SIZE_VALUES values down to
 * SIZE_DEPTH levels (bounded: a browser tree holds hundreds of thousands): what a memo counts it as.
 */
export function roughChars(value: unknown): number {
  let size = 0;
  let looked = 0;
  const walk = (node: unknown, depth: number): void => {
    if (++looked > SIZE_VALUES) return;
    if (typeof node === 'string') size += node.length;
    else if (depth < SIZE_DEPTH && typeof node === 'object' && node !== null)
      for (const child of Array.isArray(node) ? node : Object.values(node)) walk(child, depth + 1);
    else size += 8;
  };
  walk(value, 0);
  return size;
}

/** Null is a value here (e.g. "OpenHands shows nothing for this event"); lru-cache holds none. */
const NOTHING = Symbol('null');

/**
 * Remembers values up to about `maxSize` (`sizeOf` a value and its key: characters for texts), the
 * least recently used let go first; lru-cache does the bookkeeping. It holds its keys: for memos that
 * live no longer than what they are about (one replay's messages, one log's texts).
 */
export function lruMemo<K extends object | string, V>(
  maxSize: number,
  sizeOf: (value: V, key: K) => number,
): BoundedMemo<K, V> {
  type Held = NonNullable<V> | typeof NOTHING;
  const cache = new LRUCache<K, Held>({
    maxSize,
    // lru-cache refuses sizes under 1.
    sizeCalculation: (held, key) => Math.max(1, sizeOf((held === NOTHING ? null : held) as V, key)),
  });
  return {
    get(key, make) {
      const held = cache.get(key);
      if (held !== undefined) return (held === NOTHING ? null : held) as V;
      const value = make();
      if (value !== undefined) cache.set(key, (value === null ? NOTHING : value) as Held);
      return value;
    },
  };
}

/**
 * Remembers values by object (an event) up to about `maxSize` (`sizeOf`, characters for texts), the
 * oldest let go first. Keys are held weakly, as a WeakMap holds them: a memo shared by every log must
 * not keep a closed log's events (and through them its bytes) alive, as lruMemo would.
 */
export function weakFifoMemo<K extends object, V>(maxSize: number, sizeOf: (value: V) => number): BoundedMemo<K, V> {
  const values = new WeakMap<K, V>();
  /** Keys in the order they were remembered, with their sizes; `head` is the oldest still counted. */
  const order: Array<{ readonly key: WeakRef<K>; readonly size: number }> = [];
  let head = 0;
  let total = 0;
  return {
    get(key, make) {
      if (values.has(key)) return values.get(key)!;
      const value = make();
      const size = Math.max(1, sizeOf(value));
      values.set(key, value);
      order.push({ key: new WeakRef(key), size });
      total += size;
      while (total > maxSize && head < order.length - 1) {
        const oldest = order[head++]!;
        const gone = oldest.key.deref();
        if (gone) values.delete(gone);
        total -= oldest.size;
      }
      // Drop the forgotten slots now and then, not on every eviction.
      if (head > 1024 && head > order.length / 2) {
        order.splice(0, head);
        head = 0;
      }
      return value;
    },
  };
}
