/**
 * A compressed trie (radix tree) of strings, each with an id: finds every key that occurs at a given
 * place of a text in the time it takes to read the longest such key, however many keys there are.
 */
import { isHighSurrogate, isLowSurrogate } from './pythonText.ts';

interface TrieNode {
  /** The units on the edge into this node (its first unit is the parent's key for it). */
  label: string;
  /** The id of the key ending here, or -1. */
  id: number;
  children: Map<number, TrieNode> | null;
}

const leaf = (label: string, id: number): TrieNode => ({ label, id, children: null });

function commonLength(a: string, aFrom: number, b: string): number {
  const limit = Math.min(a.length - aFrom, b.length);
  let length = 0;
  while (length < limit && a.charCodeAt(aFrom + length) === b.charCodeAt(length)) length++;
  return length;
}

export class PrefixTree {
  private readonly root: TrieNode = leaf('', -1);
  /** Which units begin a key: most places of a text begin none, and are passed over at the cost of one read. */
  private readonly firstUnits = new Uint8Array(0x10000);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds `key` (not empty) with `id`; a key added again keeps its first id. */
  add(key: string, id: number): void {
    this.firstUnits[key.charCodeAt(0)] = 1;
    let node = this.root;
    let at = 0;
    for (;;) {
      const children = (node.children ??= new Map());
      const unit = key.charCodeAt(at);
      const child = children.get(unit);
      if (!child) {
        children.set(unit, leaf(key.slice(at), id));
        this.count++;
        return;
      }
      const shared = commonLength(key, at, child.label);
      if (shared < child.label.length) {
        // Split the edge where the key leaves it.
        const middle: TrieNode = {
          label: child.label.slice(0, shared),
          id: -1,
          children: new Map([[child.label.charCodeAt(shared), child]]),
        };
        child.label = child.label.slice(shared);
        children.set(unit, middle);
        if (at + shared === key.length) middle.id = id;
        else middle.children!.set(key.charCodeAt(at + shared), leaf(key.slice(at + shared), id));
        this.count++;
        return;
      }
      at += shared;
      node = child;
      if (at === key.length) {
        if (node.id < 0) {
          node.id = id;
          this.count++;
        }
        return;
      }
    }
  }

  /**
   * Calls `visit` with the id of every key that `text` holds starting at `start`, shortest first.
   * Matches that begin or end inside a surrogate pair are skipped: Python sees one character there.
   */
  forEachKeyAt(text: string, start: number, visit: (id: number) => void): void {
    if (start > 0 && isLowSurrogate(text.charCodeAt(start)) && isHighSurrogate(text.charCodeAt(start - 1))) return;
    let node = this.root;
    let at = start;
    while (at < text.length && node.children) {
      const child = node.children.get(text.charCodeAt(at));
      if (!child) return;
      const label = child.label;
      if (label.length > 1 && !text.startsWith(label, at)) return;
      at += label.length;
      node = child;
      if (node.id >= 0 && !(isHighSurrogate(text.charCodeAt(at - 1)) && isLowSurrogate(text.charCodeAt(at))))
        visit(node.id);
    }
  }

  /** Every key that occurs anywhere in `text` (each id once per occurrence). */
  forEachKeyIn(text: string, visit: (id: number) => void): void {
    const firstUnits = this.firstUnits;
    for (let start = 0; start < text.length; start++)
      if (firstUnits[text.charCodeAt(start)] === 1) this.forEachKeyAt(text, start, visit);
  }
}
