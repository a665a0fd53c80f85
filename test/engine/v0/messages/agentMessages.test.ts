import { describe, expect, it } from 'vitest';
import { type ChatMessage, contentParts } from '../../../../src/engine/index.ts';
import { type AgentTemplates, AgentMessagesError, buildAgentRequest } from '../../../../src/engine/v0/index.ts';
import { compileAgentTemplates } from '../../../../src/templates/index.ts';
import { thrown } from '../../../helpers/thrown.ts';
import { events, response, system, toolMeta, userMessage, wholeView } from './v0Log.ts';

const templates: AgentTemplates = compileAgentTemplates({
  system_prompt: 'fallback system prompt',
  additional_info:
    '{% if repository_info %}repo={{ repository_info.repo_name }}{% endif %} date={{ runtime_info.date }}',
  microagent_info: '{% for a in triggered_agents %}[{{ a.name }}: {{ a.content }}]{% endfor %}',
});

function request(
  raw: Array<Record<string, unknown>>,
  profile: 'anthropic' | 'openai' = 'openai',
  maxMessageChars?: number,
) {
  const { view, initial } = wholeView(events(raw));
  return buildAgentRequest(view, initial, { profile, templates, maxMessageChars });
}

const texts = (message: ChatMessage) =>
  contentParts(message).map((part) => (part.type === 'text' ? part.text : `<image>`));

