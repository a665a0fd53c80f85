/**
 * `Message.to_chat_dict`, re-created from the SDK's own tests (software-agent-sdk v1.43.1):
 * tests/sdk/llm/test_message.py, tests/sdk/llm/test_message_serialization.py (the LLM API half) and
 * tests/sdk/llm/test_thinking_blocks.py (the serializer half). `_list_serializer` is private in the
 * SDK; its cases go through `to_chat_dict` with a flag that selects it.
 */
import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';
import { TextContent, ThinkingBlock, messageEvent, read } from './sdkJson.ts';

type Message = sdk.SdkMessage;

const DEFAULT_SERIALIZATION_OPTS: sdk.ChatSerialization = {
  cacheEnabled: false,
  visionEnabled: false,
  functionCallingEnabled: false,
  forceStringSerializer: false,
  sendReasoningContent: false,
};
const withOpts = (opts: Partial<sdk.ChatSerialization>): sdk.ChatSerialization => ({
  ...DEFAULT_SERIALIZATION_OPTS,
  ...opts,
});
const LIST = withOpts({ functionCallingEnabled: true });

const text = (value: string, cachePrompt = false): sdk.ContentPart => ({ type: 'text', text: value, cachePrompt });
const image = (urls: string[], cachePrompt = false): sdk.ContentPart => ({ type: 'image', urls, cachePrompt });

/** `Message(...)` with the model's defaults. */
function message(fields: Partial<Message> & Pick<Message, 'role'>): Message {
  return {
    content: [],
    toolCalls: null,
    toolCallId: null,
    name: null,
    reasoningContent: null,
    thinkingBlocks: [],
    ...fields,
  };
}

const toolCall = { id: 'call_123', name: 'test_function', arguments: '{"arg": "value"}' };
const LIMIT = sdk.DEFAULT_TEXT_CONTENT_LIMIT;

