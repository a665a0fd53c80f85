import { describe, expect, it } from 'vitest';
import { lruMemo, weakFifoMemo } from '../../../src/engine/core/index.ts';

describe('bounded memos', () => {
  it('remembers texts up to its size, letting the least recently used go first', () => {
    const made: string[] = [];
    const memo = lruMemo<string, number>(10, (_count, text) => text.length);
    const get = (text: string) => memo.get(text, () => (made.push(text), text.length));
    expect([get('aaaa'), get('bbbb'), get('aaaa')]).toEqual([4, 4, 4]);
    // 'cccc' makes 12 characters: 'bbbb', used least recently, goes.
    get('cccc');
    get('aaaa');
    get('bbbb');
    expect(made).toEqual(['aaaa', 'bbbb', 'cccc', 'bbbb']);
  });

  it('remembers null as a value', () => {
    let calls = 0;
    const memo = lruMemo<string, string | null>(100, () => 1);
    expect(memo.get('k', () => (calls++, null))).toBeNull();
    expect(memo.get('k', () => (calls++, 'other'))).toBeNull();
    expect(calls).toBe(1);
    const byObject = weakFifoMemo<object, string | null>(100, () => 1);
    const key = {};
    expect(byObject.get(key, () => null)).toBeNull();
    expect(byObject.get(key, () => 'other')).toBeNull();
  });

  it('remembers by object up to its size, the oldest going first', () => {
    const keys = Array.from({ length: 5 }, () => ({}));
    const made: number[] = [];
    const memo = weakFifoMemo<object, string>(6, (text) => text.length);
    const get = (k: number) => memo.get(keys[k]!, () => (made.push(k), 'xx'));
    for (const k of [0, 1, 2, 0]) get(k);
    expect(made).toEqual([0, 1, 2]);
    // A fourth value passes the size: the first remembered goes.
    get(3);
    get(1);
    get(0);
    expect(made).toEqual([0, 1, 2, 3, 0]);
  });
});
