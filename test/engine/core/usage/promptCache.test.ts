import { describe, expect, it } from 'vitest';
import { CACHE_TTL_MS, type CachedCall, PrefixIds, PromptCache } from '../../../../src/engine/index.ts';

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

  it('reads a prefix an earlier call sent that the last call did not', () => {
    const cache = new PromptCache('openai');
    cache.call(call([1, 2, 3], [], null, 500));
    // The last call changed the third message; the next one goes back to the first's three.
    cache.call(call([1, 2, 4], [], null, 500));
    expect(cache.call(call([1, 2, 3, 5], [], null, 500))).toEqual({ readTokens: 1408, writeTokens: 0 });
  });

  it('reads what writing every prefix at every call reads, over runs that grow, condense, go back, pause and restart', () => {
    /** The cache as first written: every prefix of a call marked used at its time. */
    const plainCache = () => {
      const lastUsed = new Map<number, number | null>();
      return (made: CachedCall) => {
        const live = (id: number) =>
          lastUsed.has(id) &&
          !(made.time !== null && lastUsed.get(id)! !== null && made.time - lastUsed.get(id)! > CACHE_TTL_MS);
        let hit = -1;
        for (let j = made.count - 1; j >= 0 && hit < 0; j--) if (live(made.prefixIds[j]!)) hit = j;
        for (let j = 0; j < made.count; j++) lastUsed.set(made.prefixIds[j]!, made.time);
        const matched = hit >= 0 ? made.prefixTokens(hit) : 0;
        return matched < 1024 ? 0 : 1024 + Math.floor((matched - 1024) / 128) * 128;
      };
    };
    let seed = 5;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 40; run++) {
      const prefixes = new PrefixIds();
      const cache = new PromptCache('openai');
      const plain = plainCache();
      // Untimed, timed, or timed but for some calls (and their times not always in order).
      const timing = run % 3;
      // One list grown in place while the run continues (as the incremental measure does), a new one when it restarts.
      let ids: number[] = [];
      let keys: string[] = [];
      const history: string[][] = [];
      let time = 0;
      for (let k = 0; k < 120; k++) {
        const roll = next();
        if (roll < 0.08) {
          // A condensation: the messages after the first few change.
          keys = keys.slice(0, Math.floor(next() * 4)).concat(`summary ${k}`);
          ids = [];
        } else if (roll < 0.12) {
          // Another conversation, sharing nothing but the tools.
          keys = [`start ${k}`];
          ids = [];
        } else if (roll < 0.2 && history.length > 0) {
          // Back to where an earlier call stood (a longer prefix than the last call shares).
          keys = history[Math.floor(next() * history.length)]!.concat(`back ${k}`);
          ids = [];
        } else keys = keys.concat(Array.from({ length: 1 + Math.floor(next() * 3) }, (_, m) => `message ${k}.${m}`));
        if (ids.length > keys.length) ids = [];
        for (let j = ids.length; j < keys.length; j++)
          ids.push(prefixes.extend(j === 0 ? prefixes.root('tools') : ids[j - 1]!, keys[j]!));
        time += next() < 0.1 ? CACHE_TTL_MS + 1 : next() < 0.05 ? -120_000 : Math.floor(next() * 60_000);
        const made: CachedCall = {
          count: keys.length,
          prefixIds: ids,
          prefixTokens: (j) => (j + 1) * 150,
          blocks: [],
          breakpoints: [],
          time: timing === 0 || (timing === 2 && next() < 0.2) ? null : time,
        };
        expect([run, k, cache.call(made).readTokens]).toEqual([run, k, plain(made)]);
        history.push(keys);
      }
    }
  });
});
