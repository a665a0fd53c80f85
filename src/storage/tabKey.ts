/** Where a key kept "for this tab only" lives: the tab's sessionStorage (gone when the tab closes), or memory. */
export interface TabKeyShelf {
  get(): string | null;
  set(key: string | null): void;
}

const ITEM = 'condenser-inspector-llm-key';

/** Memory only: the key is gone at the next reload too. */
export function memoryKeyShelf(): TabKeyShelf {
  let kept: string | null = null;
  return {
    get: () => kept,
    set: (key) => {
      kept = key;
    },
  };
}

/**
 * The tab's sessionStorage, which no other tab reads and the browser drops when the tab closes (it
 * survives a reload of the tab); memory where there is none or it refuses (some private modes).
 */
export function tabKeyShelf(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined = globalThis.sessionStorage,
): TabKeyShelf {
  const memory = memoryKeyShelf();
  if (!storage) return memory;
  return {
    get: () => {
      try {
        return storage.getItem(ITEM) ?? memory.get();
      } catch {
        return memory.get();
      }
    },
    set: (key) => {
      memory.set(key);
      try {
        if (key === null) storage.removeItem(ITEM);
        else storage.setItem(ITEM, key);
      } catch {
        // Memory holds it for this page.
      }
    },
  };
}
