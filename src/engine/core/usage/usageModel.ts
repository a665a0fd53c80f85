import type { ChatProfile } from '../chat.ts';
import { type LinearMap, OnlineLinearFit, applyMap } from './calibration.ts';
import type { MeasuredRequest } from './measure.ts';
import { type CacheAssumptions, DEFAULT_CACHE_ASSUMPTIONS, PromptCache } from './promptCache.ts';

/** The provider's usage of one LLM call, as the log recorded it (`model_response.usage`). */
export interface RecordedUsage {
  /** Every prompt token, cache reads and writes included (litellm's `prompt_tokens`). */
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
}

/** The usage of one agent LLM call, in the provider's tokens. */
export interface PromptUsage {
  /** Every prompt token, cache reads and writes included (as litellm reports `prompt_tokens`). */
  readonly promptTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
}

export interface AgentCall {
  /** Null when the step's messages could not be built: no estimate, and the cache is left as it was. */
  readonly measured: MeasuredRequest | null;
  readonly time: number | null;
  readonly recorded: RecordedUsage | null;
  /** Why there is no measurement (one line), when there is none. */
  readonly error?: string | null;
}

/** What a log's recorded usage taught: the provider's token scale, and whether it caches prompts at all. */
export interface LearnedUsage {
  readonly map: LinearMap;
  readonly providerCaches: boolean;
}

/**
 * How the estimate learns:
 * - `earlier-steps`: from the recorded usage of the calls before this one only (as recorded, so that the
 *   estimate's accuracy can be measured honestly);
 * - fixed: learned from the whole log's recorded usage (re-simulated runs).
 */
export type Calibration = 'earlier-steps' | LearnedUsage;

/** Calls whose prefix would have been cached but the provider recorded no cache use: then it does not cache. */
const MISSES_BEFORE_NO_CACHE = 2;

/** Estimates each call's prompt and cache usage, in order; the prompt cache carries over between calls. */
export class UsageSimulator {
  private readonly fit = new OnlineLinearFit();
  private readonly cache: PromptCache;
  private cachingSeen = false;
  private cacheMisses = 0;

  constructor(
    profile: ChatProfile,
    private readonly calibration: Calibration,
    assumptions: CacheAssumptions = DEFAULT_CACHE_ASSUMPTIONS,
  ) {
    this.cache = new PromptCache(profile, assumptions);
  }

  /** What the next estimate will use. */
  learned(): LearnedUsage {
    if (this.calibration !== 'earlier-steps') return this.calibration;
    return { map: this.fit.map(), providerCaches: this.cachingSeen || this.cacheMisses < MISSES_BEFORE_NO_CACHE };
  }

  next(call: AgentCall): PromptUsage | null {
    const { measured } = call;
    if (!measured) return null;
    const { map, providerCaches } = this.learned();
    const outcome = this.cache.call({
      count: measured.count,
      prefixIds: measured.prefixIds,
      prefixTokens: (j) => applyMap(map, measured.ourPrefix(j)),
      blocks: measured.blocks,
      breakpoints: measured.breakpoints,
      time: call.time,
    });
    const promptTokens = applyMap(map, measured.totalTokens);
    const { recorded } = call;
    if (recorded) {
      this.fit.add(measured.totalTokens, recorded.promptTokens);
      if (recorded.cacheReadTokens + recorded.cacheWriteTokens > 0) this.cachingSeen = true;
      else if (outcome.readTokens > 0) this.cacheMisses++;
    }
    if (!providerCaches) return { promptTokens, cacheReadTokens: 0, cacheWriteTokens: 0 };
    return {
      promptTokens,
      cacheReadTokens: Math.min(outcome.readTokens, promptTokens),
      cacheWriteTokens: Math.min(outcome.writeTokens, promptTokens),
    };
  }
}

/** What every recorded call of a run teaches (the calls in order, as recorded). */
export function learnFromRecordedCalls(
  profile: ChatProfile,
  calls: Iterable<AgentCall>,
  assumptions: CacheAssumptions = DEFAULT_CACHE_ASSUMPTIONS,
): LearnedUsage {
  const simulator = new UsageSimulator(profile, 'earlier-steps', assumptions);
  for (const call of calls) simulator.next(call);
  return simulator.learned();
}

/**
 * learnFromRecordedCalls over calls made one at a time from a replay's first steps, pausing (a yield)
 * after each: measuring 2,000 calls takes a third of a second at 100 MB, which a host spreads over
 * slices instead of holding its thread.
 */
export function* learnFromCallsInSteps<Step, View>(
  profile: ChatProfile,
  steps: readonly (readonly [Step, View])[],
  call: (step: Step, view: View) => AgentCall,
): Generator<void, LearnedUsage, void> {
  const made: AgentCall[] = [];
  for (const [step, view] of steps) {
    made.push(call(step, view));
    yield;
  }
  return learnFromRecordedCalls(profile, made);
}

/**
 * Recorded calls learned from at most: the fit settles within a few hundred calls, and measuring a
 * call costs as much as its view, which never shrinks in a log that recorded no condensation (at
 * 23,000 steps of 98,000 events, measuring them all took 77 s and held the engine).
 */
export const MAX_LEARNED_CALLS = 2000;
