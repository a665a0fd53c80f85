import { describe, expect, it } from 'vitest';
import { type LlmAnswer, type LlmWork, runSync, scriptedLlm, sdk } from '../../../src/engine/index.ts';
import { action, charMockLlm, cond, msg, obs, request, stateUpdate, summarizer, systemPrompt } from './factory.ts';
import { sdkTraceOf } from '../../helpers/trace.ts';
import { sdkTraceEncoder } from '../../../src/inspect/sdk/sdkFlavor.ts';
import { TraceWriter } from '../../../src/inspect/trace/traceWriter.ts';

/** A system prompt, the user's task, then `pairs` agent actions (one response each) with their observations. */
function conversation(pairs: number): sdk.SdkEvent[] {
  const events: sdk.SdkEvent[] = [systemPrompt('sys'), msg('task', 'Fix the bug')];
  for (let i = 0; i < pairs; i++)
    events.push(action(`a${i}`, { response: `r${i}`, call: `c${i}` }), obs(`o${i}`, `c${i}`));
  return events;
}

const indexed = (events: sdk.SdkEvent[]) => events.map((event, index) => ({ ...event, index }));
const prepared = (events: sdk.SdkEvent[], leafId?: string) => sdk.prepareSdkLog(indexed(events), { leafId });
const summaries = (count: number): LlmAnswer[] =>
  Array.from({ length: count }, (_, i) => ({ content: `summary ${i + 1}` }));

function run(events: sdk.SdkEvent[], input: Partial<sdk.SdkReplayInput> = {}, answers: LlmAnswer[] = summaries(20)) {
  const result = runSync(sdk.replaySdk({ log: prepared(events), mode: 'resimulate', ...input }), scriptedLlm(answers));
  return { result, trace: sdkTraceOf(result) };
}

describe('SDK replay: steps', () => {
  it('one step before each agent action or message that starts a new LLM response', () => {
    const events: sdk.SdkEvent[] = [
      systemPrompt('sys'),
      msg('task'),
      stateUpdate('state'),
      action('a1', { response: 'r1', call: 'c1' }),
      action('a2', { response: 'r1', call: 'c2', thought: [] }),
      obs('o1', 'c1'),
      obs('o2', 'c2'),
      msg('reply', 'done', 'agent'),
      msg('more', 'and now?'),
      action('a3', { response: 'r2', call: 'c3' }),
      obs('o3', 'c3'),
    ];
    const { trace } = run(events, { mode: 'recorded' });
    expect(trace.steps.map((step) => step.before_event_id)).toEqual(['a1', 'reply', 'a3']);
    expect(trace.steps[1]!.view).toEqual(['sys', 'task', 'a1', 'a2', 'o1', 'o2'].map((id) => ({ id })));
  });
});

