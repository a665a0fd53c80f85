/**
 * What the SDK agent's LLM receives for a view under each profile. Re-created from the SDK's own tests
 * (software-agent-sdk v1.43.1) where they apply: tests/sdk/llm/test_prompt_caching_cross_conversation.py
 * (the agent's `init_state` is replaced by the SystemPromptEvent it logs), tests/sdk/llm/test_vision_support.py
 * (a model without vision) and tests/sdk/agent/test_non_multimodal_image_input.py (the agent's answer to
 * an image it cannot see).
 */
import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';
import { thrown } from '../../helpers/thrown.ts';
import {
  ImageContent,
  TextContent,
  ThinkingBlock,
  actionEvent,
  fromText,
  messageEvent,
  observationEvent,
  readAll,
  summaryEvent,
  systemPromptEvent,
  texts,
  userMessage,
} from './sdkJson.ts';

const EPHEMERAL = { type: 'ephemeral' };

/** Every `cache_control` of the serialized messages, as `index` or `index:part`. */
function breakpoints(messages: readonly sdk.SdkChatMessage[]): string[] {
  const found: string[] = [];
  messages.forEach((message, i) => {
    if (message.cache_control) found.push(`${i}`);
    if (Array.isArray(message.content))
      message.content.forEach((part, k) => part.cache_control && found.push(`${i}:${k}`));
  });
  return found;
}

describe('test_prompt_caching_cross_conversation.py', () => {
  it.each([
    ['Dynamic context', true],
    [null, false],
  ] as const)('test_end_to_end_caching_flow (dynamic context %j)', (dynamicContext, expectDynamic) => {
    const events = readAll(systemPromptEvent('You are OpenHands agent', dynamicContext), userMessage('Hello'));
    const messages = sdk.llmMessagesOf(events);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toHaveLength(expectDynamic ? 2 : 1);
    expect(messages[0]!.content[0]!.cachePrompt).toBe(false);
    const cached = sdk.applyPromptCaching(messages);
    expect(cached[0]!.content[0]!.cachePrompt).toBe(true);
    if (expectDynamic) expect(cached[0]!.content[1]!.cachePrompt).toBe(false);
    expect(cached[1]!.content.at(-1)!.cachePrompt).toBe(true);
    // The SDK marks a deep copy: the events' own messages stay unmarked.
    expect(messages[0]!.content[0]!.cachePrompt).toBe(false);
  });

  it.each([
    ['User: alice\nRepo: project-a', 'User: bob\nRepo: project-b'],
    ['Working directory: /a', 'Working directory: /b'],
  ])(
    'test_cross_conversation_cache_sharing (%j / %j): the static block is marked, the dynamic one not',
    (first, second) => {
      const systems = [first, second].map(
        (suffix) =>
          sdk.sdkAgentMessages(readAll(systemPromptEvent('Static prompt', suffix), userMessage('Hi')), 'anthropic')[0]!,
      );
      for (const system of systems)
        expect(system.content).toEqual([
          { type: 'text', text: 'Static prompt', cache_control: EPHEMERAL },
          { type: 'text', text: expect.any(String) },
        ]);
      expect(systems[0]!.content).not.toEqual(systems[1]!.content);
    },
  );

  it('test_gemini_prompt_caching_emits_no_markers: without caching (the openai profile) no marker anywhere', () => {
    const events = readAll(
      systemPromptEvent('Static system prompt', 'Dynamic context'),
      userMessage('First question'),
      messageEvent('agent', { role: 'assistant', content: [TextContent('First answer')] }),
      userMessage('Second question'),
    );
    expect(breakpoints(sdk.sdkAgentMessages(events, 'openai'))).toEqual([]);
    expect(breakpoints(sdk.sdkAgentMessages(events, 'anthropic'))).toEqual(['0:0', '3:0']);
  });
});

describe('test_vision_support.py: a model without vision (both profiles)', () => {
  it('test_disable_vision_overrides_litellm_detection / test_message_with_image_does_not_enable_vision_for_text_only_model: no image_url parts', () => {
    const message = sdk.llmMessagesOf(
      readAll(
        messageEvent('user', {
          role: 'user',
          content: [TextContent('see image'), ImageContent(['https://example.com/image.png'])],
        }),
      ),
    )[0]!;
    for (const profile of ['anthropic', 'openai'] as const) {
      expect(sdk.toChatDict(message, sdk.SDK_CHAT_PROFILES[profile]).content).toEqual([
        { type: 'text', text: 'see image' },
      ]);
    }
  });
});