describe('V0 agent messages (ConversationMemory.process_events)', () => {
  it('holds a multi-call response back until every call has its result, then emits the results in call order', () => {
    const both = response('Two commands.', [
      { id: 'a', name: 'execute_bash' },
      { id: 'b', name: 'execute_bash' },
    ]);
    const result = request([
      system(),
      userMessage('list files'),
      {
        source: 'agent',
        action: 'run',
        args: { command: 'ls' },
        tool_call_metadata: toolMeta('a', 'execute_bash', both),
      },
      {
        source: 'agent',
        action: 'run',
        args: { command: 'pwd' },
        tool_call_metadata: toolMeta('b', 'execute_bash', both),
      },
      {
        source: 'agent',
        observation: 'run',
        content: '/w',
        extras: { command: 'pwd', metadata: { exit_code: 0 } },
        tool_call_metadata: toolMeta('b', 'execute_bash', { id: both.id }),
      },
      {
        source: 'agent',
        observation: 'run',
        content: 'x.py',
        extras: { command: 'ls', metadata: { exit_code: 0, working_dir: '/w' } },
        tool_call_metadata: toolMeta('a', 'execute_bash', { id: both.id }),
      },
    ]);
    expect(result.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    expect(result.messages[2]!.tool_calls!.map((call) => call.id)).toEqual(['a', 'b']);
    expect(result.messages.slice(3).map((m) => m.tool_call_id)).toEqual(['a', 'b']);
    expect(texts(result.messages[3]!)).toEqual([
      'x.py\n[Current working directory: /w]\n[Command finished with exit code 0]',
    ]);
    // The assistant message stands for both actions of the response.
    expect(result.eventIds.slice(2)).toEqual([[2, 3], [5], [4]]);
  });

  it('drops a tool call whose result the condenser forgot, and the result of a call it forgot', () => {
    const answered = response(null, [
      { id: 'a', name: 'execute_bash' },
      { id: 'b', name: 'execute_bash' },
    ]);
    const raw = events([
      system(),
      userMessage('go'),
      {
        source: 'agent',
        action: 'run',
        args: { command: 'ls' },
        tool_call_metadata: toolMeta('a', 'execute_bash', answered),
      },
      {
        source: 'agent',
        action: 'run',
        args: { command: 'pwd' },
        tool_call_metadata: toolMeta('b', 'execute_bash', answered),
      },
      {
        source: 'agent',
        observation: 'run',
        content: 'one',
        extras: { command: 'ls' },
        tool_call_metadata: toolMeta('a', 'execute_bash', { id: answered.id }),
      },
      {
        source: 'agent',
        observation: 'run',
        content: 'two',
        extras: { command: 'pwd' },
        tool_call_metadata: toolMeta('b', 'execute_bash', { id: answered.id }),
      },
    ]);
    const { initial } = wholeView(raw);
    // Forgetting call b's action keeps its result but leaves the response without a pending message for b.
    const withoutB = buildAgentRequest([raw[0]!, raw[1]!, raw[2]!, raw[4]!, raw[5]!], initial, {
      profile: 'openai',
      templates,
    });
    expect(withoutB.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    // Forgetting result b: the assistant message never completes, so neither it nor result a is sent.
    const withoutResultB = buildAgentRequest([raw[0]!, raw[1]!, raw[2]!, raw[3]!, raw[4]!], initial, {
      profile: 'openai',
      templates,
    });
    expect(withoutResultB.messages.map((m) => m.role)).toEqual(['system', 'user']);
    // An assistant message with empty content has an empty content list.
    expect(withoutB.messages[2]!.content).toEqual([]);
  });

  it('starts a user message that follows a user message with a blank line', () => {
    const result = request([system(), userMessage('first'), userMessage('second')]);
    expect(result.messages.map(texts)).toEqual([['You are a careful agent.'], ['first'], ['\n\nsecond']]);
  });

  it('cuts long observation text in the middle at max_message_chars, counting code points', () => {
    const call = response(null, [{ id: 'c', name: 'execute_bash' }]);
    const long = `${'😀'.repeat(10)}${'x'.repeat(10)}`;
    const result = request(
      [
        system(),
        userMessage('go'),
        {
          source: 'agent',
          action: 'run',
          args: { command: 'cat' },
          tool_call_metadata: toolMeta('c', 'execute_bash', call),
        },
        {
          source: 'agent',
          observation: 'error',
          content: long,
          extras: {},
          tool_call_metadata: toolMeta('c', 'execute_bash', { id: call.id }),
        },
      ],
      'openai',
      8,
    );
    expect(texts(result.messages[3]!)).toEqual([
      '😀😀😀😀\n[... Observation truncated due to length ...]\nxxxx\n[Error occurred in processing last action]',
    ]);
  });

  it('marks the system message and the last user or tool message for the anthropic profile only', () => {
    const call = response('Looking.', [{ id: 'c', name: 'str_replace_editor' }]);
    const raw = [
      system(),
      userMessage('read it'),
      {
        source: 'agent',
        action: 'read',
        args: { path: '/a' },
        tool_call_metadata: toolMeta('c', 'str_replace_editor', call),
      },
      {
        source: 'agent',
        observation: 'read',
        content: 'text',
        extras: { path: '/a' },
        tool_call_metadata: toolMeta('c', 'str_replace_editor', { id: call.id }),
      },
    ];
    const anthropic = request(raw, 'anthropic').messages;
    expect(anthropic[0]!.content).toEqual([
      { type: 'text', text: 'You are a careful agent.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(anthropic[1]!.content).toEqual([{ type: 'text', text: 'read it' }]);
    // A tool message carries its marker on the message itself, not on the part.
    expect(anthropic[3]).toEqual({
      role: 'tool',
      content: [{ type: 'text', text: 'text' }],
      cache_control: { type: 'ephemeral' },
      tool_call_id: 'c',
      name: 'str_replace_editor',
    });
    expect(JSON.stringify(request(raw, 'openai').messages)).not.toContain('cache_control');
  });

  it('loses the cache marker when it lands on an image that vision-off serialization drops', () => {
    const call = response(null, [{ id: 'p', name: 'execute_ipython_cell' }]);
    const result = request(
      [
        system(),
        userMessage('plot'),
        {
          source: 'agent',
          action: 'run_ipython',
          args: { code: 'plot()' },
          tool_call_metadata: toolMeta('p', 'execute_ipython_cell', call),
        },
        {
          source: 'agent',
          observation: 'run_ipython',
          content: 'done\n![image](data:image/png;base64,AAAA)',
          extras: { code: 'plot()', image_urls: ['data:image/png;base64,AAAA', ' '] },
          tool_call_metadata: toolMeta('p', 'execute_ipython_cell', { id: call.id }),
        },
      ],
      'anthropic',
    );
    expect(result.messages[3]).toEqual({
      role: 'tool',
      content: [{ type: 'text', text: 'done\n![image](data:image/png;base64, ...) already displayed to user' }],
      cache_control: { type: 'ephemeral' },
      tool_call_id: 'p',
      name: 'execute_ipython_cell',
    });
    // The user message before it is the last user message only when no tool message follows.
    expect(result.messages[1]!.content).toEqual([{ type: 'text', text: 'plot' }]);
  });

  it('renders workspace context and triggered knowledge through the templates, each microagent once', () => {
    const result = request([
      system(),
      userMessage('hi'),
      { source: 'user', action: 'recall', args: { recall_type: 'workspace_context', query: 'hi' } },
      {
        source: 'environment',
        observation: 'recall',
        content: '',
        extras: {
          recall_type: 'workspace_context',
          repo_name: 'o/r',
          date: '2025-01-02',
          microagent_knowledge: [{ name: 'git', trigger: 'git', content: 'use git' }],
        },
      },
      {
        source: 'environment',
        observation: 'recall',
        content: '',
        extras: {
          recall_type: 'knowledge',
          microagent_knowledge: [
            { name: 'git', trigger: 'git', content: 'use git' },
            { name: 'npm', trigger: 'npm', content: 'use npm' },
          ],
        },
      },
    ]);
    expect(result.messages.map(texts)).toEqual([
      ['You are a careful agent.'],
      ['hi'],
      ['\n\nrepo=o/r date=2025-01-02', '[git: use git]'],
      ['\n\n[npm: use npm]'],
    ]);
  });

  it('uses the system prompt template when the view has no system message, and the initial user message from the history', () => {
    const raw = events([userMessage('task'), { source: 'agent', action: 'message', args: { content: 'ok' } }]);
    const result = buildAgentRequest([raw[1]!], raw[0] as never, { profile: 'openai', templates });
    expect(result.messages.map(texts)).toEqual([['fallback system prompt'], ['task'], ['ok']]);
    expect(result.messages[2]!.role).toBe('assistant');
  });

  it('joins a finish action’s thought with the response text and never shows its tool call', () => {
    const finish = response('All done.', [{ id: 'f', name: 'finish' }]);
    const result = request([
      system(),
      userMessage('go'),
      {
        source: 'agent',
        action: 'finish',
        args: { thought: 'Finished' },
        tool_call_metadata: toolMeta('f', 'finish', finish),
      },
    ]);
    expect(result.messages[2]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Finished\nAll done.' }] });
  });
});

describe('V0 agent messages on input OpenHands cannot turn into messages', () => {
  const expectOneLine = (run: () => unknown, pattern: RegExp) => {
    const error = thrown(run, AgentMessagesError);
    expect(error.message).toMatch(pattern);
    expect(error.message).not.toContain('\n');
  };

  it('names an agent action that recorded no tool call', () => {
    expectOneLine(
      () => request([system(), userMessage('go'), { source: 'agent', action: 'run', args: { command: 'ls' } }]),
      /event 2 \(run action by agent\) records no tool call/,
    );
  });

  it('names a tool call whose LLM response was not recorded', () => {
    expectOneLine(
      () =>
        request([
          system(),
          userMessage('go'),
          {
            source: 'agent',
            action: 'run',
            args: { command: 'ls' },
            tool_call_metadata: toolMeta('x', 'execute_bash', { id: 'r1' }),
          },
        ]),
      /event 2 .* tool call x has no recorded LLM response/,
    );
  });

  it('names an observation type OpenHands does not know, and one its agent has no message for', () => {
    expectOneLine(
      () =>
        request([system(), userMessage('go'), { source: 'agent', observation: 'teleport', content: '', extras: {} }]),
      /event 2 is a "teleport" observation/,
    );
    const error = thrown(
      () =>
        request([system(), userMessage('go'), { source: 'agent', observation: 'success', content: '', extras: {} }]),
      AgentMessagesError,
    );
    expect(error.pythonError).toBe('ValueError: Unknown observation type: SuccessObservation');
  });

  it('says when the history holds no user message yet', () => {
    expectOneLine(
      () => request([system(), { source: 'agent', action: 'message', args: { content: 'hello?' } }]),
      /no user message/,
    );
  });
});