describe('SDK replay: re-simulate (SDK 1.43.1)', () => {
  it('condenses when the view outgrows max_size, with the summary in place at keep_first', () => {
    const { result, trace } = run(conversation(8), { condenser: summarizer({ max_size: 10, keep_first: 2 }) });
    // Before a5 the view holds sys, task and five pairs: 12 > 10. Tail 2, so [2, 10) goes.
    const made = trace.steps.flatMap((step) => step.condensations.map((c) => [step.before_event_id, c]));
    expect(made).toEqual([
      [
        'a5',
        {
          id: 'replay-condensation-1',
          forgotten_event_ids: ['a0', 'o0', 'a1', 'o1', 'a2', 'o2', 'a3', 'o3'],
          summary: 'summary 1',
          summary_offset: 2,
        },
      ],
    ]);
    expect(trace.steps[5]!.view).toEqual([
      { id: 'sys' },
      { id: 'task' },
      { summary: 'summary 1' },
      { id: 'a4' },
      { id: 'o4' },
    ]);
    expect(result.condensations[0]).toMatchObject({ stepIndex: 5, llmCall: 0 });
    expect(result.llmCalls).toBe(1);
  });

  it('drops the log’s own condensations, keeps its requests, and a request makes the next step condense', () => {
    const events = conversation(4);
    events.splice(6, 0, cond('recorded', ['a0', 'o0'], 'old', 2));
    events.splice(8, 0, request('asked'));
    const { trace } = run(events, { condenser: summarizer({ max_size: 100, keep_first: 2 }) });
    expect(trace.steps[1]!.view).toContainEqual({ id: 'a0' });
    // After the request the view holds sys, task, a0..o2 (8); the tail is 8//2 - 2 - 1 = 1, so the
    // naive end 7 falls between a2 and o2 and moves right to 8.
    const step = trace.steps.find((s) => s.condensations.length > 0)!;
    expect(step.before_event_id).toBe('a3');
    expect(step.condensations[0]!.forgotten_event_ids).toEqual(['a0', 'o0', 'a1', 'o1', 'a2', 'o2']);
    expect(step.unhandled_condensation_request).toBe(false);
  });

  it('condenses on token pressure when the agent LLM counts tokens, and reports each view’s tokens', () => {
    const events: sdk.SdkEvent[] = [systemPrompt('sys'), msg('task', 'x'.repeat(40))];
    for (let i = 0; i < 6; i++)
      events.push(
        action(`a${i}`, { response: `r${i}`, call: `c${i}`, thought: ['y'.repeat(40)] }),
        obs(`o${i}`, `c${i}`, 'z'.repeat(40)),
      );
    const condenser = summarizer({ max_size: 1000, max_tokens: 100, keep_first: 2 });
    const { result } = run(events, { condenser, agentLlm: charMockLlm(), countViewTokens: true });
    expect(result.condensations).toHaveLength(1);
    expect(result.steps.every((step) => step.viewTokens > 0 && step.viewTokens <= 100)).toBe(true);
    const withoutCounter = run(events, { condenser });
    expect(withoutCounter.result.condensations).toHaveLength(0);
  });

  it('records where the SDK would fail: a HARD need with nothing to condense and a failed hard reset', () => {
    const events = [...conversation(1), request('asked'), action('a9', { response: 'r9', call: 'c9' })];
    const failing = (): LlmAnswer => {
      throw new Error('model down');
    };
    const result = runSync(
      sdk.replaySdk({
        log: prepared(events),
        mode: 'resimulate',
        condenser: summarizer({ max_size: 10, keep_first: 2 }),
      }),
      failing,
    );
    const last = result.steps.at(-1)!;
    expect(last.beforeEventId).toBe('a9');
    expect(last.failure).toMatchObject({
      kind: 'openhands',
      pythonError: 'NoCondensationAvailableException: Unable to compute forgotten events',
    });
    expect(sdkTraceOf(result).steps.at(-1)!.error).toMatch(/^The SDK agent would fail here/);
  });

  it('under the 2025-09 rules a failed summarizer call is not caught: the step fails, said plainly', () => {
    const condenser = sdk.buildSdkCondenser(
      sdk.parseSdkCondenserConfig({ kind: 'LLMSummarizingCondenser', max_size: 10, keep_first: 2 }, '2025-09'),
      '2025-09',
    );
    const failing = (): LlmAnswer => {
      throw new Error('rate limited');
    };
    const result = runSync(
      sdk.replaySdk({ log: prepared(conversation(8)), mode: 'resimulate', condenser, rules: '2025-09' }),
      failing,
    );
    expect(result.steps.at(-1)!.failure).toMatchObject({
      kind: 'llm',
      message: expect.stringContaining('(rate limited)'),
    });
  });

  it('stops with a clear message when the script runs out of answers', () => {
    const { trace } = run(conversation(8), { condenser: summarizer({ max_size: 10, keep_first: 2 }) }, []);
    expect(trace.steps.at(-1)).toMatchObject({
      before_event_id: 'a5',
      error: expect.stringContaining('no answer for call 1'),
    });
  });

  it('records the SDK’s KeyError when an orphan observation is in the view that must be cut', () => {
    const events = [systemPrompt('sys'), msg('task'), obs('orphan', 'never-called'), ...conversation(6).slice(2)];
    const { trace } = run(events, { condenser: summarizer({ max_size: 10, keep_first: 2 }) });
    expect(trace.steps.at(-1)!.error).toContain("KeyError: 'never-called'");
  });

  it('gives up after 10 condensations in a row at one step', () => {
    const greedy: sdk.SdkCondenser = {
      // eslint-disable-next-line require-yield -- never asks an LLM
      *condense(): LlmWork<sdk.SdkCondenseResult> {
        return { forgottenEventIds: [], summary: null, summaryOffset: null, llmResponseId: null };
      },
      handlesCondensationRequests: () => false,
    };
    const { result } = run(conversation(1), { condenser: greedy });
    expect(result.steps[0]!.condensations).toHaveLength(10);
    expect(result.steps[0]!.failure).toMatchObject({ kind: 'loop' });
  });

  it('never gives a condensation an id the log already uses', () => {
    const events = [...conversation(8)];
    events.splice(1, 0, { ...msg('replay-condensation-1', 'hi') });
    const { result } = run(events, { condenser: summarizer({ max_size: 10, keep_first: 2 }) });
    expect(result.condensations[0]!.id).toBe('replay-condensation-2');
  });
});

