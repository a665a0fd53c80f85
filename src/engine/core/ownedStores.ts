/**
 * Stores of values by object, one per owner (a token counter: one per opened log) and key (a form, a
 * length limit): a store lives as long as its owner, an entry as long as its object (a log's event).
 */
export function ownedStores<Owner extends object, Key, Value>(): (owner: Owner, key: Key) => WeakMap<object, Value> {
  const stores = new WeakMap<Owner, Map<Key, WeakMap<object, Value>>>();
  return (owner, key) => {
    let byKey = stores.get(owner);
    if (!byKey) stores.set(owner, (byKey = new Map()));
    let store = byKey.get(key);
    if (!store) byKey.set(key, (store = new WeakMap()));
    return store;
  };
}