describe('test_message.py', () => {
  it('test_text_content_with_cache_prompt', () => {
    const result = sdk.toChatDict(message({ role: 'user', content: [text('Hello world', true)] }), LIST);
    expect(result.content).toEqual([{ type: 'text', text: 'Hello world', cache_control: { type: 'ephemeral' } }]);
  });

  it('test_image_content_with_cache_prompt: one part per URL, only the last marked', () => {
    const result = sdk.toChatDict(
      message({
        role: 'user',
        content: [image(['data:image/png;base64,abc123', 'data:image/jpeg;base64,def456'], true)],
      }),
      withOpts({ visionEnabled: true }),
    );
    expect(result.content).toEqual([
      { type: 'image_url', image_url: { url: 'data:image/png;base64,abc123' } },
      { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,def456' }, cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('test_message_tool_role_with_cache_prompt: the marker moves from the part to the message', () => {
    const result = sdk.toChatDict(
      message({ role: 'tool', content: [text('Tool response', true)], toolCallId: 'call_123', name: 'test_tool' }),
      withOpts({ cacheEnabled: true }),
    );
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Tool response' }],
      role: 'tool',
      cache_control: { type: 'ephemeral' },
      tool_call_id: 'call_123',
      name: 'test_tool',
    });
  });

  it('test_message_tool_role_with_image_cache_prompt', () => {
    const result = sdk.toChatDict(
      message({
        role: 'tool',
        content: [image(['data:image/png;base64,abc123'], true)],
        toolCallId: 'call_123',
        name: 'test_tool',
      }),
      withOpts({ visionEnabled: true, cacheEnabled: true }),
    );
    expect(result.role).toBe('tool');
    expect(result.tool_call_id).toBe('call_123');
    expect(result.cache_control).toEqual({ type: 'ephemeral' });
    expect(result.content).toEqual([{ type: 'image_url', image_url: { url: 'data:image/png;base64,abc123' } }]);
  });

  it('test_message_with_tool_calls', () => {
    const result = sdk.toChatDict(
      message({ role: 'assistant', content: [text("I'll call a function")], toolCalls: [toolCall] }),
      DEFAULT_SERIALIZATION_OPTS,
    );
    expect(result.role).toBe('assistant');
    expect(result.tool_calls).toEqual([
      { id: 'call_123', type: 'function', function: { name: 'test_function', arguments: '{"arg": "value"}' } },
    ]);
  });

  it('test_message_tool_calls_drop_empty_string_content', () => {
    const result = sdk.toChatDict(
      message({
        role: 'assistant',
        content: [],
        toolCalls: [{ id: 'call_empty', name: 'test_function', arguments: '{}' }],
      }),
      DEFAULT_SERIALIZATION_OPTS,
    );
    expect('content' in result).toBe(false);
  });

  it('test_message_tool_calls_strip_blank_list_content', () => {
    const result = sdk.toChatDict(
      message({
        role: 'assistant',
        content: [text('')],
        toolCalls: [{ id: 'call_blank_list', name: 'test_function', arguments: '{}' }],
      }),
      LIST,
    );
    expect('content' in result).toBe(false);
  });

  it('test_empty_assistant_message_uses_string_content_in_list_serializer', () => {
    expect(sdk.toChatDict(message({ role: 'assistant' }), LIST)).toEqual({ content: '', role: 'assistant' });
  });

  it('test_text_content_truncation_under_limit', () => {
    expect(sdk.toChatDict(message({ role: 'user', content: [text('Short text')] }), LIST).content).toEqual([
      { type: 'text', text: 'Short text' },
    ]);
  });

  it('test_text_content_no_truncation_over_limit: only tool messages are clipped', () => {
    const longText = 'A'.repeat(LIMIT + 1000);
    expect(sdk.toChatDict(message({ role: 'user', content: [text(longText)] }), LIST).content).toEqual([
      { type: 'text', text: longText },
    ]);
  });

  it('test_tool_message_truncates_text_over_limit', () => {
    const result = sdk.toChatDict(
      message({ role: 'tool', content: [text('A'.repeat(LIMIT + 1000))] }),
      withOpts({ cacheEnabled: true }),
    );
    const part = (result.content as readonly { type: string; text: string }[])[0]!;
    expect(part.type).toBe('text');
    expect(part.text).toHaveLength(LIMIT);
    expect(part.text).toContain('<response clipped>');
  });

  it('test_user_message_does_not_truncate_text_over_limit', () => {
    const longText = 'A'.repeat(LIMIT + 1000);
    expect(
      sdk.toChatDict(message({ role: 'user', content: [text(longText)] }), withOpts({ forceStringSerializer: true }))
        .content,
    ).toBe(longText);
  });

  it('test_tool_message_truncates_text_over_limit_with_string_serializer', () => {
    const longText = 'A'.repeat(LIMIT + 1000);
    const content = sdk.toChatDict(
      message({ role: 'tool', content: [text(longText)] }),
      withOpts({ forceStringSerializer: true }),
    ).content as string;
    expect(content).not.toBe(longText);
    expect(content).toHaveLength(LIMIT);
    expect(content).toContain('<response clipped>');
  });

  it('test_text_content_truncation_exact_limit', () => {
    const exact = 'A'.repeat(LIMIT);
    expect(sdk.toChatDict(message({ role: 'tool', content: [text(exact)] }), LIST).content).toEqual([
      { type: 'text', text: exact },
    ]);
  });

  const reasoning = (reasoningContent: string | null) =>
    message({ role: 'assistant', content: [text('Final answer')], reasoningContent });

  it('test_message_with_reasoning_content_when_enabled', () => {
    expect(sdk.toChatDict(reasoning('Let me think step by step...'), withOpts({ sendReasoningContent: true }))).toEqual(
      {
        content: 'Final answer',
        role: 'assistant',
        reasoning_content: 'Let me think step by step...',
      },
    );
  });

  it('test_message_with_reasoning_content_when_disabled / _default_disabled', () => {
    expect(sdk.toChatDict(reasoning('Let me think step by step...'), DEFAULT_SERIALIZATION_OPTS)).toEqual({
      content: 'Final answer',
      role: 'assistant',
    });
  });

  it('test_message_with_reasoning_content_none', () => {
    expect('reasoning_content' in sdk.toChatDict(reasoning(null), withOpts({ sendReasoningContent: true }))).toBe(
      false,
    );
  });

  it('test_message_with_reasoning_content_empty_string', () => {
    expect('reasoning_content' in sdk.toChatDict(reasoning(''), withOpts({ sendReasoningContent: true }))).toBe(false);
  });

  it('test_message_with_reasoning_content_list_serializer', () => {
    const result = sdk.toChatDict(
      message({ role: 'assistant', content: [text('Final answer')], reasoningContent: 'Step by step reasoning' }),
      withOpts({ functionCallingEnabled: true, sendReasoningContent: true }),
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Final answer' }]);
    expect(result.reasoning_content).toBe('Step by step reasoning');
  });

  it('test_message_deprecated_fields_are_ignored: a logged message with the old serializer flags reads as the message alone', () => {
    const flags = {
      cache_enabled: true,
      vision_enabled: true,
      function_calling_enabled: true,
      force_string_serializer: true,
      send_reasoning_content: true,
    };
    const event = read(messageEvent('user', { role: 'user', content: 'test', ...flags }));
    expect(sdk.llmMessageOf(event)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'test' }] });
  });

  it('test_text_content_both_old_and_new_format_in_sequence: enable_truncation is ignored, cache_prompt is read', () => {
    const contents = [
      { type: 'text', text: 'Old event 1', enable_truncation: true },
      { type: 'text', text: 'New event 1' },
      { type: 'text', text: 'Old event 2', enable_truncation: false, cache_prompt: true },
      { type: 'text', text: 'New event 2', cache_prompt: true },
    ];
    const event = read(messageEvent('user', { role: 'user', content: contents }));
    expect(sdk.llmMessageOf(event).content).toEqual([
      { type: 'text', text: 'Old event 1', cachePrompt: false },
      { type: 'text', text: 'New event 1', cachePrompt: false },
      { type: 'text', text: 'Old event 2', cachePrompt: true },
      { type: 'text', text: 'New event 2', cachePrompt: true },
    ]);
  });
});