describe('SDK replay: the SDK’s integration scenarios (§6.17), with scripted answers', () => {
  it('c02: a request on a short view is a hard reset; a later one condenses normally and keeps that summary', () => {
    const events: sdk.SdkEvent[] = [
      systemPrompt('sys'),
      msg('task', 'echo hi'),
      action('a0', { response: 'r0', call: 'c0' }),
      obs('o0', 'c0'),
      msg('done', 'hi', 'agent'),
      request('req1'),
    ];
    events.push(msg('task2', 'now compute with bc'));
    for (let i = 1; i <= 14; i++)
      events.push(action(`a${i}`, { response: `r${i}`, call: `c${i}` }), obs(`o${i}`, `c${i}`));
    events.push(msg('done2', 'computed', 'agent'), request('req2'), action('a99', { response: 'r99', call: 'c99' }));
    const { result } = run(events, { condenser: summarizer({ max_size: 100, keep_first: 4 }) });
    // The first request comes with 6 events (task2 included): the tail is negative, so everything is
    // summarized at offset 0. At the second, the view is [S1, a1, o1, ...]: keep_first 4 would split
    // a2 from o2, so the start moves to 5, and the naive end 20 (a10 | o10) moves to 21.
    expect(result.condensations.map((c) => [c.summaryOffset, c.forgottenEventIds.length])).toEqual([
      [0, 6],
      [5, 16],
    ]);
    expect(result.condensations[1]!.forgottenEventIds).not.toContain('replay-condensation-1-summary');
    expect(sdkTraceOf(result).steps.at(-1)!.view![0]).toEqual({ summary: 'summary 1' });
  });

  it('c03: a SOFT need with no valid range waits without failing, and condensing happens later', () => {
    // A thinking tool loop (a0..o4) covers keep_first 3, so the first cut could only start after it.
    const events: sdk.SdkEvent[] = [systemPrompt('sys'), msg('task', 'echo 10 times')];
    for (let i = 0; i < 5; i++)
      events.push(action(`a${i}`, { response: `r${i}`, call: `c${i}`, thinking: i === 0 }), obs(`o${i}`, `c${i}`));
    events.push(msg('more', 'five more'));
    for (let i = 5; i < 8; i++)
      events.push(action(`a${i}`, { response: `r${i}`, call: `c${i}` }), obs(`o${i}`, `c${i}`));
    const { trace } = run(events, { condenser: summarizer({ max_size: 10, keep_first: 3 }) });
    expect(trace.steps.every((step) => step.error === undefined)).toBe(true);
    // Before a5 the view has 13 events, but the range [12, 12) is empty: the need waits.
    expect(trace.steps[5]).toMatchObject({ before_event_id: 'a5', condensations: [] });
    expect(trace.steps[5]!.view).toHaveLength(13);
    // Before a6 the naive end 14 (a5 | o5) moves to 15: the message after the loop and its first pair go.
    expect(trace.steps[6]!.condensations).toEqual([
      {
        id: 'replay-condensation-1',
        forgotten_event_ids: ['more', 'a5', 'o5'],
        summary: 'summary 1',
        summary_offset: 12,
      },
    ]);
  });
});

describe('SDK replay: as recorded', () => {
  it('applies the log’s condensations as the agent saw them, every summary kept until forgotten', () => {
    const events = conversation(5);
    events.splice(8, 0, cond('c1', ['a0', 'o0'], 'first', 2));
    events.splice(11, 0, cond('c2', ['a1', 'o1'], 'second', 3));
    const { trace } = run(events, { mode: 'recorded' });
    expect(trace.steps.every((step) => step.condensations.length === 0)).toBe(true);
    expect(trace.steps.at(-1)!.view).toEqual([
      { id: 'sys' },
      { id: 'task' },
      { summary: 'first' },
      { summary: 'second' },
      { id: 'a2' },
      { id: 'o2' },
      { id: 'a3' },
      { id: 'o3' },
    ]);
  });

  it('shows an unanswered request', () => {
    const events = [...conversation(1), request('r'), action('a9', { response: 'r9', call: 'c9' })];
    expect(run(events, { mode: 'recorded' }).trace.steps.at(-1)!.unhandled_condensation_request).toBe(true);
  });
});

