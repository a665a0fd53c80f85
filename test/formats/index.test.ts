import { describe, expect, it } from 'vitest';
import { thrown } from '../helpers/thrown.ts';
import { LogFormatError, readLog, readV0Log } from '../../src/formats/index.ts';
import { SAMPLE_SESSIONS, realLog, textInput, v0Events } from '../helpers/logs.ts';
import { readLogInput } from '../../src/cli/readInput.ts';
import { join } from 'node:path';

const refusal = (run: () => unknown) => thrown(run, LogFormatError).message;

describe('readLog: the V0 shapes of real OpenHands logs', () => {
  it('reads a bare list (OpenHands’ replay-test input)', () => {
    const log = readLog(realLog('v0_openhands_tests-runtime-trajs_basic.json'));
    expect(log.shape).toBe('v0-list');
    expect(log.events.map((e) => e.id)).toEqual([0, 3, 4, 5]);
    expect(log.events[1]).toMatchObject({ kind: 'action', type: 'edit', source: 'agent' });
  });

  it('keeps the recorded assistant message on actions only: an observation repeats its action’s response', () => {
    const log = readV0Log(
      readLogInput(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json')),
    );
    const called = log.events.filter((e) => e.toolCall !== null);
    const actions = called.filter((e) => e.kind === 'action');
    const observations = called.filter((e) => e.kind === 'observation');
    expect(actions.length).toBeGreaterThan(50);
    expect(actions.every((e) => e.toolCall!.response.message !== null)).toBe(true);
    expect(observations.length).toBeGreaterThan(50);
    expect(observations.every((e) => e.toolCall!.response.message === null)).toBe(true);
    // What the observation needs of its call stays: the tool, the call and the response it answers.
    const answered = new Map(actions.map((e) => [e.toolCall!.toolCallId, e.toolCall!.response.id]));
    expect(observations.every((e) => answered.get(e.toolCall!.toolCallId) === e.toolCall!.response.id)).toBe(true);
  });

  it('reads {"trajectory": [...]} with its three recorded condensations', () => {
    const log = readLog(
      readLogInput(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json')),
    );
    expect(log.shape).toBe('v0-trajectory');
    expect(log.events).toHaveLength(185);
    const condensations = log.events.filter((e) => e.kind === 'action' && e.type === 'condensation');
    expect(condensations.map((e) => e.id)).toEqual([85, 128, 173]);
    expect(condensations[0]!.kind === 'action' && condensations[0]!.condensation).toMatchObject({
      forgottenEventIds: null,
      forgottenEventsStartId: 7,
      forgottenEventsEndId: 49,
      summaryOffset: 4,
    });
  });

  it('reads eval JSONL, the first instance by default, another on request', () => {
    const first = readLog(realLog('v0_openhands_multi-swe-bench_example_output.jsonl'));
    expect(first.shape).toBe('v0-eval-jsonl');
    expect(first.instances.map((i) => i.id)).toEqual([
      'ponylang__ponyc-4595',
      'ponylang__ponyc-4593',
      'ponylang__ponyc-4588',
    ]);
    expect(first.instanceId).toBe('ponylang__ponyc-4595');
    expect(first.events).toHaveLength(49);
    expect(first.notes[0]).toContain('3 instances');
    expect(first.recordedCondenser).toEqual({ type: 'noop' });
    const third = readLog(realLog('v0_openhands_multi-swe-bench_example_output.jsonl'), {
      instance: 'ponylang__ponyc-4588',
    });
    expect(third.events).toHaveLength(103);
    expect(readLog(realLog('v0_openhands_multi-swe-bench_example_output.jsonl'), { instance: '2' }).instanceId).toBe(
      'ponylang__ponyc-4593',
    );
    // A position written with a leading zero names the same instance (it crashed: the list and the reader disagreed).
    const second = readLog(realLog('v0_openhands_multi-swe-bench_example_output.jsonl'), { instance: '02' });
    expect(second.instanceId).toBe('ponylang__ponyc-4593');
    expect(second.events.length).toBeGreaterThan(0);
    expect(
      refusal(() => readLog(realLog('v0_openhands_multi-swe-bench_example_output.jsonl'), { instance: 'nope' })),
    ).toContain('no instance "nope"');
  });

  it('reads a session folder of events/<id>.json in numeric order', () => {
    const log = readLog(realLog('v0_openhands_session-folder_63b43159_coin-flip'));
    expect(log.shape).toBe('v0-events-folder');
    expect(log.events.map((e) => e.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(log.notes).toContain('Conversation: Coin Flip Simulation');
  });

  it('sorts event files numerically, not lexically', () => {
    const files = [10, 2, 1].map((id) => ({
      path: `events/${id}.json`,
      text: JSON.stringify({ id, source: 'agent', action: 'think', args: { thought: 't' } }),
    }));
    const log = readLog({ kind: 'folder', name: 'session', files });
    expect(log.events.map((e) => e.id)).toEqual([1, 2, 10]);
  });

  it('flattens the 2024 [action, observation] pairs, dropping the id-less null observations', () => {
    const log = readLog(realLog('v0legacy_openhands_logic-reasoning-prontoqa_output_pairs.jsonl'));
    expect(log.shape).toBe('v0-legacy-pairs');
    expect(log.instances).toHaveLength(6);
    expect(log.events.map((e) => e.id)).toEqual([0, 3, 4, 5, 6, 7, 9, 13]);
  });

  it('refuses the 2024 resolver output, whose history has no ids', () => {
    expect(refusal(() => readLog(realLog('v0legacy_openhands_resolver_mock_output.jsonl')))).toContain('carry no ids');
  });

  it('recognises SDK (V1) logs and hands them to the SDK reader (test/formats/sdk has the details)', () => {
    expect(readLog(realLog('v1_sdk_goal-fixture_events_trimmed_10ev.jsonl'))).toMatchObject({
      flavor: 'sdk',
      shape: 'sdk-events-jsonl',
    });
    expect(readLog(realLog('v1_sdk_pr-event-json-to-openai-messages_conversation_8ev'))).toMatchObject({
      flavor: 'sdk',
      shape: 'sdk-conversation-folder',
    });
    expect(readLog(realLog('v0_openhands_tests-runtime-trajs_basic.json')).flavor).toBe('v0');
  });

  it('reads observations whose type is the string "null" or JSON null as null observations', () => {
    const log = readLog(realLog('v0_openhands_tests-runtime-trajs_basic_gui_mode.json'));
    const nulls = log.events.filter((e) => e.kind === 'observation' && e.type === 'null');
    expect(nulls).toHaveLength(3);
    const fromJsonNull = readLog(
      textInput(JSON.stringify([{ id: 0, source: 'agent', observation: null, content: '' }])),
    );
    expect(fromJsonNull.events[0]).toMatchObject({ kind: 'observation', type: 'null' });
  });

  it('reads the recorded-response and feedback wrappers', () => {
    const events = v0Events(1);
    expect(readLog(textInput(JSON.stringify({ request: {}, response: { json: { trajectory: events } } }))).shape).toBe(
      'v0-http-recording',
    );
    const feedback = [{ version: '1.0', feedback: 'positive', trajectory: events }];
    expect(readLog(textInput(JSON.stringify(feedback))).shape).toBe('v0-feedback');
  });
});

describe('readLog: bad input gets a message with the place, never a crash', () => {
  it('names a truncated JSON file', () => {
    const text = JSON.stringify(v0Events(3), null, 2);
    expect(refusal(() => readLog(textInput(text.slice(0, text.length / 2))))).toContain('truncated');
  });

  it('names the JSONL line that is not JSON', () => {
    const lines = [JSON.stringify({ instance_id: 'a', history: v0Events(1) }), '{"instance_id": "b", "history": [', ''];
    expect(refusal(() => readLog(textInput(lines.join('\n'), 'out.jsonl')))).toMatch(/^line 2: /);
  });

  it('names the event without an id', () => {
    const events = v0Events(2);
    delete events[3]!.id;
    expect(refusal(() => readLog(textInput(JSON.stringify(events))))).toMatch(/^\[3\]\.id: the event has no id/);
  });

  it('holds every integer id to one rule, from 0 to 2^52 - 1, and names the one that breaks it', () => {
    const withLastId = (id: number) => {
      const events = v0Events(2);
      events[4]!.id = id;
      return textInput(JSON.stringify(events).replace(`"id":${id}`, `"id":${id === 1e300 ? '1e300' : id}`));
    };
    expect(refusal(() => readLog(withLastId(-3)))).toBe(
      '[4].id: id -3 is negative, and OpenHands numbers the events it stores from 0 (-1 marks an event never stored); condensers forget events by id, so this log cannot be replayed',
    );
    expect(refusal(() => readLog(withLastId(1e300)))).toMatch(
      /^\[4\]\.id: id 1e\+300 is past 4503599627370495 \(2\^52 - 1\), beyond which JavaScript numbers cannot keep ids apart; /,
    );
    expect(refusal(() => readLog(withLastId(2 ** 52)))).toMatch(
      /^\[4\]\.id: id 4503599627370496 is past 4503599627370495/,
    );
    expect(readLog(withLastId(2 ** 52 - 1)).events.map((event) => event.id)).toEqual([0, 1, 2, 3, 2 ** 52 - 1]);
  });

  it('names both events that share an id', () => {
    const events = v0Events(2);
    events[4]!.id = 2;
    expect(refusal(() => readLog(textInput(JSON.stringify({ trajectory: events }))))).toBe(
      'trajectory[4]: id 2 is used twice (also by trajectory[2]); condensers forget events by id, so this log cannot be replayed',
    );
  });

  it('names a field of the wrong type with its path', () => {
    const events = v0Events(1);
    events[1]!.source = 'robot';
    expect(refusal(() => readLog(textInput(JSON.stringify(events))))).toMatch(/^\[1\]\.source: /);
  });

  it('refuses a condensation OpenHands itself could not load', () => {
    const events = [
      ...v0Events(1),
      {
        id: 3,
        source: 'agent',
        action: 'condensation',
        args: { forgotten_event_ids: [1], forgotten_events_start_id: 1, forgotten_events_end_id: 2 },
      },
    ];
    expect(refusal(() => readLog(textInput(JSON.stringify(events))))).toContain(
      'gives both forgotten_event_ids and a start/end range',
    );
  });

  it('refuses events that are neither actions nor observations, and empty files', () => {
    expect(refusal(() => readLog(textInput(JSON.stringify([{ id: 0, source: 'agent' }]))))).toContain(
      '"action" or an "observation"',
    );
    expect(refusal(() => readLog(textInput('   ')))).toContain('empty');
    expect(refusal(() => readLog(textInput('[]')))).toContain('no events');
    expect(refusal(() => readLog(textInput('"ConversationStateUpdate(key=full_state)"')))).toContain('Python repr');
  });
});

describe('recorded usage', () => {
  it('reads prompt tokens with cache writes included, whichever litellm wrote the log', async () => {
    const { usageOf } = await import('../../src/formats/v0ToolCall.ts');
    // litellm 1.7x: prompt_tokens counts reads and writes.
    expect(
      usageOf({
        prompt_tokens: 14511,
        completion_tokens: 129,
        cache_read_input_tokens: 11707,
        cache_creation_input_tokens: 2801,
      }),
    ).toEqual({ promptTokens: 14511, completionTokens: 129, cacheReadTokens: 11707, cacheWriteTokens: 2801 });
    // Older: the writes were left out (4 tokens beside 6,553 written).
    expect(
      usageOf({
        prompt_tokens: 4,
        completion_tokens: 115,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 6553,
      }),
    ).toEqual({ promptTokens: 6557, completionTokens: 115, cacheReadTokens: 0, cacheWriteTokens: 6553 });
    // OpenAI: reads under prompt_tokens_details, no writes.
    expect(
      usageOf({ prompt_tokens: 2473, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 2304 } }),
    ).toEqual({ promptTokens: 2473, completionTokens: 10, cacheReadTokens: 2304, cacheWriteTokens: 0 });
    expect(usageOf({ completion_tokens: 3 })).toBeNull();
  });
});
