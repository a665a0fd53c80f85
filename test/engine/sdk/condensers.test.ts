import { describe, expect, it } from 'vitest';
import { type LlmWork, sdk } from '../../../src/engine/index.ts';
import { charMockLlm, condense, draftOf, messages, summarizer, viewOf } from './factory.ts';

/** The SDK tests' mock rolling condenser: a fixed requirement, optionally failing to condense. */
class MockRolling extends sdk.RollingCondenser {
  constructor(
    private readonly requirement: sdk.CondensationRequirement | null,
    private readonly raises = false,
    private readonly reset: sdk.CondensationDraft | null = null,
  ) {
    super();
  }

  condensationRequirement(): sdk.CondensationRequirement | null {
    return this.requirement;
  }

  // eslint-disable-next-line require-yield -- a mock that never asks an LLM
  *getCondensation(view: sdk.SdkView): LlmWork<sdk.CondensationDraft> {
    if (this.raises) throw new sdk.NoCondensationAvailable('No condensation available');
    return { forgottenEventIds: [view.events[0]!.id], summary: 'Mock summary', summaryOffset: 0, llmResponseId: null };
  }

  // eslint-disable-next-line require-yield -- a mock that never asks an LLM
  override *hardContextReset(): LlmWork<sdk.CondensationDraft | null> {
    return this.reset;
  }
}

describe('NoOpCondenser (§6.2)', () => {
  it('test_noop_condenser / test_noop_condenser_with_llm: the same view', () => {
    const view = viewOf(messages(3));
    expect(condense(new sdk.NoOpCondenser(), view).result).toBe(view);
    expect(condense(new sdk.NoOpCondenser(), view, charMockLlm()).result).toBe(view);
    expect(new sdk.NoOpCondenser().handlesCondensationRequests()).toBe(false);
  });
});

describe('RollingCondenser (§6.3 test_rolling_condenser.py)', () => {
  const view = viewOf(messages(3));

  it('returns the view when no condensation is needed', () => {
    expect(condense(new MockRolling(null), view).result).toBe(view);
  });

  it('returns the condensation when needed, with or without the agent LLM', () => {
    expect(draftOf(condense(new MockRolling('hard'), view).result).summary).toBe('Mock summary');
    expect(draftOf(condense(new MockRolling('hard'), view, charMockLlm()).result).forgottenEventIds).toEqual(['m0']);
  });

  it('returns the original view under SOFT when no condensation is available', () => {
    const result = condense(new MockRolling('soft', true), view).result;
    expect(result).toBe(view);
    expect((result as sdk.SdkView).events).toEqual(messages(3));
  });

  it('test_no_condensation_available_exception_message', () => {
    expect(new sdk.NoCondensationAvailable('custom message').message).toBe('custom message');
  });

  it('test_default_hard_context_reset_raises_error: HARD, no condensation, no reset → raises', () => {
    class DefaultReset extends sdk.RollingCondenser {
      condensationRequirement(): sdk.CondensationRequirement {
        return 'hard';
      }
      // eslint-disable-next-line require-yield -- a mock that never asks an LLM
      *getCondensation(): LlmWork<sdk.CondensationDraft> {
        throw new sdk.NoCondensationAvailable('none');
      }
    }
    expect(() => condense(new DefaultReset(), view)).toThrow(sdk.NoCondensationAvailable);
  });

  it('test_hard_context_reset_condensation_is_returned: exactly the reset’s condensation', () => {
    const reset: sdk.CondensationDraft = {
      forgottenEventIds: ['m0', 'm1'],
      summary: 'Hard context reset summary',
      summaryOffset: 0,
      llmResponseId: null,
    };
    expect(condense(new MockRolling('hard', true, reset), view).result).toBe(reset);
  });

  it('other errors than NoCondensationAvailable propagate unchanged', () => {
    class Broken extends MockRolling {
      // eslint-disable-next-line require-yield -- a mock that never asks an LLM
      override *getCondensation(): LlmWork<sdk.CondensationDraft> {
        throw new TypeError('bug');
      }
    }
    expect(() => condense(new Broken('soft'), view)).toThrow(TypeError);
  });
});

describe('PipelineCondenser (§4.2)', () => {
  it('feeds each view to the next and stops at the first condensation', () => {
    const view = viewOf(messages(12));
    const first = summarizer({ max_size: 10, keep_first: 2 });
    const second = summarizer({ max_size: 8, keep_first: 1 });
    const { result, requests } = condense(new sdk.PipelineCondenser([new sdk.NoOpCondenser(), first, second]), view);
    expect(draftOf(result).forgottenEventIds).toHaveLength(8);
    expect(requests).toHaveLength(1);
  });

  it('returns the last view when nobody condenses, and handles requests when any member does', () => {
    const view = viewOf(messages(3));
    const pipeline = new sdk.PipelineCondenser([new sdk.NoOpCondenser(), summarizer()]);
    expect(condense(pipeline, view).result).toBe(view);
    expect(pipeline.handlesCondensationRequests()).toBe(true);
    expect(new sdk.PipelineCondenser([new sdk.NoOpCondenser()]).handlesCondensationRequests()).toBe(false);
  });
});

describe('LegacySummarizingCondenser (agent-sdk, September 2025)', () => {
  const legacy = (maxSize: number, keepFirst: number) =>
    new sdk.LegacySummarizingCondenser({ max_size: maxSize, keep_first: keepFirst });

  it('forgets view[keep_first:-tail] without looking at tool calls, the summary at keep_first', () => {
    const { result } = condense(legacy(80, 4), viewOf(messages(82)));
    expect(draftOf(result).forgottenEventIds).toEqual(
      messages(47)
        .slice(4)
        .map((m) => m.id),
    );
    expect(draftOf(result).summaryOffset).toBe(4);
  });

  it('a request aims at half of max_size like any condensation (half of the view came with SDK #1034, 2025-11-10)', () => {
    const view = viewOf(messages(10));
    expect(condense(legacy(80, 4), view).result).toBe(view);
    // 20 events: the tail is 80 // 2 - 4 - 1 = 35, so view[4:-35] is empty; the LLM is asked all the same.
    const short = condense(legacy(80, 4), sdk.sdkViewOf(messages(20), true));
    expect(draftOf(short.result)).toMatchObject({ forgottenEventIds: [], summaryOffset: 4 });
    expect(short.requests).toHaveLength(1);
    // 50 events: view[4:-35] = view[4:15].
    const long = condense(legacy(80, 4), sdk.sdkViewOf(messages(50), true));
    expect(draftOf(long.result).forgottenEventIds).toEqual(
      messages(15)
        .slice(4)
        .map((m) => m.id),
    );
    expect(sdk.sdkRuleApplies('2025-09', 'requestHalvesView')).toBe(false);
  });
});
