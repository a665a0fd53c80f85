import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';
import { charMockLlm, fixedCountLlm, msg, systemPrompt } from './factory.ts';

const texts = (...values: string[]) => values.map((text, i) => msg(`t${i}`, text));
const repeat = (count: number, length: number) => texts(...Array.from({ length: count }, () => 'A'.repeat(length)));

describe('total_tokens (§6.4 TestGetTotalTokenCount)', () => {
  it('test_empty_events / single / multiple', () => {
    expect(sdk.totalTokens([], charMockLlm())).toBe(0);
    expect(sdk.totalTokens(texts('Hello world'), charMockLlm())).toBe(2);
    expect(sdk.totalTokens(texts('Hello', 'World', 'Test message'), charMockLlm())).toBe(5);
  });

  it('test_events_converted_to_messages: the counter gets messages (adjacent user messages merged)', () => {
    const calls: sdk.TokenCountRequest[] = [];
    sdk.totalTokens(texts('Hello', 'World'), charMockLlm(null, calls));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hello' },
          { type: 'text', text: 'World' },
        ],
        toolCalls: null,
        toolCallId: null,
        name: null,
      },
    ]);
  });

  it('test_system_prompt_tools_are_counted: the first system prompt’s tools, with security-risk prediction', () => {
    const tools = [{ description: 'finish', kind: 'FinishTool', title: 'finish' }];
    const calls: sdk.TokenCountRequest[] = [];
    const llm: sdk.AgentLlm = { maxInputTokens: null, countTokens: (request) => (calls.push(request), 7) };
    expect(sdk.totalTokens([systemPrompt('s', tools), msg('m')], llm)).toBe(7);
    expect(calls[0]).toMatchObject({ tools, addSecurityRiskPrediction: true });
  });

  it('test_system_prompt_empty_tools_are_not_counted: no tools, no prediction flag', () => {
    const calls: sdk.TokenCountRequest[] = [];
    const llm: sdk.AgentLlm = { maxInputTokens: null, countTokens: (request) => (calls.push(request), 3) };
    expect(sdk.totalTokens([systemPrompt('s', []), msg('m')], llm)).toBe(3);
    expect(calls[0]).toMatchObject({ tools: null, addSecurityRiskPrediction: false });
  });
});

describe('shortest_prefix_above (§6.4 TestGetShortestPrefixAboveTokenCount)', () => {
  const llm = charMockLlm();

  it('test_empty_events', () => {
    expect(sdk.shortestPrefixAbove([], llm, 10)).toBe(0);
  });

  it('test_no_prefix_exceeds_token_count: the whole list', () => {
    expect(sdk.shortestPrefixAbove(texts('Hi', 'Bye'), llm, 100)).toBe(2);
  });

  it('test_single_event_exceeds', () => {
    expect(sdk.shortestPrefixAbove(texts('A'.repeat(100), 'B'.repeat(100)), llm, 20)).toBe(1);
  });

  it('test_multiple_events_needed', () => {
    expect(sdk.shortestPrefixAbove(repeat(4, 20), llm, 10)).toBe(3);
  });

  it('test_exact_boundary: strictly greater is required', () => {
    expect(sdk.shortestPrefixAbove(repeat(2, 40), llm, 10)).toBe(2);
  });

  it('test_all_events_needed', () => {
    expect(sdk.shortestPrefixAbove(repeat(3, 16), llm, 10)).toBe(3);
  });
});

describe('suffix_len_for_reduction (§6.4 TestGetSuffixLengthForTokenReduction)', () => {
  const llm = charMockLlm();

  it('test_empty_events / zero / negative reduction', () => {
    expect(sdk.suffixLenForReduction([], llm, 10)).toBe(0);
    expect(sdk.suffixLenForReduction(texts('a', 'b'), llm, 0)).toBe(2);
    expect(sdk.suffixLenForReduction(texts('a', 'b'), llm, -10)).toBe(2);
  });

  it('test_small_reduction / test_large_reduction / test_exact_reduction / test_impossible_reduction', () => {
    expect(sdk.suffixLenForReduction(repeat(4, 40), llm, 15)).toBe(2);
    expect(sdk.suffixLenForReduction(repeat(4, 20), llm, 18)).toBe(0);
    expect(sdk.suffixLenForReduction(repeat(3, 40), llm, 10)).toBe(1);
    expect(sdk.suffixLenForReduction(texts('Hi', 'Bye'), llm, 100)).toBe(0);
  });

  it('test_consistency_with_prefix_function', () => {
    const events = repeat(4, 40);
    expect(sdk.suffixLenForReduction(events, llm, 25) + sdk.shortestPrefixAbove(events, llm, 25)).toBe(4);
  });

  it('test_base_events_are_included_for_prefix_token_counting: the first count is of the base', () => {
    const calls: sdk.TokenCountRequest[] = [];
    const base = [msg('b0', 'system-like prefix'), msg('b1', 'kept user request')];
    expect(sdk.suffixLenForReduction(repeat(3, 40), charMockLlm(null, calls), 10, base)).toBe(1);
    const firstTexts = calls[0]!.messages.flatMap((m) =>
      m.content.map((part) => (part.type === 'text' ? part.text : '')),
    );
    expect(firstTexts).toEqual(['system-like prefix', 'kept user request']);
  });

  it('a constant counter: events add nothing beyond the base, so the whole list must go; without a base, one event is enough', () => {
    expect(sdk.suffixLenForReduction(repeat(8, 4), fixedCountLlm(200), 150, texts('base'))).toBe(0);
    expect(sdk.suffixLenForReduction(repeat(8, 4), fixedCountLlm(200), 150)).toBe(7);
  });
});

describe('tokenTexts: what a real tokenizer counts', () => {
  it('every text part and tool call, and the tool list once', () => {
    const action: sdk.ActionEvent = {
      kind: 'ActionEvent',
      id: 'a',
      index: 0,
      source: 'agent',
      parentId: null,
      thought: ['thinking'],
      thinkingBlockCount: 0,
      actionKind: 'TerminalAction',
      toolName: 'terminal',
      toolCallId: 'c',
      toolCall: { id: 'c', name: 'terminal', arguments: '{"command":"ls"}' },
      responseId: 'r',
    };
    const request: sdk.TokenCountRequest = {
      messages: sdk.eventsToMessages([msg('m', 'hi'), action]),
      tools: [{ name: 't' }],
      addSecurityRiskPrediction: true,
    };
    expect(sdk.tokenTexts(request)).toEqual(['hi', 'thinking', 'terminal', '{"command":"ls"}', '[{"name":"t"}]']);
  });
});
