/**
 * Events to the SDK's `Message`s, re-created from the SDK's own tests (software-agent-sdk v1.43.1):
 * tests/sdk/event/test_events_to_messages.py (`TestEventsToMessages`, every case) and
 * tests/sdk/event/test_dynamic_context_message_sequence.py. The SDK's mock observation renders its
 * `result` as one text: an observation of a tool that keeps `Observation.to_llm_content` does the same.
 */
import { describe, expect, it } from 'vitest';
import { OpenHandsFailure, sdk } from '../../../src/engine/index.ts';
import { thrown } from '../../helpers/thrown.ts';
import {
  ImageContent,
  MessageToolCall,
  TextContent,
  ThinkingBlock,
  actionEvent,
  agentErrorEvent,
  fromText,
  messageEvent,
  observationEvent,
  readAll,
  summaryEvent,
  systemPromptEvent,
  texts,
} from './sdkJson.ts';

const toMessages = (...events: sdk.ViewEvent[]) => sdk.llmMessagesOf(events);

/** `create_action_event`: one thought, the tool call carrying the arguments. */
function createActionEvent(
  thought: string,
  toolName: string,
  toolCallId: string,
  responseId: string,
  args: Record<string, unknown>,
) {
  return actionEvent({
    thought: [thought],
    tool_name: toolName,
    tool_call_id: toolCallId,
    llm_response_id: responseId,
    arguments: args,
  });
}

/** `ObservationEvent(observation=EventsToMessagesMockObservation(result=...))`. */
function mockObservation(toolName: string, toolCallId: string, result: string) {
  return observationEvent(toolName, toolCallId, fromText('EventsToMessagesMockObservation', result, { result }));
}

const user = (text: string) => messageEvent('user', { role: 'user', content: [TextContent(text)] });

