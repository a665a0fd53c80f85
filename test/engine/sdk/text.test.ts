import { describe, expect, it } from 'vitest';
import { OpenHandsFailure, promptText, sdk } from '../../../src/engine/index.ts';
import { action, agentError, msg, obs, reject, systemPrompt } from './factory.ts';

describe('str(event): what the summarizer sees (§1.5)', () => {
  it('a message: role and text, skills and thinking blocks noted', () => {
    expect(sdk.eventString(msg('m', 'Create hello.py'))).toBe('MessageEvent (user)\n  user: Create hello.py');
    const skilled: sdk.MessageEvent = {
      ...msg('m', 'hi', 'agent'),
      activatedSkills: ['git', 'docker'],
      thinkingBlockCount: 2,
    };
    expect(sdk.eventString(skilled)).toBe(
      'MessageEvent (agent)\n  assistant: hi [Skills: git, docker] [Thinking blocks: 2]',
    );
    expect(sdk.eventString({ ...msg('m'), content: [] })).toBe('MessageEvent (user)\n  user: [no text content]');
    expect(sdk.eventString({ ...msg('m'), content: [{ type: 'image', urls: ['a.png', 'b.png'] }] })).toBe(
      'MessageEvent (user)\n  user: [Image: 2 URLs]',
    );
  });

  it('previews are cut to 497 code points plus "..."; thoughts and results to 500 plus "..."', () => {
    const long = 'é'.repeat(600);
    expect(sdk.eventString(msg('m', long))).toBe(`MessageEvent (user)\n  user: ${'é'.repeat(497)}...`);
    const thinking = action('a', {
      response: 'r',
      call: 'c',
      thought: ['x'.repeat(501)],
      actionKind: 'TerminalAction',
    });
    expect(sdk.eventString(thinking)).toBe(
      `ActionEvent (agent)\n  Thought: ${'x'.repeat(500)}...\n  Action: TerminalAction`,
    );
    expect(sdk.eventString(obs('o', 'c', 'y'.repeat(501)))).toBe(
      `ObservationEvent (environment)\n  Tool: test_tool\n  Result: ${'y'.repeat(500)}...`,
    );
  });

  it('counts code points, not UTF-16 units (an emoji is one character)', () => {
    expect(sdk.eventString(msg('m', '😀'.repeat(500)))).toBe(`MessageEvent (user)\n  user: ${'😀'.repeat(500)}`);
    expect(sdk.codePointLength('😀a')).toBe(2);
  });

  it('an action shows its class, never its arguments; a non-executable one shows the call', () => {
    const run = action('a', {
      response: 'r',
      call: 'toolu_1',
      thought: ['Let me', 'look'],
      actionKind: 'TerminalAction',
    });
    expect(sdk.eventString(run)).toBe('ActionEvent (agent)\n  Thought: Let me look\n  Action: TerminalAction');
    const unknown = action('a', { response: 'r', call: 'toolu_2', thought: [], actionKind: null, toolName: 'foo' });
    expect(sdk.eventString(unknown)).toBe(
      'ActionEvent (agent)\n  Thought: \n  Action: (not executed)\n  Call: foo:toolu_2',
    );
  });

  it('errors, rejections, system prompts and summaries', () => {
    expect(sdk.eventString(agentError('e', 'c', "Tool 'foo' not found"))).toBe(
      "AgentErrorEvent (agent)\n  Error: Tool 'foo' not found",
    );
    expect(sdk.eventString(reject('r', 'c'))).toBe(
      'UserRejectObservation (environment)\n  Tool: test_tool\n  Reason: User rejected the action',
    );
    expect(sdk.eventString(systemPrompt('s', [{}, {}]))).toBe(
      'SystemPromptEvent (agent)\n  System: You are OpenHands agent\n  Tools: 2 available',
    );
    expect(sdk.eventString({ ...systemPrompt('s'), dynamicContext: 'abc' })).toContain('\n  Dynamic Context: 3 chars');
    const summary: sdk.CondensationSummaryEvent = {
      kind: 'CondensationSummaryEvent',
      id: 'c-summary',
      index: -1,
      source: 'environment',
      parentId: null,
      summary: 'USER_CONTEXT: x',
    };
    expect(sdk.eventString(summary)).toBe('CondensationSummaryEvent (environment)\n  user: USER_CONTEXT: x');
  });
});

