import { describe, expect, it } from 'vitest';
import { CACHE_TTL_MS, type CachedCall, PromptCache } from '../../../../src/engine/index.ts';

/** A call whose messages have the given prefix ids, each message 100 tokens and one block. */
function call(
  prefixIds: number[],
  breakpoints: number[],
  time: number | null = null,
  tokensPerMessage = 100,
): CachedCall {
  return {
    count: prefixIds.length,
    prefixIds,
    prefixTokens: (j) => (j + 1) * tokensPerMessage,
    blocks: prefixIds.map(() => 1),
    breakpoints,
    time,
  };
}

describe('Anthropic prompt cache (explicit breakpoints)', () => {
  it('reads the previous call’s prompt up to its last breakpoint and writes the rest up to its own', () => {
    const cache = new PromptCache('anthropic');
    // The tools-and-system prefix (message 0) is warm: a first call reads it.
    expect(cache.call(call([1, 2, 3], [0, 2]))).toEqual({ readTokens: 100, writeTokens: 200 });
    expect(cache.call(call([1, 2, 3, 4, 5], [0, 4]))).toEqual({ readTokens: 300, writeTokens: 200 });
  });

  it('after a condensation changes the early messages, reads only the system prefix', () => {
    const cache = new PromptCache('anthropic');
    cache.call(call([1, 2, 3, 4], [0, 3]));
    expect(cache.call(call([1, 9, 10], [0, 2]))).toEqual({ readTokens: 100, writeTokens: 200 });
  });

  it('finds an earlier prefix only within 20 content blocks before a breakpoint', () => {
    const cache = new PromptCache('anthropic', { systemPrefixWarm: false });
    cache.call(call([1, 2], [0, 1]));
    const near = Array.from({ length: 21 }, (_, k) => k + 1);
    expect(cache.call(call(near, [0, 20])).readTokens).toBe(200);
    const far = new PromptCache('anthropic', { systemPrefixWarm: false });
    far.call(call([1, 2], [1]));
    const long = Array.from({ length: 30 }, (_, k) => k + 1);
    expect(far.call(call(long, [29])).readTokens).toBe(0);
  });

  it('forgets a prefix five minutes after its last use, by the log’s timestamps', () => {
    const cache = new PromptCache('anthropic', { systemPrefixWarm: false });
    cache.call(call([1, 2, 3], [0, 2], 0));
    expect(cache.call(call([1, 2, 3, 4], [0, 3], CACHE_TTL_MS - 1)).readTokens).toBe(300);
    expect(cache.call(call([1, 2, 3, 4, 5], [0, 4], 2 * CACHE_TTL_MS + 1)).readTokens).toBe(0);
  });
});

describe('OpenAI prompt cache (automatic prefixes)', () => {
  it('reads the longest earlier prefix from 1024 tokens on, in steps of 128, and never bills writes', () => {
    const cache = new PromptCache('openai');
    expect(cache.call(call([1, 2, 3], [], null, 500))).toEqual({ readTokens: 0, writeTokens: 0 });
    // 1500 tokens shared: 1024 + 3 × 128.
    expect(cache.call(call([1, 2, 3, 4], [], null, 500))).toEqual({ readTokens: 1408, writeTokens: 0 });
    expect(cache.call(call([1, 7], [], null, 500))).toEqual({ readTokens: 0, writeTokens: 0 });
  });
});