describe('test_message_serialization.py: TestLLMAPISerialization', () => {
  const hello = message({ role: 'user', content: [text('Hello, world!')] });
  const withImage = (first: string) =>
    message({ role: 'user', content: [text(first), image(['https://example.com/image.jpg'])] });

  it('test_basic_text_message_llm_string_serialization', () => {
    expect(sdk.toChatDict(hello, DEFAULT_SERIALIZATION_OPTS)).toEqual({ content: 'Hello, world!', role: 'user' });
  });

  it('test_cache_enabled_triggers_list_serialization', () => {
    expect(sdk.toChatDict(hello, withOpts({ cacheEnabled: true })).content).toEqual([
      { type: 'text', text: 'Hello, world!' },
    ]);
  });

  it('test_vision_enabled_triggers_list_serialization', () => {
    expect(sdk.toChatDict(withImage("What's in this image?"), withOpts({ visionEnabled: true })).content).toEqual([
      { type: 'text', text: "What's in this image?" },
      { type: 'image_url', image_url: { url: 'https://example.com/image.jpg' } },
    ]);
  });

  it('test_function_calling_enabled_triggers_list_serialization', () => {
    expect(
      Array.isArray(sdk.toChatDict(message({ role: 'user', content: [text('Call a function')] }), LIST).content),
    ).toBe(true);
  });

  it('test_force_string_serializer_override', () => {
    expect(sdk.toChatDict(hello, withOpts({ cacheEnabled: true, forceStringSerializer: true })).content).toBe(
      'Hello, world!',
    );
  });

  it('test_tool_response_message_llm_serialization', () => {
    const tool = message({
      role: 'tool',
      content: [text('Weather in NYC: 72°F, sunny')],
      toolCallId: 'call_123',
      name: 'get_weather',
    });
    expect(sdk.toChatDict(tool, DEFAULT_SERIALIZATION_OPTS)).toEqual({
      content: 'Weather in NYC: 72°F, sunny',
      role: 'tool',
      tool_call_id: 'call_123',
      name: 'get_weather',
    });
  });

  it('test_empty_content_llm_serialization', () => {
    expect(sdk.toChatDict(message({ role: 'user' }), DEFAULT_SERIALIZATION_OPTS).content).toBe('');
  });

  it('test_multiple_text_content_string_serialization', () => {
    const lines = message({ role: 'user', content: [text('First line'), text('Second line'), text('Third line')] });
    expect(sdk.toChatDict(lines, DEFAULT_SERIALIZATION_OPTS).content).toBe('First line\nSecond line\nThird line');
  });

  it('test_content_type_preservation_in_list_serializer', () => {
    const content = sdk.toChatDict(withImage('Describe this image'), withOpts({ visionEnabled: true }))
      .content as readonly { type: string }[];
    expect(content.map((part) => part.type)).toEqual(['text', 'image_url']);
  });

  it('TestSerializationPathSelection::test_serialization_path_selection_logic', () => {
    const test = message({ role: 'user', content: [text('test')] });
    const shape = (opts: Partial<sdk.ChatSerialization>) => typeof sdk.toChatDict(test, withOpts(opts)).content;
    expect(shape({})).toBe('string');
    expect(shape({ cacheEnabled: true })).toBe('object');
    expect(shape({ visionEnabled: true })).toBe('object');
    expect(shape({ functionCallingEnabled: true })).toBe('object');
    expect(
      shape({ cacheEnabled: true, visionEnabled: true, functionCallingEnabled: true, forceStringSerializer: true }),
    ).toBe('string');
  });

  it('TestDualSerializationConsistency::test_storage_always_list_llm_adapts (the LLM half): content is always there', () => {
    const configs: Partial<sdk.ChatSerialization>[] = [
      {},
      { cacheEnabled: true },
      { visionEnabled: true },
      { cacheEnabled: true, forceStringSerializer: true },
    ];
    configs.forEach((opts, i) =>
      expect(
        'content' in sdk.toChatDict(message({ role: 'user', content: [text(`test${i + 1}`)] }), withOpts(opts)),
      ).toBe(true),
    );
  });
});