describe('test_non_multimodal_image_input.py', () => {
  const imageMessage = () =>
    messageEvent('user', {
      role: 'user',
      content: [TextContent('Can you see this screenshot?'), ImageContent(['https://example.com/screenshot.png'])],
    });

  it('test_image_input_to_non_multimodal_model_returns_capability_message: the agent answers without calling its LLM', () => {
    const error = thrown(
      () => sdk.sdkAgentMessages(readAll(systemPromptEvent('sys'), imageMessage()), 'anthropic'),
      sdk.SdkMessagesUnavailable,
    );
    expect(error.message).toMatch(/without calling its LLM/);
  });

  it('test_nonvision_model_can_use_vision_profile_tool: the latest user message names each image for the vision tool', () => {
    const messages = sdk.sdkAgentMessages(readAll(systemPromptEvent('sys'), imageMessage()), 'openai', {
      toolNames: ['terminal', sdk.VISION_INSPECT_TOOL_NAME],
    });
    expect(messages[1]!.content).toEqual([
      { type: 'text', text: 'Can you see this screenshot?' },
      {
        type: 'text',
        text: '[Image 0 is attached to the latest user message. Use the inspect_image_with_vision tool with image_index=0 to inspect it.]',
      },
    ]);
  });

  it('only the latest user message is rewritten; an image in an older one is simply not sent', () => {
    const events = readAll(
      imageMessage(),
      messageEvent('agent', { role: 'assistant', content: [TextContent('ok')] }),
      userMessage('next'),
    );
    expect(sdk.sdkAgentMessages(events, 'openai').map((m) => m.content)).toEqual([
      [{ type: 'text', text: 'Can you see this screenshot?' }],
      [{ type: 'text', text: 'ok' }],
      [{ type: 'text', text: 'next' }],
    ]);
  });
});

describe('sdkAgentMessages: a whole step', () => {
  const conversation = () =>
    readAll(
      systemPromptEvent('You are OpenHands agent'),
      userMessage('Fix the bug'),
      actionEvent({
        thought: ['Let me look.'],
        reasoning_content: 'hidden',
        thinking_blocks: [ThinkingBlock('plan', 'sig')],
        tool_name: 'terminal',
        tool_call_id: 'c1',
        llm_response_id: 'r1',
        arguments: { command: 'ls' },
      }),
      actionEvent({
        tool_name: 'file_editor',
        tool_call_id: 'c2',
        llm_response_id: 'r1',
        arguments: { command: 'view', path: '/w' },
      }),
      observationEvent(
        'terminal',
        'c1',
        fromText('TerminalObservation', 'a.py', { command: 'ls', metadata: { exit_code: 0, working_dir: '/w' } }),
      ),
      observationEvent('file_editor', 'c2', fromText('FileEditorObservation', 'a.py', { command: 'view', path: '/w' })),
    );

  it('anthropic: system prompt and last tool result marked, the batch one assistant turn with its thinking blocks, reasoning not sent', () => {
    const messages = sdk.sdkAgentMessages(conversation(), 'anthropic');
    expect(messages).toEqual([
      { content: [{ type: 'text', text: 'You are OpenHands agent', cache_control: EPHEMERAL }], role: 'system' },
      { content: [{ type: 'text', text: 'Fix the bug' }], role: 'user' },
      {
        content: [{ type: 'text', text: 'Let me look.' }],
        role: 'assistant',
        thinking_blocks: [{ type: 'thinking', thinking: 'plan', signature: 'sig' }],
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'terminal', arguments: '{"command":"ls"}' } },
          {
            id: 'c2',
            type: 'function',
            function: { name: 'file_editor', arguments: '{"command":"view","path":"/w"}' },
          },
        ],
      },
      {
        content: [{ type: 'text', text: 'a.py\n[Current working directory: /w]\n[Command finished with exit code 0]' }],
        role: 'tool',
        tool_call_id: 'c1',
        name: 'terminal',
      },
      {
        content: [{ type: 'text', text: 'a.py' }],
        role: 'tool',
        cache_control: EPHEMERAL,
        tool_call_id: 'c2',
        name: 'file_editor',
      },
    ]);
  });

  it('openai: the same messages without any marker', () => {
    const anthropic = sdk.sdkAgentMessages(conversation(), 'anthropic');
    const openai = sdk.sdkAgentMessages(conversation(), 'openai');
    expect(breakpoints(openai)).toEqual([]);
    const unmarked = JSON.parse(
      JSON.stringify(anthropic, (key, value: unknown) => (key === 'cache_control' ? undefined : value)),
    ) as unknown;
    expect(openai).toEqual(unmarked);
  });

  it('a thought-less tool-call turn has no content key; empty texts elsewhere stay', () => {
    const events = readAll(
      userMessage(''),
      actionEvent({ tool_name: 'terminal', tool_call_id: 'c1', llm_response_id: 'r1' }),
      observationEvent('terminal', 'c1', fromText('FinishObservation', '')),
    );
    const [user, assistant, tool] = sdk.sdkAgentMessages(events, 'anthropic');
    expect(user!.content).toEqual([{ type: 'text', text: '' }]);
    expect('content' in assistant!).toBe(false);
    expect(tool).toEqual({
      content: [{ type: 'text', text: '' }],
      role: 'tool',
      cache_control: EPHEMERAL,
      tool_call_id: 'c1',
      name: 'terminal',
    });
  });

  it('a summary merges with the user message after it, and the merged message takes the marker on its last block', () => {
    const events = [
      ...readAll(systemPromptEvent('sys')),
      summaryEvent('Earlier: refactored.'),
      ...readAll(userMessage('Continue.')),
    ];
    expect(sdk.sdkAgentMessages(events, 'anthropic')[1]).toEqual({
      content: [
        { type: 'text', text: 'Earlier: refactored.' },
        { type: 'text', text: 'Continue.', cache_control: EPHEMERAL },
      ],
      role: 'user',
    });
  });

  it('a browser result whose last block is a screenshot: the marker sits on the message, the image is not sent', () => {
    const events = readAll(
      actionEvent({ tool_name: 'browser_get_state', tool_call_id: 'b1', llm_response_id: 'r1' }),
      observationEvent(
        'browser_get_state',
        'b1',
        fromText('BrowserObservation', 'page', { screenshot_data: 'iVBORw0KGgo' }),
      ),
    );
    expect(sdk.sdkAgentMessages(events, 'anthropic')[1]).toEqual({
      content: [{ type: 'text', text: 'page' }],
      role: 'tool',
      cache_control: EPHEMERAL,
      tool_call_id: 'b1',
      name: 'browser_get_state',
    });
  });

  it('a tool call without its result is sent as it is (the SDK checks nothing here)', () => {
    const messages = sdk.sdkAgentMessages(
      readAll(
        userMessage('go'),
        actionEvent({ thought: ['x'], tool_name: 't', tool_call_id: 'c1', llm_response_id: 'r1' }),
      ),
      'anthropic',
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(breakpoints(messages)).toEqual(['0:0']);
  });

  it('an empty last user message under caching is the SDK’s IndexError, reported in one line', () => {
    const events = readAll(messageEvent('user', { role: 'user', content: [] }));
    expect(() => sdk.sdkAgentMessages(events, 'anthropic')).toThrow(
      /^the last user message has no content to mark for prompt caching \(IndexError/,
    );
    expect(sdk.sdkAgentMessages(events, 'openai')).toEqual([{ content: [], role: 'user' }]);
  });

  it('a batch whose later action has a thought is the SDK’s assertion, reported in one line', () => {
    const events = readAll(
      actionEvent({ thought: ['a'], tool_name: 't', tool_call_id: 'c1', llm_response_id: 'r1' }),
      actionEvent({ thought: ['b'], tool_name: 't', tool_call_id: 'c2', llm_response_id: 'r1' }),
    );
    expect(() => sdk.sdkAgentMessages(events, 'openai')).toThrow(sdk.SdkMessagesUnavailable);
    expect(texts(sdk.llmMessageOf(events[1]!).content)).toEqual(['b']);
  });
});