describe('str(event): parts kept as the SDK keeps them, and each rule set’s own texts (issue 9)', () => {
  const skilled: sdk.MessageEvent = {
    ...msg('m', 'hi', 'agent'),
    role: 'assistant',
    activatedSkills: ['git'],
    thinkingBlockCount: 1,
  };

  it('empty text parts stay: one empty part is an empty preview, not "[no text content]"', () => {
    expect(sdk.eventString({ ...msg('m'), content: [{ type: 'text', text: '' }] })).toBe(
      'MessageEvent (user)\n  user: ',
    );
    expect(
      sdk.eventString({
        ...msg('m'),
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: '' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toBe('MessageEvent (user)\n  user: a  b');
  });

  it('skills and thinking blocks are written only after a preview, never after "[no text content]"', () => {
    expect(sdk.eventString({ ...skilled, content: [] })).toBe('MessageEvent (agent)\n  assistant: [no text content]');
    expect(sdk.eventString({ ...skilled, content: [{ type: 'text', text: '' }] })).toBe(
      'MessageEvent (agent)\n  assistant:  [Skills: git] [Thinking blocks: 1]',
    );
  });

  it('the 2025-09 rules call them microagents (SDK #820, 2025-10-21) and count no thinking blocks (#576, 2025-10-01)', () => {
    expect(sdk.eventString(skilled, '2025-09')).toBe('MessageEvent (agent)\n  assistant: hi [Microagents: git]');
    expect(sdk.eventString(skilled, '1.43.1')).toBe(
      'MessageEvent (agent)\n  assistant: hi [Skills: git] [Thinking blocks: 1]',
    );
  });

  it('the 2025-09 rules show no dynamic context (#1890, 2026-02-10)', () => {
    const prompt = { ...systemPrompt('s'), dynamicContext: 'abc' };
    expect(sdk.eventString(prompt, '2025-09')).toBe(
      'SystemPromptEvent (agent)\n  System: You are OpenHands agent\n  Tools: 0 available',
    );
  });

  it('an observation’s images show as "[Image: N URLs]" in its result, as content_to_str writes them', () => {
    const withImage: sdk.ObservationEvent = {
      ...obs('o', 'c'),
      content: [
        { type: 'text', text: 'see ' },
        { type: 'image', urls: ['https://a/1.png', 'https://a/2.png'], cachePrompt: false },
      ],
    };
    expect(sdk.eventString(withImage)).toBe(
      'ObservationEvent (environment)\n  Tool: test_tool\n  Result: see [Image: 2 URLs]',
    );
  });
});

describe('maybe_truncate (hard-reset retries)', () => {
  const notice = sdk.TRUNCATE_NOTICE;

  it('keeps short texts and ignores a limit of 0 or null', () => {
    expect(sdk.maybeTruncate('abc', 10)).toBe('abc');
    expect(sdk.maybeTruncate('x'.repeat(500), 0)).toBe('x'.repeat(500));
    expect(sdk.maybeTruncate('x'.repeat(500), null)).toBe('x'.repeat(500));
  });

  it('head (one more on an odd room), notice, tail: exactly the limit', () => {
    const text = 'H'.repeat(300) + 'T'.repeat(300);
    const limit = notice.length + 11;
    const cut = sdk.maybeTruncate(text, limit);
    expect(cut).toBe(`${'H'.repeat(6)}${notice}${'T'.repeat(5)}`);
    expect(cut.length).toBe(limit);
  });

  it('a limit at or below the notice length gives the notice cut to the limit', () => {
    expect(sdk.maybeTruncate('x'.repeat(1000), 20)).toBe(notice.slice(0, 20));
  });
});

describe('the summarizing prompt (§4.4.5)', () => {
  it('has the SDK template’s sections and the exact event blocks, without ids', () => {
    const prompt = promptText(sdk.summarizingPromptParts(['EV1\n', 'EV2\n']));
    for (const section of [
      'USER_CONTEXT',
      'TASK_TRACKING',
      'COMPLETED',
      'PENDING',
      'CURRENT_STATE',
      'CODE_STATE',
      'TESTS',
      'CHANGES',
      'DEPS',
      'VERSION_CONTROL_STATUS',
      'PRIORITIZE:',
      'SKIP:',
    ]) {
      expect(prompt).toContain(section);
    }
    expect(prompt).toMatch(/14\/20\n\n\n<EVENT>\nEV1\n<\/EVENT>\n\n<EVENT>\nEV2\n<\/EVENT>\n\n\nNow write/);
    expect(prompt).not.toMatch(/<EVENT id=|PREVIOUS SUMMARY/);
    expect(prompt).toBe(prompt.trim());
  });
});

describe('events_to_messages (§1.6)', () => {
  it('merges adjacent actions of one response into one assistant message with every tool call', () => {
    const a1 = action('a1', { response: 'r1', call: 'c1', thought: ['plan'] });
    const a2 = action('a2', { response: 'r1', call: 'c2', thought: [] });
    const messages = sdk.eventsToMessages([a1, a2, obs('o1', 'c1'), obs('o2', 'c2')]);
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'tool']);
    expect(messages[0]!.toolCalls!.map((call) => call.id)).toEqual(['c1', 'c2']);
    expect(messages[0]!.content).toEqual([{ type: 'text', text: 'plan' }]);
  });

  it('fails, as the SDK’s assertion does, when a later action of a batch has a thought', () => {
    const a1 = action('a1', { response: 'r1', call: 'c1' });
    const a2 = action('a2', { response: 'r1', call: 'c2', thought: ['again'] });
    expect(() => sdk.eventsToMessages([a1, a2])).toThrow(OpenHandsFailure);
  });

  it('merges plain user messages, summaries included; tool answers stay apart', () => {
    const summary: sdk.CondensationSummaryEvent = {
      kind: 'CondensationSummaryEvent',
      id: 's',
      index: -1,
      source: 'environment',
      parentId: null,
      summary: 'S',
    };
    const messages = sdk.eventsToMessages([
      summary,
      msg('m1', 'a'),
      msg('m2', 'b'),
      agentError('e', 'c'),
      reject('r', 'c2'),
    ]);
    expect(messages.map((m) => [m.role, m.content.length])).toEqual([
      ['user', 3],
      ['tool', 1],
      ['tool', 1],
    ]);
    expect(messages[2]!.content).toEqual([{ type: 'text', text: 'Action rejected: User rejected the action' }]);
  });

  it('a system prompt with dynamic context has two parts; an observation carries its extended content', () => {
    expect(sdk.toLlmMessage({ ...systemPrompt('s'), dynamicContext: 'ctx' }).content).toHaveLength(2);
    const extended: sdk.ObservationEvent = { ...obs('o', 'c'), extendedContent: [{ type: 'text', text: 'more' }] };
    expect(sdk.toLlmMessage(extended)).toMatchObject({
      role: 'tool',
      name: 'test_tool',
      toolCallId: 'c',
      content: [{ text: 'Success' }, { text: 'more' }],
    });
  });
});
