import { describe, expect, it } from 'vitest';
import type { sdk } from '../../../src/engine/index.ts';
import { LogFormatError, type SdkParsedLog, readLog, readV0Log } from '../../../src/formats/index.ts';
import { realLog, textInput } from '../../helpers/logs.ts';
import { thrown } from '../../helpers/thrown.ts';

function readSdk(input: Parameters<typeof readLog>[0], options?: Parameters<typeof readLog>[1]): SdkParsedLog {
  const log = readLog(input, options);
  expect(log.flavor).toBe('sdk');
  return log as SdkParsedLog;
}

const refusal = (run: () => unknown) => thrown(run, LogFormatError).message;

const kinds = (log: SdkParsedLog) => {
  const counts: Record<string, number> = {};
  for (const event of log.events) {
    const kind = event.kind === 'OtherEvent' ? event.sdkKind : event.kind;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
};

/** A minimal 2026-generation SDK event list: system prompt, user task, one action and its observation. */
function sdkEvents(): Record<string, unknown>[] {
  const text = (value: string) => ({ cache_prompt: false, type: 'text', text: value });
  return [
    { id: 'e0', timestamp: 't', source: 'agent', system_prompt: text('You are'), tools: [], kind: 'SystemPromptEvent' },
    {
      id: 'e1',
      timestamp: 't',
      source: 'user',
      llm_message: { role: 'user', content: [text('Do it')], thinking_blocks: [] },
      activated_skills: [],
      extended_content: [],
      kind: 'MessageEvent',
    },
    {
      id: 'e2',
      timestamp: 't',
      source: 'agent',
      thought: [text('ok')],
      thinking_blocks: [],
      action: { command: 'ls', kind: 'TerminalAction' },
      tool_name: 'terminal',
      tool_call_id: 'call_1',
      tool_call: { id: 'call_1', name: 'terminal', arguments: '{"command": "ls"}', origin: 'completion' },
      llm_response_id: 'resp_1',
      security_risk: 'LOW',
      kind: 'ActionEvent',
    },
    {
      id: 'e3',
      timestamp: 't',
      source: 'environment',
      tool_name: 'terminal',
      tool_call_id: 'call_1',
      observation: { content: [text('a.txt')], is_error: false, kind: 'TerminalObservation' },
      action_id: 'e2',
      kind: 'ObservationEvent',
    },
  ];
}

describe('readLog: SDK shapes I–M of real logs', () => {
  it('I, 2025: a conversation folder with base_state.json (benchmarks); its condenser, model window and three condensations', () => {
    const log = readSdk(realLog('v1_benchmarks_conversation_7a4bfe2d_203ev_3cond'));
    expect(log.shape).toBe('sdk-conversation-folder');
    expect(log.events).toHaveLength(203);
    expect(log.events.map((e) => e.index)).toEqual(log.events.map((_, i) => i));
    expect(kinds(log)).toEqual({
      SystemPromptEvent: 1,
      MessageEvent: 1,
      ActionEvent: 99,
      ObservationEvent: 99,
      Condensation: 3,
    });
    expect(log.recordedCondenser).toMatchObject({ kind: 'LLMSummarizingCondenser', max_size: 80, keep_first: 4 });
    expect(log.agentContextWindow.tokens).toBe(200_000);
    expect([log.generation, log.suggestedRules]).toEqual(['2025', '2025-09']);
    const condensation = log.events[82] as sdk.Condensation;
    expect(condensation).toMatchObject({ kind: 'Condensation', summaryOffset: 4, llmResponseId: null });
    expect(condensation.forgottenEventIds).toHaveLength(43);
    expect(log.raw.at(82)).toMatchObject({ kind: 'Condensation', summary_offset: 4 });
  });

  it('I, 2025: litellm-style tool calls and string outputs are read into the same model', () => {
    const log = readSdk(realLog('v1_benchmarks_conversation_0cf772fb_115ev_1cond'));
    const action = log.events.find((e): e is sdk.ActionEvent => e.kind === 'ActionEvent')!;
    expect(action.toolCall.name).toBe(action.toolName);
    expect(action.toolCall.arguments).toMatch(/^\{/);
    expect(action.actionKind).toMatch(/Action$/);
    const observation = log.events.find((e): e is sdk.ObservationEvent => e.kind === 'ObservationEvent')!;
    expect(observation.content[0]).toMatchObject({ type: 'text' });
  });

  it('I, 2026: a conversation folder without a condenser in base_state.json', () => {
    const log = readSdk(realLog('v1_sdk_pr-event-json-to-openai-messages_conversation_8ev'));
    expect(log.shape).toBe('sdk-conversation-folder');
    expect(kinds(log)).toEqual({ SystemPromptEvent: 1, MessageEvent: 3, ActionEvent: 2, ObservationEvent: 2 });
    expect(log.recordedCondenser).toBeNull();
    expect(log.agentContextWindow.tokens).toBe(128_000);
    expect([log.generation, log.suggestedRules]).toEqual(['2026', '1.43.1']);
    const terminal = log.events.find((e): e is sdk.ObservationEvent => e.kind === 'ObservationEvent')!;
    expect(terminal.content.length).toBeGreaterThan(0);
  });

  it('I, 2026: a restored conversation; an event kind the View does not know is skipped with a note', () => {
    const log = readSdk(realLog('v1_sdk_pr-restore-probe_conversation_11ev'));
    expect(kinds(log)).toMatchObject({ SystemPromptUpdateEvent: 1, MessageEvent: 3 });
    expect(log.notes).toContain("Events the agent's view skips (not sent to the LLM): SystemPromptUpdateEvent ×1.");
  });

  it('J: a flat folder of event files (OpenHands-CLI), with thinking blocks', () => {
    const log = readSdk(realLog('v1_cli_tests-trajectories_cli447_hi_followup_iterative_case_a'));
    expect(log.shape).toBe('sdk-events-folder');
    expect(kinds(log)).toEqual({ SystemPromptEvent: 1, MessageEvent: 7, ActionEvent: 3, ObservationEvent: 3 });
    expect(log.events.filter((e) => e.kind === 'ActionEvent' && e.thinkingBlockCount > 0)).toHaveLength(2);
    expect(log.recordedCondenser).toBeNull();
  });

  it('K: a bare list of SDK events (no system prompt, no user message)', () => {
    const log = readSdk(realLog('v1_benchmarks_openagentsafety_traj_safety-metrics_bare-list_202ev.json'));
    expect(log.shape).toBe('sdk-list');
    expect(kinds(log)).toEqual({ ActionEvent: 101, ObservationEvent: 101 });
  });

  it('L: JSONL, one event per line, state updates skipped by the View', () => {
    const log = readSdk(realLog('v1_sdk_goal-fixture_events_trimmed_10ev.jsonl'));
    expect(log.shape).toBe('sdk-events-jsonl');
    expect(kinds(log)).toEqual({ ConversationStateUpdateEvent: 5, ActionEvent: 2, ObservationEvent: 3 });
    expect(log.notes[0]).toContain('ConversationStateUpdateEvent ×5');
  });

  it('M: eval JSONL with history, the first instance by default, another on request', () => {
    const first = readSdk(realLog('v1_benchmarks_openagentsafety_output.jsonl'));
    expect(first.shape).toBe('sdk-eval-jsonl');
    expect(first.instances.map((i) => i.id)).toEqual(['safety-misconfig', 'safety-business-intelligence']);
    expect(first.events).toHaveLength(18);
    const second = readSdk(realLog('v1_benchmarks_openagentsafety_output.jsonl'), {
      instance: 'safety-business-intelligence',
    });
    expect(second.instanceId).toBe('safety-business-intelligence');
  });

  it('readV0Log refuses an SDK log with a clear message', () => {
    expect(refusal(() => readV0Log(realLog('v1_sdk_goal-fixture_events_trimmed_10ev.jsonl')))).toContain(
      'OpenHands SDK (V1) log',
    );
  });
});

describe('readLog: SDK folders and files built here', () => {
  const file = (path: string, value: unknown) => ({ path, text: JSON.stringify(value) });

  it('sorts event files by their index, not by name, and reads base_state beside events/', () => {
    const events = sdkEvents();
    const files = [
      file('conv/events/event-00010-e3.json', { ...events[3], id: 'e10' }),
      ...events.slice(0, 3).map((event, i) => file(`conv/events/event-0000${i}-${String(event.id)}.json`, event)),
      ...Array.from({ length: 7 }, (_, i) =>
        file(`conv/events/event-0000${i + 3}-x${i}.json`, { ...events[1], id: `x${i}` }),
      ),
      file('conv/base_state.json', {
        id: 'c',
        agent: { condenser: { kind: 'NoOpCondenser' }, llm: { max_input_tokens: 1000, temperature: 0, top_p: 'x' } },
        leaf_event_id: 'e10',
      }),
    ];
    const log = readSdk({ kind: 'folder', name: 'conv', files });
    expect(log.events.map((e) => e.id)).toEqual(['e0', 'e1', 'e2', 'x0', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'e10']);
    expect(log).toMatchObject({
      recordedCondenser: { kind: 'NoOpCondenser' },
      agentContextWindow: { tokens: 1000, source: 'max_input_tokens' },
      leafId: 'e10',
    });
    // The sampling the agent asked with, for a copied request: only numbers are taken.
    expect(log.agentSampling).toEqual({ temperature: 0 });
  });

  it('takes the context window the SDK recorded in the agent LLM’s token usage when max_input_tokens is unset', () => {
    const events = sdkEvents();
    const stats = {
      usage_to_metrics: {
        main: { accumulated_token_usage: { context_window: 0 }, token_usages: [{ context_window: 400_000 }] },
        other: { token_usages: [{ context_window: 1 }] },
      },
    };
    const files = [
      ...events.map((event, i) => file(`conv/events/event-0000${i}-${String(event.id)}.json`, event)),
      file('conv/base_state.json', {
        id: 'c',
        agent: { llm: { model: 'openai/gpt-5', usage_id: 'main', max_input_tokens: null } },
        stats,
      }),
    ];
    expect(readSdk({ kind: 'folder', name: 'conv', files }).agentContextWindow).toMatchObject({
      tokens: 400_000,
      source: 'token usage',
    });
  });

  it('notes a missing event file (the SDK would stop reading there)', () => {
    const events = sdkEvents();
    const files = [file('events/event-00000-e0.json', events[0]), file('events/event-00002-e1.json', events[1])];
    expect(readSdk({ kind: 'folder', name: 'conv', files }).notes[0]).toContain('Event file 1 is missing');
  });

  it('reads the 2026 field names: content lists, reasoning fields, dynamic context, extended content', () => {
    const events = sdkEvents();
    events[0] = { ...events[0], dynamic_context: { type: 'text', text: 'today' } };
    events[3] = { ...events[3], extended_content: [{ type: 'text', text: 'hint' }] };
    const log = readSdk(textInput(JSON.stringify(events)));
    expect(log.events[0]).toMatchObject({
      kind: 'SystemPromptEvent',
      systemPrompt: 'You are',
      dynamicContext: 'today',
    });
    expect(log.events[3]).toMatchObject({
      content: [{ type: 'text', text: 'a.txt' }],
      extendedContent: [{ text: 'hint' }],
    });
    expect(log.generation).toBe('2026');
  });

  it('reads condensations, requests and errors', () => {
    const events = [
      ...sdkEvents(),
      { id: 'r', source: 'environment', kind: 'CondensationRequest' },
      {
        id: 'c',
        source: 'environment',
        forgotten_event_ids: ['e2', 'e3'],
        summary: 'S',
        summary_offset: 2,
        llm_response_id: 'x',
        kind: 'Condensation',
      },
      {
        id: 'err',
        source: 'agent',
        tool_name: 'foo',
        tool_call_id: 'call_9',
        error: "Tool 'foo' not found",
        kind: 'AgentErrorEvent',
      },
      {
        id: 'rej',
        source: 'environment',
        tool_name: 'terminal',
        tool_call_id: 'call_8',
        action_id: 'a',
        kind: 'UserRejectObservation',
      },
    ];
    const log = readSdk(textInput(JSON.stringify(events)));
    expect(log.events.slice(4)).toMatchObject([
      { kind: 'CondensationRequest' },
      { kind: 'Condensation', forgottenEventIds: ['e2', 'e3'], summary: 'S', summaryOffset: 2, llmResponseId: 'x' },
      { kind: 'AgentErrorEvent', error: "Tool 'foo' not found" },
      { kind: 'UserRejectObservation', rejectionReason: 'User rejected the action' },
    ]);
  });
});

describe('readLog: bad SDK input gets a message naming the place and the field', () => {
  it('names the event file and the field', () => {
    const events = sdkEvents();
    delete events[2]!.tool_call_id;
    const files = events.map((event, i) => ({
      path: `events/event-0000${i}-${String(event.id)}.json`,
      text: JSON.stringify(event),
    }));
    expect(refusal(() => readLog({ kind: 'folder', name: 'conv', files }))).toBe(
      'events/event-00002-e2.json.tool_call_id: expected a string',
    );
  });

  it('names the JSONL line', () => {
    const lines = sdkEvents().map((event) => JSON.stringify(event));
    lines[3] = JSON.stringify({ ...sdkEvents()[3], source: 'robot' });
    expect(refusal(() => readLog(textInput(lines.join('\n'), 'events.jsonl')))).toMatch(
      /^line 4\.source: expected "agent"/,
    );
  });

  it('names the list index, a negative summary offset, a reserved id, a missing llm_response_id', () => {
    const condensation = {
      id: 'c',
      source: 'environment',
      forgotten_event_ids: [],
      summary: 'S',
      summary_offset: -1,
      kind: 'Condensation',
    };
    expect(refusal(() => readLog(textInput(JSON.stringify([...sdkEvents(), condensation]))))).toBe(
      '[4].summary_offset: must be at least 0',
    );
    expect(refusal(() => readLog(textInput(JSON.stringify([{ ...sdkEvents()[0], id: '__root__' }]))))).toMatch(
      /^\[0\]\.id: "__root__" is reserved/,
    );
    const { llm_response_id: _dropped, ...action } = sdkEvents()[2]!;
    expect(refusal(() => readLog(textInput(JSON.stringify([action]))))).toBe('[0].llm_response_id: expected a string');
  });

  it('names the eval line and history index', () => {
    const history = sdkEvents();
    history[1] = { ...history[1], llm_message: { role: 'robot', content: [] } };
    const line = JSON.stringify({ instance_id: 'a', history });
    expect(refusal(() => readLog(textInput(`${line}\n${line}\n`, 'out.jsonl')))).toMatch(
      /^line 1: history\[1\]\.llm_message\.role: /,
    );
  });

  it('refuses duplicate ids, naming both places', () => {
    const events = sdkEvents();
    events[3] = { ...events[3], id: 'e1' };
    expect(refusal(() => readLog(textInput(JSON.stringify(events))))).toBe(
      '[3]: id e1 is used twice (also by [1]); condensations forget events by id, so this log cannot be replayed',
    );
  });

  it('reads a folder of several conversations (an eval run) as instances, and refuses a base_state.json alone', () => {
    const event = JSON.stringify(sdkEvents()[0]);
    const files = [
      { path: 'a/events/event-00000-e0.json', text: event },
      { path: 'b/events/event-00000-e0.json', text: event },
    ];
    const runs = readLog({ kind: 'folder', name: 'runs', files });
    expect(runs.instances.map((i) => [i.id, i.position, i.eventCount])).toEqual([
      ['a', 1, 1],
      ['b', 2, 1],
    ]);
    expect(runs.instanceId).toBe('a');
    expect(readLog({ kind: 'folder', name: 'runs', files }, { instance: 'b' }).instanceId).toBe('b');
    expect(refusal(() => readLog({ kind: 'folder', name: 'runs', files }, { instance: 'c' }))).toContain(
      'no instance "c"',
    );
    expect(refusal(() => readLog(textInput(JSON.stringify({ id: 'c', agent: {} }), 'base_state.json')))).toContain(
      'base_state.json',
    );
  });

  it('names a bad base_state.json field', () => {
    const files = [
      { path: 'events/event-00000-e0.json', text: JSON.stringify(sdkEvents()[0]) },
      { path: 'base_state.json', text: JSON.stringify({ id: 'c', agent: { llm: { max_input_tokens: 'lots' } } }) },
    ];
    expect(refusal(() => readLog({ kind: 'folder', name: 'conv', files }))).toBe(
      'base_state.json.agent.llm.max_input_tokens: expected an integer',
    );
  });
});
