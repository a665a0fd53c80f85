import { describe, expect, it, vi } from 'vitest';
import { type LlmRequest, LlmUnavailable, runSync, sdk } from '../../../src/engine/index.ts';
import {
  SUMMARY,
  charMockLlm,
  cond,
  condense,
  draftOf,
  fixedCountLlm,
  messages,
  request,
  summarizer,
  viewOf,
} from './factory.ts';

type Reason = sdk.CondensationReason;

const prompt = (request: LlmRequest) => {
  expect(request.condenser).toBe('llm');
  expect(request.messages).toHaveLength(1);
  expect(request.messages[0]!.role).toBe('user');
  return request.messages[0]!.content;
};
const fortyA = (n: number) => messages(n, 'm', () => 'A'.repeat(40));
const forgottenOf = (result: sdk.SdkCondenseResult) => draftOf(result).forgottenEventIds;

describe('LLMSummarizingCondenser: configuration (§6.1, SDK 1.43.1)', () => {
  it('test_default_values: max_size 240, keep_first 2', () => {
    expect(summarizer().settings).toMatchObject({ max_size: 240, keep_first: 2, max_tokens: null });
  });

  it('test_invalid_config: max_size 0, keep_first -1, and (10, 8) are refused', () => {
    expect(() => summarizer({ max_size: 0 })).toThrow(/max_size/);
    expect(() => summarizer({ keep_first: -1 })).toThrow(/keep_first/);
    expect(() => summarizer({ max_size: 10, keep_first: 8 })).toThrow(/keep_first/);
  });

  it('test_minimum_progress_default_value / custom value / validation', () => {
    expect(summarizer().settings.minimum_progress).toBe(0.1);
    expect(summarizer({ minimum_progress: 0.2 }).settings.minimum_progress).toBe(0.2);
    for (const value of [0.0, -0.1, 1.0, 1.5])
      expect(() => summarizer({ minimum_progress: value })).toThrow(/minimum_progress/);
  });

  it('handles condensation requests', () => {
    expect(summarizer().handlesCondensationRequests()).toBe(true);
  });
});

describe('LLMSummarizingCondenser: when to condense (§6.1)', () => {
  it('test_should_condense: 100 messages need nothing, 101 need a SOFT condensation', () => {
    const condenser = summarizer({ max_size: 100 });
    expect(condenser.condensationRequirement(viewOf(messages(100)), null)).toBeNull();
    expect(condenser.condensationRequirement(viewOf(messages(101)), null)).toBe('soft');
  });

  it('test_condense_returns_view_when_no_condensation_needed: the same view, no LLM call', () => {
    const view = viewOf(messages(100));
    const { result, requests } = condense(summarizer({ max_size: 100 }), view);
    expect(result).toBe(view);
    expect(requests).toHaveLength(0);
  });

  it('test_condensation_requirement_returns_none / soft / hard (token pressure and requests)', () => {
    const condenser = summarizer();
    const requirement = (reasons: Reason[]) => {
      vi.spyOn(condenser, 'getCondensationReasons').mockReturnValue(new Set(reasons));
      return condenser.condensationRequirement(viewOf([]), null);
    };
    expect(requirement([])).toBeNull();
    expect(requirement(['events'])).toBe('soft');
    expect(requirement(['tokens'])).toBe('hard');
    expect(requirement(['tokens', 'events'])).toBe('hard');
    for (const reasons of [
      ['request'],
      ['request', 'tokens'],
      ['request', 'events'],
      ['request', 'tokens', 'events'],
    ] as Reason[][]) {
      expect(requirement(reasons)).toBe('hard');
    }
  });
});

