import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RecordedBill, type SdkParsedLog, readLog } from '../../../src/formats/index.ts';
import { readSdkBill } from '../../../src/formats/recorded/index.ts';
import { REAL_LOGS, realLog } from '../../helpers/logs.ts';

const readSdk = (name: string): SdkParsedLog => readLog(realLog(name)) as SdkParsedLog;

function expectDollars(actual: number | null | undefined, expected: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(expected * 0.001);
}

function expectCostsAddUp(bill: RecordedBill): void {
  const byModel = Object.values(bill.byModel).reduce((sum, figures) => sum + (figures.cost ?? 0), 0);
  expect(byModel).toBeCloseTo(bill.totalCost ?? 0, 12);
}

const text = (value: string) => ({ type: 'text', text: value });

/** A 2026 SDK conversation folder: base_state.json with the given stats and agent, and the given events. */
function sdkFolder(events: Record<string, unknown>[], baseState: Record<string, unknown>) {
  const files = events.map((event, i) => ({
    path: `c/events/event-${String(i).padStart(5, '0')}-${String(event.id)}.json`,
    text: JSON.stringify(event),
  }));
  return {
    kind: 'folder' as const,
    name: 'c',
    files: [{ path: 'c/base_state.json', text: JSON.stringify({ id: 'c', ...baseState }) }, ...files],
  };
}

function action(id: string, responseId: string): Record<string, unknown> {
  return {
    id,
    timestamp: 't',
    source: 'agent',
    thought: [],
    action: { command: 'ls', kind: 'TerminalAction' },
    tool_name: 'terminal',
    tool_call_id: `call-${id}`,
    tool_call: { id: `call-${id}`, name: 'terminal', arguments: '{"command": "ls"}', origin: 'completion' },
    llm_response_id: responseId,
    kind: 'ActionEvent',
  };
}

function metrics(
  model: string,
  calls: { id: string; cost: number; prompt: number; completion: number; read?: number; write?: number }[],
) {
  return {
    model_name: model,
    accumulated_cost: calls.reduce((sum, call) => sum + call.cost, 0),
    costs: calls.map((call) => ({ model, cost: call.cost, timestamp: 1 })),
    response_latencies: calls.map((call) => ({ model, latency: 1, response_id: call.id })),
    token_usages: calls.map((call) => ({
      model,
      prompt_tokens: call.prompt,
      completion_tokens: call.completion,
      cache_read_tokens: call.read ?? 0,
      cache_write_tokens: call.write ?? 0,
      reasoning_tokens: 0,
      context_window: 0,
      per_turn_token: 0,
      response_id: call.id,
    })),
  };
}

const startEvents = [
  { id: 'sys', timestamp: 't', source: 'agent', system_prompt: text('You are'), tools: [], kind: 'SystemPromptEvent' },
  {
    id: 'task',
    timestamp: 't',
    source: 'user',
    llm_message: { role: 'user', content: [text('Do it')] },
    kind: 'MessageEvent',
  },
];