describe('test_events_to_messages.py: TestEventsToMessages', () => {
  it('test_empty_events_list', () => {
    expect(toMessages()).toEqual([]);
  });

  it('test_single_message_event', () => {
    const messages = toMessages(...readAll(user('Hello, how are you?')));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.role).toBe('user');
    expect(texts(messages[0]!.content)).toEqual(['Hello, how are you?']);
  });

  it('test_consecutive_user_message_events_are_merged', () => {
    const assistant = messageEvent('agent', { role: 'assistant', content: [TextContent("I'll take a look.")] });
    const messages = toMessages(...readAll(user('Implement the feature'), user('Relevant project context'), assistant));
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(texts(messages[0]!.content)).toEqual(['Implement the feature', 'Relevant project context']);
  });

  it('test_user_message_merge_cascades_across_three_events', () => {
    const messages = toMessages(...readAll(user('one'), user('two'), user('three')));
    expect(messages.map((m) => m.role)).toEqual(['user']);
    expect(texts(messages[0]!.content)).toEqual(['one', 'two', 'three']);
  });

  it('test_user_message_merge_preserves_mixed_content_order', () => {
    const image = messageEvent('user', { role: 'user', content: [ImageContent(['http://example.com/a.png'])] });
    const messages = toMessages(...readAll(user('what is in this image?'), image));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.content.map((part) => part.type)).toEqual(['text', 'image']);
  });

  it('test_condensation_summary_merges_with_adjacent_user_message', () => {
    const messages = toMessages(summaryEvent('Earlier we refactored the module.'), ...readAll(user('Now continue.')));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.role).toBe('user');
    expect(texts(messages[0]!.content)).toEqual(['Earlier we refactored the module.', 'Now continue.']);
  });

  it('test_user_messages_with_tool_call_id_not_merged', () => {
    const result = messageEvent('user', {
      role: 'user',
      content: [TextContent('Tool output')],
      tool_call_id: 'call_abc',
    });
    expect(toMessages(...readAll(result, user('Additional context')))).toHaveLength(2);
  });

  it('test_user_messages_with_tool_calls_not_merged', () => {
    const toolMessage = messageEvent('user', {
      role: 'user',
      content: [TextContent('Call this tool')],
      tool_calls: [MessageToolCall('call_1', 'search', '{}')],
    });
    expect(toMessages(...readAll(toolMessage, user('Plain message')))).toHaveLength(2);
  });

  it('test_user_messages_with_name_not_merged', () => {
    const named = messageEvent('user', {
      role: 'user',
      content: [TextContent('Named output')],
      name: 'search_results',
    });
    expect(toMessages(...readAll(named, user('Plain message')))).toHaveLength(2);
  });

  it('test_mixed_role_messages_not_merged', () => {
    const assistant = messageEvent('agent', { role: 'assistant', content: [TextContent('Assistant reply')] });
    const messages = toMessages(...readAll(assistant, user('User message')));
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'user']);
  });

  it('test_single_action_event', () => {
    const messages = toMessages(
      ...readAll(
        createActionEvent('I need to run a command', 'terminal', 'call_123', 'response_1', { command: 'ls -la' }),
      ),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.role).toBe('assistant');
    expect(texts(messages[0]!.content)).toEqual(['I need to run a command']);
    expect(messages[0]!.toolCalls).toHaveLength(1);
    expect(messages[0]!.toolCalls![0]).toMatchObject({ id: 'call_123', name: 'terminal' });
  });

  it('test_parallel_function_calling_same_response_id', () => {
    const first = createActionEvent(
      'I need to get weather for multiple cities',
      'get_current_weather',
      'call_SF',
      'response_parallel',
      { location: 'San Francisco', unit: 'celsius' },
    );
    const more = ['Tokyo', 'Paris'].map((city) =>
      actionEvent({
        tool_name: 'get_current_weather',
        tool_call_id: `call_${city}`,
        llm_response_id: 'response_parallel',
        arguments: { location: city, unit: 'celsius' },
      }),
    );
    const messages = toMessages(...readAll(first, ...more));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.role).toBe('assistant');
    expect(texts(messages[0]!.content)).toEqual(['I need to get weather for multiple cities']);
    expect(messages[0]!.toolCalls!.map((call) => call.id)).toEqual(['call_SF', 'call_Tokyo', 'call_Paris']);
    expect(messages[0]!.toolCalls!.every((call) => call.name === 'get_current_weather')).toBe(true);
  });

  it('test_parallel_batch_preserves_first_event_reasoning', () => {
    const first = actionEvent({
      thought: ['batching two calls'],
      reasoning_content: 'step-by-step reasoning',
      thinking_blocks: [ThinkingBlock('let me think', 'sig-1')],
      tool_name: 'terminal',
      tool_call_id: 'call_1',
      llm_response_id: 'response_reasoning',
      arguments: { command: 'one' },
    });
    const second = actionEvent({
      tool_name: 'terminal',
      tool_call_id: 'call_2',
      llm_response_id: 'response_reasoning',
      arguments: { command: 'two' },
    });
    const messages = toMessages(...readAll(first, second));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.reasoningContent).toBe('step-by-step reasoning');
    expect(messages[0]!.thinkingBlocks).toEqual([{ type: 'thinking', thinking: 'let me think', signature: 'sig-1' }]);
  });

  it('test_parallel_batch_preserves_responses_reasoning_item: the Responses item never reaches a chat message, the batch still folds into one turn', () => {
    // A Responses reasoning item only matters to `to_responses_dict`, which is not ported; what stays
    // observable for chat completions is that the batch is one assistant turn with both calls.
    const first = actionEvent({
      thought: ['batching two calls'],
      tool_name: 'terminal',
      tool_call_id: 'call_1',
      llm_response_id: 'response_reasoning_item',
    });
    const withItem = { ...first, responses_reasoning_item: { id: 'rs_1', summary: ['reasoned about the batch'] } };
    const second = actionEvent({
      tool_name: 'terminal',
      tool_call_id: 'call_2',
      llm_response_id: 'response_reasoning_item',
    });
    const messages = toMessages(...readAll(withItem, second));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.toolCalls!.map((call) => call.id)).toEqual(['call_1', 'call_2']);
  });

  it('test_multiple_separate_action_events', () => {
    const messages = toMessages(
      ...readAll(
        createActionEvent('First command', 'terminal', 'call_1', 'response_1', { command: 'ls' }),
        createActionEvent('Second command', 'terminal', 'call_2', 'response_2', { command: 'pwd' }),
      ),
    );
    expect(messages).toHaveLength(2);
    expect(messages.map((m) => [m.role, texts(m.content)[0], m.toolCalls![0]!.id])).toEqual([
      ['assistant', 'First command', 'call_1'],
      ['assistant', 'Second command', 'call_2'],
    ]);
  });

  it('test_mixed_event_types', () => {
    const messages = toMessages(
      ...readAll(
        systemPromptEvent('You are a helpful assistant.'),
        user("What's the weather like?"),
        createActionEvent("I'll check the weather", 'get_weather', 'call_weather', 'response_weather', {
          location: 'current',
        }),
        mockObservation('get_weather', 'call_weather', 'Sunny, 72°F'),
      ),
    );
    expect(messages).toHaveLength(4);
    expect(messages.map((m) => [m.role, texts(m.content)[0]])).toEqual([
      ['system', 'You are a helpful assistant.'],
      ['user', "What's the weather like?"],
      ['assistant', "I'll check the weather"],
      ['tool', 'Sunny, 72°F'],
    ]);
    expect(messages[2]!.toolCalls![0]!.id).toBe('call_weather');
    expect(messages[3]).toMatchObject({ toolCallId: 'call_weather', name: 'get_weather' });
  });

  it('test_agent_error_event', () => {
    const messages = toMessages(...readAll(agentErrorEvent('terminal', 'call_err', 'Command failed with exit code 1')));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.role).toBe('tool');
    expect(texts(messages[0]!.content)).toEqual(['Command failed with exit code 1']);
  });

  it('test_complex_parallel_and_sequential_mix', () => {
    const messages = toMessages(
      ...readAll(
        user('Get weather for SF and NYC, then list files'),
        createActionEvent(
          "I'll get weather for both cities in parallel",
          'get_weather',
          'call_sf_weather',
          'parallel_weather',
          { location: 'San Francisco' },
        ),
        actionEvent({
          tool_name: 'get_weather',
          tool_call_id: 'call_nyc_weather',
          llm_response_id: 'parallel_weather',
          arguments: { location: 'New York' },
        }),
        mockObservation('get_weather', 'call_sf_weather', 'SF: Sunny, 65°F'),
        mockObservation('get_weather', 'call_nyc_weather', 'NYC: Cloudy, 45°F'),
        createActionEvent("Now I'll list the files", 'terminal', 'call_ls', 'list_files_response', {
          command: 'ls -la',
        }),
      ),
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant']);
    expect(texts(messages[1]!.content)).toEqual(["I'll get weather for both cities in parallel"]);
    expect(messages[1]!.toolCalls).toHaveLength(2);
    expect([messages[2]!.toolCallId, messages[3]!.toolCallId]).toEqual(['call_sf_weather', 'call_nyc_weather']);
    expect(texts(messages[4]!.content)).toEqual(["Now I'll list the files"]);
    expect(messages[4]!.toolCalls!.map((call) => call.id)).toEqual(['call_ls']);
  });

  it('test_assertion_error_for_non_empty_thought_in_parallel_calls', () => {
    const first = createActionEvent('First thought', 'get_weather', 'call_1', 'same_response', { location: 'SF' });
    const second = actionEvent({
      thought: ['This should not be here!'],
      tool_name: 'get_weather',
      tool_call_id: 'call_2',
      llm_response_id: 'same_response',
    });
    const failure = thrown(() => toMessages(...readAll(first, second)), OpenHandsFailure);
    expect(failure.pythonError).toMatch(/^AssertionError: Expected empty thought for multi-action events/);
  });

  it('test_action_event_with_none_action_round_trip_and_observation_match', () => {
    const [action, error] = readAll(
      actionEvent({
        thought: ['thinking...'],
        tool_name: 'missing_tool',
        tool_call_id: 'call_ne',
        llm_response_id: 'resp_events_1',
        arguments: { x: 1 },
        action: null,
      }),
      agentErrorEvent('missing_tool', 'call_ne', 'not found'),
    );
    expect(action).toMatchObject({ kind: 'ActionEvent', actionKind: null });
    const alone = toMessages(action!);
    expect(alone).toHaveLength(1);
    expect(alone[0]!.toolCalls).toEqual([{ id: 'call_ne', name: 'missing_tool', arguments: '{"x":1}' }]);
    const both = toMessages(action!, error!);
    expect(both.map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(both[1]!.toolCallId).toBe('call_ne');
  });
});