describe('test_thinking_blocks.py (serialization)', () => {
  const thinking = (value: string, signature: string | null): sdk.ThinkingBlock => ({
    type: 'thinking',
    thinking: value,
    signature,
  });
  const redacted = (data: string): sdk.ThinkingBlock => ({ type: 'redacted_thinking', data });
  const assistant = (answer: string, thinkingBlocks: sdk.ThinkingBlock[], role: Message['role'] = 'assistant') =>
    message({ role, content: [text(answer)], thinkingBlocks });

  it('test_thinking_block_without_signature: the serialized block keeps "signature": null', () => {
    expect(
      sdk.toChatDict(assistant('x', [thinking('Let me think about this step by step...', null)]), LIST).thinking_blocks,
    ).toEqual([{ type: 'thinking', thinking: 'Let me think about this step by step...', signature: null }]);
  });

  it('test_message_list_serializer_with_thinking_blocks / test_thinking_blocks_in_message_dict: a field beside the content', () => {
    const dict = sdk.toChatDict(assistant('The answer is 42.', [thinking('Let me think...', 'sig_abc')]), LIST);
    expect(dict).toEqual({
      content: [{ type: 'text', text: 'The answer is 42.' }],
      role: 'assistant',
      thinking_blocks: [{ type: 'thinking', thinking: 'Let me think...', signature: 'sig_abc' }],
    });
  });

  it('test_multiple_thinking_blocks', () => {
    const dict = sdk.toChatDict(
      assistant('Conclusion', [thinking('First reasoning step', 'sig1'), thinking('Second reasoning step', 'sig2')]),
      LIST,
    );
    expect(dict.thinking_blocks!.map((block) => block.type)).toEqual(['thinking', 'thinking']);
    expect(dict.content).toEqual([{ type: 'text', text: 'Conclusion' }]);
  });

  it('test_llm_preserves_existing_thinking_blocks (an Anthropic model: the anthropic profile)', () => {
    const dict = sdk.toChatDict(
      assistant('Response with existing thinking', [thinking('I already have a thinking block', 'existing_sig')]),
      sdk.SDK_CHAT_PROFILES.anthropic,
    );
    expect(dict.thinking_blocks).toEqual([
      { type: 'thinking', thinking: 'I already have a thinking block', signature: 'existing_sig' },
    ]);
  });

  it('test_thinking_blocks_in_message_dict_via_to_chat_dict', () => {
    const dict = sdk.toChatDict(assistant('Final result.', [thinking('Step-by-step reasoning...', 'sig_chat')]), LIST);
    expect(dict.thinking_blocks).toEqual([
      { type: 'thinking', thinking: 'Step-by-step reasoning...', signature: 'sig_chat' },
    ]);
  });

  it('test_no_thinking_blocks_field_when_empty', () => {
    const dict = sdk.toChatDict(assistant('Simple response.', []), LIST);
    expect('thinking_blocks' in dict).toBe(false);
    expect('content' in dict).toBe(true);
  });

  it('test_thinking_blocks_only_for_assistant_role', () => {
    const block = thinking('This should not appear...', 'sig_user');
    expect('thinking_blocks' in sdk.toChatDict(assistant('User input.', [block], 'user'), LIST)).toBe(false);
    expect(sdk.toChatDict(assistant('Assistant response.', [block]), LIST).thinking_blocks).toHaveLength(1);
  });

  it('test_redacted_thinking_block_in_message_dict', () => {
    expect(
      sdk.toChatDict(assistant('Response after redaction.', [redacted('[REDACTED]')]), LIST).thinking_blocks,
    ).toEqual([{ type: 'redacted_thinking', data: '[REDACTED]' }]);
  });

  it('test_mixed_thinking_and_redacted_blocks', () => {
    const dict = sdk.toChatDict(
      assistant('Mixed blocks response.', [thinking('Active reasoning...', 'sig_active'), redacted('[REDACTED]')]),
      LIST,
    );
    expect(dict.thinking_blocks!.map((block) => block.type)).toEqual(['thinking', 'redacted_thinking']);
  });

  it('test_message_event_thinking_blocks_property: a logged MessageEvent keeps its blocks', () => {
    const event = read(
      messageEvent('agent', {
        role: 'assistant',
        content: [TextContent('Result')],
        thinking_blocks: [ThinkingBlock('Complex reasoning...', 'sig_def')],
      }),
    );
    expect(sdk.llmMessageOf(event).thinkingBlocks).toEqual([
      { type: 'thinking', thinking: 'Complex reasoning...', signature: 'sig_def' },
    ]);
  });
});

describe('to_chat_dict details the SDK tests leave implicit', () => {
  it('a tool call turn drops whitespace-only texts as Python strips them (\\x1c-\\x1f count, a zero-width no-break space does not)', () => {
    const calls = [{ id: 'c', name: 'f', arguments: '{}' }];
    const dict = sdk.toChatDict(
      message({ role: 'assistant', content: [text(' \n\x1f'), text('\ufeff'), text('keep')], toolCalls: calls }),
      LIST,
    );
    expect(dict.content).toEqual([
      { type: 'text', text: '\ufeff' },
      { type: 'text', text: 'keep' },
    ]);
  });

  it('an empty tool_calls list is no tool-call turn: empty content becomes ""', () => {
    expect(sdk.toChatDict(message({ role: 'assistant', toolCalls: [] }), LIST)).toEqual({
      content: '',
      role: 'assistant',
    });
  });

  it('a tool message without a name answering a call is an SDK assertion, reported in one line', () => {
    const event = read(messageEvent('user', { role: 'tool', content: [TextContent('x')], tool_call_id: 'c9' }));
    expect(() => sdk.toChatDict(sdk.llmMessageOf(event), LIST)).toThrow(
      /no tool name \(AssertionError: name is required/,
    );
  });
});