describe('LLMSummarizingCondenser: what to forget (§6.1, §4.6 arithmetic)', () => {
  it('test_condense_returns_condensation_when_needed: max 10, kf 3, 11 messages: m3..m9 at offset 3', () => {
    const { result, requests } = condense(summarizer({ max_size: 10, keep_first: 3 }), viewOf(messages(11)));
    expect(draftOf(result)).toMatchObject({ summary: SUMMARY, summaryOffset: 3 });
    expect(forgottenOf(result)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    expect(requests).toHaveLength(1);
  });

  it('test_get_condensation_with_previous_summary: the old summary is forgotten and re-summarized', () => {
    const [e0, e1, e2, ...rest] = messages(14, 'e');
    const view = viewOf([e0!, e1!, e2!, cond('c1', ['e3', 'e4'], 'Previous summary content', 3), ...rest]);
    expect(view.length).toBe(15);
    const { result, requests } = condense(summarizer({ max_size: 10, keep_first: 3 }), view, null, () => ({
      content: 'Updated summary',
    }));
    expect(draftOf(result).summary).toBe('Updated summary');
    expect(forgottenOf(result)[0]).toBe('c1-summary');
    expect(prompt(requests[0]!)).toContain('Previous summary content');
  });

  it('test_get_condensation_does_not_pass_extra_body / with agent llm: one summarizer call, no tools, no schema', () => {
    for (const agentLlm of [null, fixedCountLlm(0, null)]) {
      const { result, requests } = condense(
        summarizer({ max_size: 10, keep_first: 2 }),
        viewOf(messages(12)),
        agentLlm,
      );
      expect(forgottenOf(result)).toHaveLength(8);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.tools).toBeUndefined();
      expect(requests[0]!.responseSchema).toBeUndefined();
    }
  });

  it('test_condense_with_token_limit_exceeded: 15 × 40 chars, max_tokens 100 → TOKENS only, 11 forgotten', () => {
    const condenser = summarizer({ max_size: 1000, max_tokens: 100, keep_first: 2 });
    const view = viewOf(fortyA(15));
    expect([...condenser.getCondensationReasons(view, charMockLlm())]).toEqual(['tokens']);
    const { result, requests } = condense(condenser, view, charMockLlm());
    expect(forgottenOf(result)).toHaveLength(11);
    expect(requests).toHaveLength(1);
  });

  it.each([
    [500, 100, 200, true],
    [100, 500, 200, true],
    [100, 500, 50, false],
  ])(
    'test_token_limit_uses_stricter_configured_or_agent_limit: max_tokens %d, agent %d, count %d → %s',
    (maxTokens, agentLimit, count, expected) => {
      const condenser = summarizer({ max_size: 1000, keep_first: 2, max_tokens: maxTokens });
      expect(
        condenser.getCondensationReasons(viewOf(messages(10)), fixedCountLlm(count, agentLimit)).has('tokens'),
      ).toBe(expected);
    },
  );

  it('test_token_limit_inherits_agent_effective_input_limit: no max_tokens, agent window 100, count 200', () => {
    const condenser = summarizer({ max_size: 1000, keep_first: 2 });
    expect(condenser.getCondensationReasons(viewOf(messages(10)), fixedCountLlm(200, 100)).has('tokens')).toBe(true);
    expect(condenser.getCondensationReasons(viewOf(messages(10)), null).has('tokens')).toBe(false);
  });

  it('test_token_reduction_uses_agent_effective_input_limit: a constant count makes the tail 0', () => {
    const condenser = summarizer({ max_size: 1000, keep_first: 2, max_tokens: 500 });
    const selection = condenser.getForgottenEvents(viewOf(messages(10)), fixedCountLlm(200, 100));
    expect(selection.events.map((e) => e.id)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });

  it('test_condense_with_request_and_events_reasons: max 20, kf 2, 25 messages + request → 16', () => {
    const condenser = summarizer({ max_size: 20, keep_first: 2 });
    const view = viewOf([...messages(25), request('r')]);
    expect([...condenser.getCondensationReasons(view, null)].sort()).toEqual(['events', 'request']);
    expect(forgottenOf(condense(condenser, view).result)).toHaveLength(16);
  });

  it('test_condense_with_request_and_tokens_reasons: 20 × 40 chars + request → 16', () => {
    const condenser = summarizer({ max_size: 1000, max_tokens: 100, keep_first: 2 });
    const view = viewOf([...fortyA(20), request('r')]);
    expect([...condenser.getCondensationReasons(view, charMockLlm())].sort()).toEqual(['request', 'tokens']);
    expect(forgottenOf(condense(condenser, view, charMockLlm()).result)).toHaveLength(16);
  });

  it('test_condense_with_events_and_tokens_reasons: max 15, max_tokens 100, 20 × 40 chars → 16', () => {
    const condenser = summarizer({ max_size: 15, max_tokens: 100, keep_first: 2 });
    const view = viewOf(fortyA(20));
    expect([...condenser.getCondensationReasons(view, charMockLlm())].sort()).toEqual(['events', 'tokens']);
    expect(forgottenOf(condense(condenser, view, charMockLlm()).result)).toHaveLength(16);
  });

  it('test_condense_with_all_three_reasons → 16, one summarizer call', () => {
    const condenser = summarizer({ max_size: 15, max_tokens: 100, keep_first: 2 });
    const view = viewOf([...fortyA(20), request('r')]);
    expect(condenser.getCondensationReasons(view, charMockLlm()).size).toBe(3);
    const { result, requests } = condense(condenser, view, charMockLlm());
    expect(forgottenOf(result)).toHaveLength(16);
    expect(requests).toHaveLength(1);
  });

  it('test_most_aggressive_condensation_chosen: max 30, kf 2, 40 messages + request → 26', () => {
    expect(
      forgottenOf(
        condense(summarizer({ max_size: 30, keep_first: 2 }), viewOf([...messages(40), request('r')])).result,
      ),
    ).toHaveLength(26);
  });

  it('test_minimum_progress_threshold_met: max 20, kf 2, 30 messages → 21 (the SDK test’s comment says 23)', () => {
    const { result } = condense(
      summarizer({ max_size: 20, keep_first: 2, minimum_progress: 0.1 }),
      viewOf(messages(30)),
    );
    expect(draftOf(result).summary).toBe(SUMMARY);
    expect(forgottenOf(result)).toHaveLength(21);
  });

  it('default preset 80/4 with 81 events forgets [4, 46); 240/2 with 241 forgets [2, 124)', () => {
    expect(
      forgottenOf(condense(summarizer({ max_size: 80, keep_first: 4 }), viewOf(messages(81))).result),
    ).toHaveLength(42);
    expect(forgottenOf(condense(summarizer(), viewOf(messages(241))).result)).toHaveLength(122);
  });
});

describe('LLMSummarizingCondenser: failures and the hard context reset (§6.1)', () => {
  it('test_generate_condensation_raises_on_zero_events: an AssertionError, no LLM call', () => {
    const condenser = summarizer();
    const calls: LlmRequest[] = [];
    expect(() =>
      runSync(condenser.generateCondensation([], 0, null), (r) => (calls.push(r), { content: 'x' })),
    ).toThrow(expect.objectContaining({ pythonError: 'AssertionError: No events to condense.' }));
    expect(calls).toHaveLength(0);
  });

  it('test_condense_with_hard_requirement_and_no_condensation_available: raises', () => {
    const condenser = summarizer();
    vi.spyOn(condenser, 'getCondensationReasons').mockReturnValue(new Set<Reason>(['request']));
    vi.spyOn(condenser, 'getForgottenEvents').mockReturnValue({ events: [], summaryOffset: 0 });
    // eslint-disable-next-line require-yield -- stands in for the SDK test's patched hard reset
    vi.spyOn(condenser, 'hardContextReset').mockImplementation(function* () {
      return null;
    });
    expect(() => condense(condenser, viewOf(messages(5)))).toThrow(sdk.NoCondensationAvailable);
  });

  it('test_condense_with_soft_requirement_and_no_condensation_available: the same view, no LLM call', () => {
    const condenser = summarizer();
    vi.spyOn(condenser, 'getCondensationReasons').mockReturnValue(new Set<Reason>(['events']));
    vi.spyOn(condenser, 'getForgottenEvents').mockReturnValue({ events: [], summaryOffset: 0 });
    const view = viewOf(messages(5));
    const { result, requests } = condense(condenser, view);
    expect(result).toBe(view);
    expect(requests).toHaveLength(0);
  });

  it('test_minimum_progress_threshold_not_met: 2 of 101 events is below 0.8', () => {
    const condenser = summarizer({ max_size: 10, keep_first: 2, minimum_progress: 0.8 });
    const view = viewOf([...messages(100), request('r')]);
    vi.spyOn(condenser, 'getForgottenEvents').mockReturnValue({ events: view.events.slice(2, 4), summaryOffset: 2 });
    expect(() => runSync(condenser.getCondensation(view, null), () => ({ content: 'x' }))).toThrow(/minimum progress/);
  });

  it('test_generate_condensation_wraps_llm_errors: "boom" becomes NoCondensationAvailable', () => {
    const condenser = summarizer({ max_size: 10, keep_first: 2 });
    const boom = () => {
      throw new Error('boom');
    };
    expect(() => runSync(condenser.getCondensation(viewOf(messages(12)), null), boom)).toThrow(
      expect.objectContaining({ name: 'NoCondensationAvailable', message: expect.stringContaining('boom') }),
    );
  });

  it('test_llm_error_triggers_hard_context_reset: a failed call under a request, then everything at offset 0', () => {
    const condenser = summarizer({ max_size: 10, keep_first: 2 });
    let calls = 0;
    const flaky = () => {
      if (calls++ === 0) throw new Error('context window exceeded');
      return { content: SUMMARY };
    };
    const { result } = condense(condenser, viewOf([...messages(12), request('r')]), null, flaky);
    expect(calls).toBe(2);
    expect(draftOf(result)).toMatchObject({ summary: SUMMARY, summaryOffset: 0 });
    expect(forgottenOf(result)).toHaveLength(12);
  });

  it('hard reset retries 5 times, cutting every event text to 80% of the previous limit, then re-raises the original', () => {
    const condenser = summarizer({ max_size: 10, keep_first: 2 });
    const long = messages(4, 'm', (i) => 'x'.repeat(1000 + i));
    const lengths: number[] = [];
    const failing = (request: LlmRequest) => {
      const blocks = [...prompt(request).matchAll(/<EVENT>\n([\s\S]*?)\n<\/EVENT>/g)].map((m) => [...m[1]!].length);
      lengths.push(Math.max(...blocks));
      throw new Error('too long');
    };
    // A request on a 4-event view: the tail is 4//2 - 2 - 1 = -1, so there is no index to end at.
    expect(() => condense(condenser, viewOf([...long, request('r')]), null, failing)).toThrow(
      /Unable to compute forgotten events/,
    );
    const longest = sdk.eventString(long[3]!).length;
    const expected = [longest];
    let limit = longest;
    for (let i = 0; i < 4; i++) expected.push((limit = Math.floor(limit * 0.8)));
    expect(lengths).toEqual(expected);
  });

  it('a hard reset on an empty view fails inside its handler (ValueError), as in the SDK', () => {
    const condenser = summarizer();
    const work = condenser.hardContextReset(viewOf([]));
    expect(() => runSync(work, () => ({ content: 'x' }))).toThrow(
      expect.objectContaining({ pythonError: 'ValueError: max() arg is an empty sequence' }),
    );
  });

  /** A message, then a 12-event extended-thinking tool loop: the only indices are 0, 1 and 13. */
  function loopView(): sdk.SdkView {
    const loop: sdk.SdkEvent[] = [messages(1)[0]!];
    for (let i = 0; i < 6; i++) {
      loop.push({
        kind: 'ActionEvent',
        id: `a${i}`,
        index: -1,
        source: 'agent',
        parentId: null,
        thought: [],
        thinkingBlockCount: i === 0 ? 1 : 0,
        actionKind: 'X',
        toolName: 't',
        toolCallId: `c${i}`,
        toolCall: { id: `c${i}`, name: 't', arguments: '{}' },
        responseId: `r${i}`,
      });
      loop.push({
        kind: 'ObservationEvent',
        id: `o${i}`,
        index: -1,
        source: 'environment',
        parentId: null,
        toolName: 't',
        toolCallId: `c${i}`,
        content: [],
        extendedContent: [],
        actionId: `a${i}`,
      });
    }
    return viewOf(loop);
  }

  it('a tool loop across the tail pulls the end to the end of the view (§3.8)', () => {
    const view = loopView();
    expect(sdk.manipulationIndices(view.events).toArray()).toEqual([0, 1, 13]);
    expect(forgottenOf(condense(summarizer({ max_size: 10, keep_first: 1 }), view).result)).toHaveLength(12);
  });

  it('a tool loop over keep_first leaves nothing to forget: SOFT keeps the view, get_condensation refuses', () => {
    const condenser = summarizer({ max_size: 10, keep_first: 2 });
    const view = loopView();
    const { result, requests } = condense(condenser, view);
    expect(result).toBe(view);
    expect(requests).toHaveLength(0);
    expect(() => runSync(condenser.getCondensation(view, null), () => ({ content: 'x' }))).toThrow(
      /Cannot condense 0 events/,
    );
  });

  it('an answer without text content forgets without a summary', () => {
    const { result } = condense(summarizer({ max_size: 10, keep_first: 2 }), viewOf(messages(12)), null, () => ({
      content: null,
    }));
    expect(draftOf(result).summary).toBeNull();
  });

  it('an inspector without answers is not a model failure: no hard reset, the replay reports it as such', () => {
    const condenser = summarizer({ max_size: 10, keep_first: 2 });
    let calls = 0;
    const unavailable = () => {
      calls++;
      throw new LlmUnavailable('no answer');
    };
    expect(() => runSync(condenser.condense(viewOf([...messages(12), request('r')]), null), unavailable)).toThrow(
      LlmUnavailable,
    );
    expect(calls).toBe(1);
  });
});