describe('test_dynamic_context_message_sequence.py', () => {
  it.each([
    ['Working directory: /workspace\nDate: 2024-01-15', 2],
    [null, 1],
  ] as const)('test_events_to_messages_system_prompt_blocks (dynamic context %j)', (dynamicContext, expectedBlocks) => {
    const messages = toMessages(
      ...readAll(systemPromptEvent('You are a helpful assistant.', dynamicContext), user('Hi')),
    );
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toHaveLength(expectedBlocks);
    expect(texts(messages[0]!.content)).toEqual(
      dynamicContext === null ? ['You are a helpful assistant.'] : ['You are a helpful assistant.', dynamicContext],
    );
    expect(texts(messages[1]!.content)).toEqual(['Hi']);
  });
});

describe('to_llm_message of each event', () => {
  it('MessageEvent: the llm_message with extended_content appended, its reasoning and thinking blocks kept', () => {
    const [event] = readAll(
      messageEvent(
        'agent',
        {
          role: 'assistant',
          content: [TextContent('Result')],
          reasoning_content: 'why',
          thinking_blocks: [ThinkingBlock('Complex reasoning...', 'sig_def')],
        },
        { extended_content: [TextContent('ctx')] },
      ),
    );
    expect(sdk.llmMessageOf(event!)).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Result', cachePrompt: false },
        { type: 'text', text: 'ctx', cachePrompt: false },
      ],
      toolCalls: null,
      toolCallId: null,
      name: null,
      reasoningContent: 'why',
      thinkingBlocks: [{ type: 'thinking', thinking: 'Complex reasoning...', signature: 'sig_def' }],
    });
  });

  it('ActionEvent (test_reasoning_content.py::test_action_event_with_reasoning_content): the reasoning goes into the message', () => {
    const [event] = readAll(
      actionEvent({
        thought: ['I need to test this'],
        tool_name: 'test_tool',
        tool_call_id: 'test-id',
        llm_response_id: 'response-123',
        arguments: { arg: 'value' },
        reasoning_content: 'Let me think about this step by step...',
      }),
    );
    expect(sdk.llmMessageOf(event!).reasoningContent).toBe('Let me think about this step by step...');
  });

  it('ObservationEvent: the observation as its tool renders it, then extended_content; UserRejectObservation and AgentErrorEvent: one text', () => {
    const events = readAll(
      observationEvent(
        'terminal',
        'c1',
        { ...fromText('TerminalObservation', 'out'), metadata: { exit_code: 0, working_dir: '/w' } },
        { extended_content: [TextContent('rule')] },
      ),
      {
        id: 'r',
        timestamp: 't',
        source: 'environment',
        tool_name: 'terminal',
        tool_call_id: 'c2',
        rejection_reason: 'no',
        action_id: 'a',
        kind: 'UserRejectObservation',
      },
    );
    expect(sdk.llmMessagesOf(events).map((m) => [m.role, m.name, m.toolCallId, texts(m.content)])).toEqual([
      ['tool', 'terminal', 'c1', ['out\n[Current working directory: /w]\n[Command finished with exit code 0]', 'rule']],
      ['tool', 'terminal', 'c2', ['Action rejected: no']],
    ]);
  });
});