describe('sdkRecordedTools: the request’s tools as the log recorded them', () => {
  const functionTool = (name: string) => ({
    type: 'function',
    function: { name, description: `${name} tool`, parameters: { type: 'object', properties: {} } },
  });
  const definition = (title: string, kind: string) => ({
    description: 'd',
    action_type: 'A',
    observation_type: 'O',
    annotations: { title },
    kind,
    title,
  });

  it('2025 logs recorded the function tools they sent: returned as they are, with their names', () => {
    const events = readAll(systemPromptEvent('sys', null, [functionTool('execute_bash'), functionTool('finish')]));
    expect(sdk.sdkRecordedTools(events)).toEqual([functionTool('execute_bash'), functionTool('finish')]);
    expect(sdk.sdkRecordedToolNames(events)).toEqual(['execute_bash', 'finish']);
  });

  it('2026 logs record ToolDefinitions without parameter schemas: no tools, but their names', () => {
    const events = readAll(
      systemPromptEvent('sys', null, [
        definition('terminal', 'TerminalTool'),
        definition(sdk.VISION_INSPECT_TOOL_NAME, 'VisionInspectTool'),
      ]),
    );
    expect(sdk.sdkRecordedTools(events)).toBeNull();
    expect(sdk.sdkRecordedToolNames(events)).toEqual(['terminal', 'inspect_image_with_vision']);
  });

  it('no system prompt: nothing recorded; an empty tool list: a request without tools', () => {
    expect(sdk.sdkRecordedTools(readAll(userMessage('hi')))).toBeNull();
    expect(sdk.sdkRecordedTools(readAll(systemPromptEvent('sys', null, [])))).toEqual([]);
  });
});