describe('SDK replay: the active branch of a conversation tree (SDK v1.31+)', () => {
  it('follows parent_id from the leaf and leaves other branches out', () => {
    const withParents = (events: sdk.SdkEvent[], parents: (string | null)[]) =>
      events.map((event, i) => ({ ...event, parentId: parents[i] ?? null }));
    const events = withParents(
      [
        systemPrompt('sys'),
        msg('task'),
        action('old', { response: 'r0', call: 'c0' }),
        obs('oldo', 'c0'),
        action('new', { response: 'r1', call: 'c1' }),
        obs('newo', 'c1'),
        action('next', { response: 'r2', call: 'c2' }),
      ],
      [null, 'sys', 'task', 'old', 'task', 'new', 'newo'],
    );
    const log = prepared(events);
    expect(log.offBranch).toBe(2);
    const result = runSync(sdk.replaySdk({ log, mode: 'recorded' }), scriptedLlm([]));
    expect(sdkTraceOf(result).steps.map((s) => s.before_event_id)).toEqual(['new', 'next']);
    expect(sdkTraceOf(result).steps[1]!.view).toEqual(['sys', 'task', 'new', 'newo'].map((id) => ({ id })));
  });

  it('takes base_state.json’s leaf_event_id as the HEAD when given', () => {
    const events = [systemPrompt('sys'), { ...msg('a'), parentId: 'sys' }, { ...msg('b'), parentId: 'sys' }];
    expect(Array.from(prepared(events, 'a').inHistory.recorded)).toEqual([1, 1, 0]);
    expect(Array.from(prepared(events).inHistory.recorded)).toEqual([1, 0, 1]);
  });
});

describe('SDK replay: the 2025-09 rules', () => {
  it('the legacy view forgets globally, shows only the latest summary, and filters unmatched tool calls', () => {
    const tracker = new sdk.LegacyViewTracker();
    const events = [
      ...conversation(3),
      cond('c1', ['a0', 'o0', 'a1', 'later'], 'first', 2),
      cond('c2', [], 'second', 3),
      msg('later'),
    ];
    events.forEach((event) => tracker.append(event));
    // The summary goes in at 3 of [sys, task, o1, a2, o2]; then o1, whose action is gone, is filtered
    // out. `later` was forgotten before it arrived, and only the latest summary shows.
    expect(tracker.view().events.map((e) => (e.kind === 'CondensationSummaryEvent' ? `S:${e.summary}` : e.id))).toEqual(
      ['sys', 'task', 'S:second', 'a2', 'o2'],
    );
    expect(tracker.view().length).toBe(5);
  });

  it('forgets exactly the named ids, not the rest of the batch (batch atomicity came with SDK #775, 2025-10-20)', () => {
    const tracker = new sdk.LegacyViewTracker();
    [
      msg('m'),
      action('x1', { response: 'r', call: 'c1' }),
      action('x2', { response: 'r', call: 'c2', thought: [] }),
      obs('y1', 'c1'),
      obs('y2', 'c2'),
      cond('c', ['x1']),
    ].forEach((e) => tracker.append(e));
    // x1 goes; y1 loses its action and is filtered out; x2 and y2 stay.
    expect(tracker.view().events.map((e) => e.id)).toEqual(['m', 'x2', 'y2']);
    expect(sdk.sdkRuleApplies('2025-09', 'batchAtomicity')).toBe(false);
    expect(sdk.sdkRuleApplies('1.43.1', 'batchAtomicity')).toBe(true);
  });

  it('replays with blind slices: the observation of the last forgotten action stays (and is filtered)', () => {
    const condenser = sdk.buildSdkCondenser(
      sdk.parseSdkCondenserConfig({ kind: 'LLMSummarizingCondenser', max_size: 12, keep_first: 2 }, '2025-09'),
      '2025-09',
    );
    const { trace } = run(conversation(9), { condenser, rules: '2025-09' });
    const step = trace.steps.find((s) => s.condensations.length > 0)!;
    // 14 events before a6; the tail is 12//2 - 2 - 1 = 3, so view[2:-3] = [2, 11) ends after a4.
    expect(step.before_event_id).toBe('a6');
    expect(step.condensations[0]!.forgotten_event_ids).toEqual(['a0', 'o0', 'a1', 'o1', 'a2', 'o2', 'a3', 'o3', 'a4']);
    expect(step.view).toEqual([{ id: 'sys' }, { id: 'task' }, { summary: 'summary 1' }, { id: 'a5' }, { id: 'o5' }]);
  });
});

describe('SDK trace writer', () => {
  it('streams, while replaying, the trace of the finished replay', () => {
    const writer = new TraceWriter(sdkTraceEncoder(), { viewTokens: true });
    const parts: string[] = [writer.start];
    const input: sdk.SdkReplayInput = {
      log: prepared(conversation(8)),
      mode: 'resimulate',
      condenser: summarizer({ max_size: 10, keep_first: 2 }),
      agentLlm: charMockLlm(),
      countViewTokens: true,
    };
    const result = runSync(
      sdk.replaySdk({ ...input, onStep: (step, view) => parts.push(writer.step(step, view)) }),
      scriptedLlm(summaries(5)),
    );
    parts.push(writer.end);
    expect(JSON.parse(parts.join(''))).toEqual(sdkTraceOf(result, { viewTokens: true }));
  });
});