describe('the recorded bill of real SDK conversation folders (base_state.json stats)', () => {
  it('88ca1e54: agent 106 calls $1.7208, condenser 4 calls $0.1096, each call linked to what it produced', () => {
    const log = readSdk('v1_benchmarks_conversation_88ca1e54_218ev_4cond');
    const bill = log.recorded;
    expect(bill.byRole.agent.calls).toBe(106);
    expectDollars(bill.byRole.agent.cost, 1.7208);
    expect(bill.byRole.condenser.calls).toBe(4);
    expectDollars(bill.byRole.condenser.cost, 0.1096);
    expectDollars(bill.totalCost, 1.8304);
    expectCostsAddUp(bill);
    const agentCalls = bill.calls.filter((call) => call.role === 'agent');
    for (const call of agentCalls) {
      expect(call.events).toHaveLength(1);
      const event = log.events[call.events[0]!.index]!;
      expect(event.kind === 'ActionEvent' && event.responseId).toBe(call.responseId);
    }
    const condensations = log.events.filter((event) => event.kind === 'Condensation').map((event) => event.id);
    expect(bill.calls.filter((call) => call.role === 'condenser').map((call) => call.events[0]?.id)).toEqual(
      condensations,
    );
    expect(bill.notes).toEqual([]);
  });

  it('88ca1e54 leaves cache writes out of prompt_tokens: the whole input adds them back', () => {
    const bill = readSdk('v1_benchmarks_conversation_88ca1e54_218ev_4cond').recorded;
    expect(bill.promptTokensConvention).toBe('cache writes left out');
    // The first call recorded prompt_tokens 7064 = 4 + 7060 read, and 1309 written on top.
    expect(bill.calls[0]).toMatchObject({
      service: 'default',
      promptTokensAsRecorded: 7064,
      cacheReadTokens: 7060,
      cacheWriteTokens: 1309,
      inputTokens: 8373,
      reasoningTokens: 0,
    });
    const state = JSON.parse(
      readFileSync(join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond', 'base_state.json'), 'utf8'),
    );
    const recorded = state.stats.service_to_metrics.default.accumulated_token_usage;
    expect(bill.byRole.agent.inputTokens).toBe(recorded.prompt_tokens + recorded.cache_write_tokens);
  });

  it('3749ed60: agent 64 calls $1.3913, condenser 2 calls $0.0512', () => {
    const bill = readSdk('v1_benchmarks_conversation_3749ed60_132ev_2cond').recorded;
    expect(bill.byRole.agent.calls).toBe(64);
    expectDollars(bill.byRole.agent.cost, 1.3913);
    expect(bill.byRole.condenser.calls).toBe(2);
    expectDollars(bill.byRole.condenser.cost, 0.0512);
    expectDollars(bill.totalCost, 1.4425);
    expect(Object.keys(bill.byModel)).toEqual(['litellm_proxy/anthropic/claude-sonnet-4-20250514']);
  });

  it('a folder whose stats are empty records nothing: its responses are counted, without usage or cost', () => {
    const bill = readSdk('v1_benchmarks_conversation_7a4bfe2d_203ev_3cond').recorded;
    expect(bill.nothingRecorded).toBe(true);
    expect(bill.totalCost).toBeNull();
    expect(bill.byRole.agent).toMatchObject({ calls: 99, cost: null, callsWithoutCost: 99, callsWithoutUsage: 99 });
  });

  it('a restored conversation: responses the stats lost are calls with unknown usage and cost, and a note says so', () => {
    const bill = readSdk('v1_sdk_pr-restore-probe_conversation_11ev').recorded;
    expect(bill.byRole.agent).toMatchObject({ calls: 3, callsWithoutCost: 2, callsWithoutUsage: 2, inputTokens: 10 });
    expect(bill.notes).toEqual([
      expect.stringContaining('2 LLM responses the events show have no record in base_state.json stats'),
    ]);
  });

  it('a 2026 folder (usage_to_metrics by usage id) with an OpenAI model: cached reads inside prompt_tokens', () => {
    const bill = readSdk('v1_sdk_pr-event-json-to-openai-messages_conversation_8ev').recorded;
    expect(bill.promptTokensConvention).toBe('whole input');
    expect(bill.byRole.agent).toMatchObject({ calls: 3, inputTokens: 11_583, cacheReadTokens: 7552 });
    expect(bill.calls.every((call) => call.service === 'agent')).toBe(true);
  });
});

describe('the recorded bill of SDK logs: services, links and switches', () => {
  it('a Condensation naming its response links to the condenser call; a service that is neither agent nor condenser is "other"', () => {
    const condensation = {
      id: 'cond',
      timestamp: 't',
      source: 'environment',
      forgotten_event_ids: ['a1'],
      summary: 's',
      summary_offset: 1,
      llm_response_id: 'c1',
      kind: 'Condensation',
    };
    const input = sdkFolder([...startEvents, action('a1', 'r1'), condensation, action('a2', 'r2')], {
      agent: {
        llm: { model: 'gpt-5', usage_id: 'agent' },
        condenser: { kind: 'LLMSummarizingCondenser', llm: { model: 'gpt-5-mini', usage_id: 'condenser' } },
      },
      stats: {
        usage_to_metrics: {
          agent: metrics('gpt-5', [
            { id: 'r1', cost: 0.01, prompt: 1000, completion: 10 },
            { id: 'r2', cost: 0.012, prompt: 1200, completion: 10 },
          ]),
          condenser: metrics('gpt-5-mini', [{ id: 'c1', cost: 0.001, prompt: 900, completion: 100 }]),
          'title-generation': metrics('gpt-5-mini', [{ id: 't1', cost: 0.0002, prompt: 50, completion: 5 }]),
        },
      },
    });
    const bill = readLog(input).recorded;
    expect(bill.calls.map((call) => [call.role, call.responseId, call.events.map((event) => event.id)])).toEqual([
      ['agent', 'r1', ['a1']],
      ['condenser', 'c1', ['cond']],
      ['agent', 'r2', ['a2']],
      ['other', 't1', []],
    ]);
    expect(bill.byRole.other).toMatchObject({ calls: 1 });
    expect(bill.byModel['gpt-5-mini']).toMatchObject({ calls: 2 });
    expectCostsAddUp(bill);
  });

  it('links a call to every event its response made, more than a call takes arguments', () => {
    const baseState = {
      agent: { llm: { model: 'gpt-5', usage_id: 'agent' } },
      stats: {
        usage_to_metrics: { agent: metrics('gpt-5', [{ id: 'r1', cost: 0.01, prompt: 1000, completion: 10 }]) },
      },
    };
    const parsed = readLog(sdkFolder([...startEvents, action('a0', 'r1')], baseState)) as SdkParsedLog;
    const [first] = parsed.events.filter((event) => event.kind === 'ActionEvent');
    // 150,000 events of one response (a stranger's log): spread into one push, they threw.
    const events = [
      ...parsed.events,
      ...Array.from({ length: 150_000 }, (_, k) => ({ ...first!, id: `a${k + 1}`, index: parsed.events.length + k })),
    ];
    const [call] = readSdkBill(events, { id: 'c', ...baseState }).calls;
    expect(call!.responseId).toBe('r1');
    expect(call!.events).toHaveLength(150_001);
    expect(call!.events.at(-1)!.id).toBe('a150000');
  });

  it('a switch to another LLM profile mid-run: each call belongs to its own model', () => {
    const input = sdkFolder([...startEvents, action('a1', 'r1'), action('a2', 'r2')], {
      agent: { llm: { model: 'claude-sonnet-4', usage_id: 'profile:claude' } },
      stats: {
        usage_to_metrics: {
          agent: metrics('gpt-5', [{ id: 'r1', cost: 0.01, prompt: 1000, completion: 10 }]),
          'profile:claude': metrics('claude-sonnet-4', [
            { id: 'r2', cost: 0.02, prompt: 4, completion: 10, write: 1200 },
          ]),
        },
      },
    });
    const bill = readLog(input).recorded;
    expect(bill.calls.map((call) => [call.role, call.model, call.inputTokens])).toEqual([
      ['agent', 'gpt-5', 1000],
      ['agent', 'claude-sonnet-4', 1204],
    ]);
    expect(bill.byModel['gpt-5']!.cost).toBeCloseTo(0.01, 12);
    expect(bill.byModel['claude-sonnet-4']!.cost).toBeCloseTo(0.02, 12);
  });

  it('unusable stats are named in one line and left out; the events are still read', () => {
    const input = sdkFolder([...startEvents, action('a1', 'r1')], {
      agent: { llm: { model: 'm', usage_id: 'agent' } },
      stats: { usage_to_metrics: { agent: { costs: 'lots' } } },
    });
    const log = readLog(input);
    expect(log.events).toHaveLength(3);
    expect(log.recorded.notes[0]).toBe(
      'base_state.json.stats.usage_to_metrics.agent.costs: expected a list; these recorded calls are not counted.',
    );
    expect(log.recorded.byRole.agent).toMatchObject({ calls: 1, cost: null });
  });
});
