import { describe, expect, it } from 'vitest';
import { PrefixTree } from '../../../src/inspect/quality/prefixTree.ts';

function keysAt(tree: PrefixTree, text: string, start: number): number[] {
  const ids: number[] = [];
  tree.forEachKeyAt(text, start, (id) => ids.push(id));
  return ids;
}

describe('PrefixTree', () => {
  const tree = new PrefixTree();
  ['cd /a', 'cd /a/b', 'cat x', 'c', '/a/b'].forEach((key, id) => tree.add(key, id));

  it('finds every key that starts at a place of the text, shortest first', () => {
    expect(keysAt(tree, 'cd /a/b/c', 0)).toEqual([3, 0, 1]);
    expect(keysAt(tree, 'cat y', 0)).toEqual([3]);
    expect(keysAt(tree, 'xcd /a', 1)).toEqual([3, 0]);
    expect(keysAt(tree, 'cd /', 0)).toEqual([3]);
  });

  it('finds every occurrence anywhere in a text', () => {
    const ids: number[] = [];
    tree.forEachKeyIn('see cd /a/b and cat x', (id) => ids.push(id));
    expect(ids.sort()).toEqual([0, 1, 2, 3, 3, 4]);
  });

  it('keeps the first id of a key added again, and counts keys', () => {
    const small = new PrefixTree();
    small.add('ab', 1);
    small.add('ab', 2);
    small.add('a', 3);
    expect(small.size).toBe(2);
    expect(keysAt(small, 'abc', 0)).toEqual([3, 1]);
  });

  it('matches no key inside a surrogate pair, as Python sees one character there', () => {
    const halves = new PrefixTree();
    halves.add('x\ud83d', 1);
    halves.add('\ude00y', 2);
    halves.add('\u{1f600}', 3);
    const ids: number[] = [];
    halves.forEachKeyIn('x\u{1f600}y x\ud83d!', (id) => ids.push(id));
    expect(ids).toEqual([3, 1]);
  });
});
