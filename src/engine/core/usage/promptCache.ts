import type { ChatProfile } from '../chat.ts';

/**
 * The provider's prompt cache, simulated call by call. Prefixes are compared by identity (see
 * `PrefixIds`), sizes come in the provider's tokens (already calibrated).
 *
 * - anthropic: explicit breakpoints. A call reads the longest cached prefix found at a breakpoint or up
 *   to 20 content blocks before one, and writes everything from there to its last breakpoint; each
 *   breakpoint's prefix is cached from then on.
 * - openai: automatic prefix caching. A call reads the longest prefix any earlier call sent, counted in
 *   steps of 128 tokens once it reaches 1024; nothing is billed as a write.
 * Entries live five minutes after their last use (by the log's timestamps, when it has them).
 */

export const CACHE_TTL_MS = 5 * 60 * 1000;
const LOOKBACK_BLOCKS = 20;
const OPENAI_MIN_TOKENS = 1024;
const OPENAI_INCREMENT = 128;

export interface CachedCall {
  readonly count: number;
  /**
   * Prefix identity through each message, in order (see `PrefixIds`: equal ids at one place mean equal
   * ids before it). Kept until the next call: its first `count` must not change (a list may grow).
   */
  readonly prefixIds: ArrayLike<number>;
  /** Provider tokens of the prompt through message `j` (tools and system first). */
  readonly prefixTokens: (j: number) => number;
  /** Content blocks of each message (text parts, tool calls, tool results). */
  readonly blocks: ArrayLike<number>;
  /** Indices of the messages that carry a cache breakpoint. */
  readonly breakpoints: readonly number[];
  /** The call's time in ms, or null. */
  readonly time: number | null;
}

export interface CacheOutcome {
  readonly readTokens: number;
  readonly writeTokens: number;
}

export interface CacheAssumptions {
  /**
   * The tools-and-system prefix is already cached when a conversation starts: a deployment's agents
   * share it, and real logs read it at their very first call.
   */
  readonly systemPrefixWarm: boolean;
}

export const DEFAULT_CACHE_ASSUMPTIONS: CacheAssumptions = { systemPrefixWarm: true };

/** The length of the prefix two calls share: their ids agree up to it and differ from it on (PrefixIds). */
function sharedLength(a: ArrayLike<number>, aCount: number, b: ArrayLike<number>, bCount: number): number {
  let low = 0;
  let high = Math.min(aCount, bCount);
  if (a === b) return high;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (a[middle - 1] === b[middle - 1]) low = middle;
    else high = middle - 1;
  }
  return low;
}

export class PromptCache {
  private readonly lastUsed = new Map<number, number | null>();
  /**
   * The last automatic-caching call: all its prefixes were used at its time. They are written into
   * `lastUsed` only where the next call does not share them: a run's call shares all but its newest
   * messages with the one before, and writing every prefix at every call made estimating a long run's
   * steps take time growing with the square of its length.
   */
  private lastCall: { readonly ids: ArrayLike<number>; readonly count: number; readonly time: number | null } | null =
    null;

  constructor(
    private readonly profile: ChatProfile,
    private readonly assumptions: CacheAssumptions = DEFAULT_CACHE_ASSUMPTIONS,
  ) {}

  private live(prefixId: number, time: number | null): boolean {
    if (!this.lastUsed.has(prefixId)) return false;
    const last = this.lastUsed.get(prefixId)!;
    if (time !== null && last !== null && time - last > CACHE_TTL_MS) {
      this.lastUsed.delete(prefixId);
      return false;
    }
    return true;
  }

  private warmSystemPrefix(call: CachedCall): void {
    if (this.assumptions.systemPrefixWarm && call.breakpoints[0] === 0 && call.count > 0)
      this.lastUsed.set(call.prefixIds[0]!, call.time);
  }

  call(call: CachedCall): CacheOutcome {
    return this.profile === 'anthropic' ? this.anthropicCall(call) : this.openaiCall(call);
  }

  private anthropicCall(call: CachedCall): CacheOutcome {
    const { prefixIds, prefixTokens, blocks, breakpoints, time } = call;
    if (breakpoints.length === 0) return { readTokens: 0, writeTokens: 0 };
    this.warmSystemPrefix(call);
    let hit = -1;
    for (const breakpoint of breakpoints) {
      let seen = 0;
      for (let j = breakpoint; j > hit && seen <= LOOKBACK_BLOCKS; j--) {
        if (this.live(prefixIds[j]!, time)) {
          hit = j;
          break;
        }
        seen += blocks[j]!;
      }
    }
    const readTokens = hit >= 0 ? prefixTokens(hit) : 0;
    const last = breakpoints[breakpoints.length - 1]!;
    const writeTokens = Math.max(0, prefixTokens(last) - readTokens);
    if (hit >= 0) this.lastUsed.set(prefixIds[hit]!, time);
    for (const breakpoint of breakpoints) this.lastUsed.set(prefixIds[breakpoint]!, time);
    return { readTokens, writeTokens };
  }

  private openaiCall(call: CachedCall): CacheOutcome {
    const { count, prefixIds, prefixTokens, time } = call;
    const last = this.lastCall;
    const shared = last ? sharedLength(last.ids, last.count, prefixIds, count) : 0;
    if (last) for (let j = shared; j < last.count; j++) this.lastUsed.set(last.ids[j]!, last.time);
    let hit = -1;
    for (let j = count - 1; j >= shared; j--) {
      if (this.live(prefixIds[j]!, time)) {
        hit = j;
        break;
      }
    }
    // The shared prefixes were last used by the last call (none since): live together, or not at all.
    if (hit < 0 && shared > 0 && !(time !== null && last!.time !== null && time - last!.time > CACHE_TTL_MS))
      hit = shared - 1;
    const matched = hit >= 0 ? prefixTokens(hit) : 0;
    const readTokens =
      matched < OPENAI_MIN_TOKENS
        ? 0
        : OPENAI_MIN_TOKENS + Math.floor((matched - OPENAI_MIN_TOKENS) / OPENAI_INCREMENT) * OPENAI_INCREMENT;
    this.lastCall = { ids: prefixIds, count, time };
    return { readTokens, writeTokens: 0 };
  }
}
