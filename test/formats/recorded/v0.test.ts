import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../../src/cli/readInput.ts';
import { MODEL_NOT_RECORDED, type RecordedBill, readV0Log } from '../../../src/formats/index.ts';
import { V0BillReader } from '../../../src/formats/recorded/index.ts';
import { REAL_LOGS, realLog, textInput } from '../../helpers/logs.ts';
import { V0LogBuilder, anthropicUsage, openAiUsage } from '../../helpers/recordedLogs.ts';

const OH_UTILS_185 = join(
  import.meta.dirname,
  '..',
  '..',
  'fixtures',
  'conformance',
  'logs',
  'real-oh-utils-185-3cond.json',
);

const billOf = (text: string): RecordedBill => readV0Log(textInput(text)).recorded;

/** Recorded dollars are compared within 0.1%, as the public figures are given to four digits. */
function expectDollars(actual: number | null | undefined, expected: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(expected * 0.001);
}

function expectCostsAddUp(bill: RecordedBill): void {
  const byModel = Object.values(bill.byModel).reduce((sum, figures) => sum + (figures.cost ?? 0), 0);
  const byRole = [bill.byRole.agent, bill.byRole.condenser, bill.byRole.other].reduce(
    (sum, figures) => sum + (figures?.cost ?? 0),
    0,
  );
  expect(byModel).toBeCloseTo(bill.totalCost ?? 0, 12);
  expect(byRole).toBeCloseTo(bill.totalCost ?? 0, 12);
}

describe('the recorded bill of real V0 logs', () => {
  it('the 185-event oh-utils trajectory: $1.3436, agent 84 calls $1.1945, condenser 3 calls $0.1491', () => {
    const bill = readV0Log(readLogInput(OH_UTILS_185)).recorded;
    expectDollars(bill.totalCost, 1.3436);
    expect(bill.byRole.agent.calls).toBe(84);
    expectDollars(bill.byRole.agent.cost, 1.1945);
    expect(bill.byRole.condenser.calls).toBe(3);
    expectDollars(bill.byRole.condenser.cost, 0.1491);
    expectCostsAddUp(bill);
    expect(bill.nothingRecorded).toBe(false);
    expect(bill.byRole.agent).toMatchObject({ callsWithoutCost: 0, callsWithoutUsage: 0 });
  });

  it('the 185-event log: condenser calls sit on the condensation actions, their usage from the running totals, their model not recorded', () => {
    const bill = readV0Log(readLogInput(OH_UTILS_185)).recorded;
    const condenser = bill.calls.filter((call) => call.role === 'condenser');
    expect(condenser.map((call) => call.events.map((event) => event.id))).toEqual([[85], [128], [173]]);
    expect(condenser[0]).toMatchObject({
      model: null,
      responseId: null,
      usageSource: 'running total',
      inputTokens: 15795,
      outputTokens: 461,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    expect(bill.byModel[MODEL_NOT_RECORDED]).toMatchObject({ calls: 3 });
    expect(bill.byModel['litellm_proxy/claude-sonnet-4-20250514']).toMatchObject({ calls: 84 });
  });

  it('the 185-event log counts prompt_tokens as the whole input; the agent read 2,220,225 input tokens', () => {
    const bill = readV0Log(readLogInput(OH_UTILS_185)).recorded;
    expect(bill.promptTokensConvention).toBe('whole input');
    const first = bill.calls[0]!;
    // 14511 = 3 uncached + 11707 read + 2801 written.
    expect(first).toMatchObject({
      inputTokens: 14511,
      promptTokensAsRecorded: 14511,
      cacheReadTokens: 11707,
      cacheWriteTokens: 2801,
      events: [{ id: 7, index: 7 }],
    });
    expect(bill.byRole.agent.inputTokens).toBe(2_220_225);
  });

  it('the 185-event log: the first running total counts a call no event shows, and says so', () => {
    const bill = readV0Log(readLogInput(OH_UTILS_185)).recorded;
    expect(bill.notes).toEqual([
      expect.stringMatching(
        /^trajectory\[7\]: the running token count rose by 258 input and 9 output tokens more than this call's usage/,
      ),
    ]);
  });

  it('a session folder of 2025-07 leaves cache writes out of prompt_tokens; its total is metadata.json’s accumulated_cost', () => {
    const folder = 'v0_openhands_session-folder_63b43159_coin-flip';
    const bill = readV0Log(realLog(folder)).recorded;
    const metadata = JSON.parse(readFileSync(join(REAL_LOGS, folder, 'metadata.json'), 'utf8')) as {
      accumulated_cost: number;
    };
    expect(bill.totalCost).toBeCloseTo(metadata.accumulated_cost, 12);
    expect(bill.promptTokensConvention).toBe('cache writes left out');
    // It recorded prompt_tokens 4 beside 6553 written: the whole input is 6557.
    expect(bill.calls[0]).toMatchObject({ promptTokensAsRecorded: 4, cacheWriteTokens: 6553, inputTokens: 6557 });
    expect(bill.byModel).toHaveProperty(['claude-3-7-sonnet-20250219'], expect.objectContaining({ calls: 3 }));
  });

  it('a replay-test list records usage but no cost: its calls are counted, the cost is null, not $0', () => {
    const bill = readV0Log(realLog('v0_openhands_tests-runtime-trajs_basic.json')).recorded;
    expect(bill.nothingRecorded).toBe(false);
    expect(bill.totalCost).toBeNull();
    expect(bill.byRole.agent).toMatchObject({ calls: 2, cost: null, callsWithoutCost: 2, callsWithoutUsage: 0 });
    expect(bill.calls.map((call) => call.events.map((event) => event.id))).toEqual([[3], [5]]);
  });
});

describe('the recorded bill of V0 logs: calls, roles, models', () => {
  it('several tool-call actions of one response are one call', () => {
    const log = new V0LogBuilder().toolCall(
      { id: 'r1', model: 'm', usage: anthropicUsage({ prompt: 100, completion: 10 }) },
      0.01,
      3,
    );
    const bill = billOf(log.json());
    expect(bill.calls).toHaveLength(1);
    expect(bill.calls[0]!.events.map((event) => event.id)).toEqual([1, 3, 5]);
    expect(bill.calls[0]!.cost).toBeCloseTo(0.01, 12);
  });

  it('a step on a condensation action is a condenser call; a reply without a tool call is an agent call without a response', () => {
    const log = new V0LogBuilder()
      .toolCall({ id: 'r1', model: 'claude', usage: anthropicUsage({ prompt: 1000, completion: 50 }) }, 0.02)
      .condensation(0.005, { prompt: 800, completion: 90 })
      .reply(0.003, { prompt: 300, completion: 20 });
    const bill = billOf(log.json());
    expect(bill.calls.map((call) => [call.role, call.model, call.usageSource, call.inputTokens])).toEqual([
      ['agent', 'claude', 'response', 1000],
      ['condenser', null, 'running total', 800],
      ['agent', null, 'running total', 300],
    ]);
    expect(bill.byRole.condenser.cost).toBeCloseTo(0.005, 12);
    expect(bill.byRole.agent).toMatchObject({ calls: 2 });
    expect(bill.byRole.agent.cost).toBeCloseTo(0.023, 12);
    expectCostsAddUp(bill);
  });

  it('a run that moves from GPT-5 to Claude bills each call to its own model', () => {
    const log = new V0LogBuilder()
      .toolCall(
        { id: 'g1', model: 'gpt-5', usage: openAiUsage({ prompt: 5000, completion: 300, read: 4000 }, 200) },
        0.011,
      )
      .toolCall(
        { id: 'g2', model: 'gpt-5', usage: openAiUsage({ prompt: 5500, completion: 100, read: 4900 }, 50) },
        0.004,
      )
      .toolCall(
        {
          id: 'c1',
          model: 'claude-sonnet-4',
          usage: anthropicUsage({ prompt: 6000, completion: 80, read: 0, write: 5996 }),
        },
        0.024,
      );
    const bill = billOf(log.json());
    expect(Object.keys(bill.byModel)).toEqual(['gpt-5', 'claude-sonnet-4']);
    expect(bill.byModel['gpt-5']).toMatchObject({
      calls: 2,
      inputTokens: 10_500,
      cacheReadTokens: 8900,
      reasoningTokens: 250,
    });
    expect(bill.byModel['gpt-5']!.cost).toBeCloseTo(0.015, 12);
    expect(bill.byModel['claude-sonnet-4']).toMatchObject({ calls: 1, cacheWriteTokens: 5996, reasoningTokens: null });
    expect(bill.byModel['claude-sonnet-4']!.cost).toBeCloseTo(0.024, 12);
    expectCostsAddUp(bill);
  });

  it('both prompt_tokens conventions give the same whole input', () => {
    // The same two calls: 4 uncached tokens, the first writing 5000, the second reading them and writing 200.
    const calls = (leaveWritesOut: boolean) =>
      new V0LogBuilder()
        .toolCall(
          {
            id: 'a',
            model: 'claude',
            usage: anthropicUsage({ prompt: leaveWritesOut ? 4 : 5004, completion: 10, write: 5000 }),
          },
          0.02,
        )
        .toolCall(
          {
            id: 'b',
            model: 'claude',
            usage: anthropicUsage({ prompt: leaveWritesOut ? 5004 : 5204, completion: 10, read: 5000, write: 200 }),
          },
          0.003,
        );
    const whole = billOf(calls(false).json());
    const writesLeftOut = billOf(calls(true).json());
    expect(whole.promptTokensConvention).toBe('whole input');
    expect(writesLeftOut.promptTokensConvention).toBe('cache writes left out');
    expect(writesLeftOut.calls.map((call) => call.inputTokens)).toEqual([5004, 5204]);
    expect(whole.calls.map((call) => call.inputTokens)).toEqual([5004, 5204]);
    expect(writesLeftOut.calls.map((call) => call.promptTokensAsRecorded)).toEqual([4, 5004]);
  });
});

describe('the recorded bill of V0 logs: what was not recorded', () => {
  it('a log that records no usage and no cost says so: nothing recorded, no total, never $0', () => {
    const bill = billOf(
      JSON.stringify([
        { id: 0, source: 'user', action: 'message', args: { content: 'hi' } },
        { id: 1, source: 'agent', action: 'message', args: { content: 'hello' } },
      ]),
    );
    expect(bill).toMatchObject({ nothingRecorded: true, totalCost: null, calls: [], byModel: {} });
    expect(bill.byRole.agent).toMatchObject({ calls: 0, cost: null, inputTokens: null });
  });

  it('a running cost that falls restarted: the call there has no known cost, the others are counted', () => {
    const log = new V0LogBuilder()
      .toolCall({ id: 'r1', model: 'm', usage: anthropicUsage({ prompt: 100, completion: 10 }) }, 0.5)
      .raw({
        source: 'agent',
        action: 'run',
        args: { command: 'ls' },
        tool_call_metadata: {
          model_response: { id: 'r2', model: 'm', usage: anthropicUsage({ prompt: 120, completion: 10 }) },
        },
        llm_metrics: { accumulated_cost: 0.1 },
      })
      .raw({
        source: 'agent',
        action: 'run',
        args: { command: 'ls' },
        tool_call_metadata: {
          model_response: { id: 'r3', model: 'm', usage: anthropicUsage({ prompt: 140, completion: 10 }) },
        },
        llm_metrics: { accumulated_cost: 0.3 },
      });
    const bill = billOf(log.json());
    expect(bill.calls.map((call) => call.cost)).toEqual([0.5, null, expect.closeTo(0.2, 12)]);
    expect(bill.totalCost).toBeCloseTo(0.7, 12);
    expect(bill.byRole.agent.callsWithoutCost).toBe(1);
    expect(bill.notes).toEqual([
      expect.stringContaining('[3].llm_metrics.accumulated_cost falls from $0.5 to $0.1 (the running total restarted)'),
    ]);
  });

  it('a running cost recorded only now and then pays for the calls since the last one, and says so', () => {
    const response = (id: string) => ({
      model_response: { id, model: 'm', usage: anthropicUsage({ prompt: 100, completion: 10 }) },
    });
    const log = new V0LogBuilder()
      .raw({ source: 'agent', action: 'run', args: {}, tool_call_metadata: response('r1') })
      .raw({
        source: 'agent',
        action: 'run',
        args: {},
        tool_call_metadata: response('r2'),
        llm_metrics: { accumulated_cost: 0.04 },
      });
    const bill = billOf(log.json());
    expect(bill.calls.map((call) => call.cost)).toEqual([null, 0.04]);
    expect(bill.notes).toEqual([
      expect.stringContaining(
        '[2]: the running cost here also pays for 1 earlier call(s) that recorded none (from [1])',
      ),
    ]);
  });

  it('a run whose running cost stays $0 while it uses tokens was not priced: its cost is not recorded', () => {
    const log = new V0LogBuilder()
      .toolCall({ id: 'r1', model: 'llama', usage: openAiUsage({ prompt: 5000, completion: 100 }) }, 0)
      .toolCall({ id: 'r2', model: 'llama', usage: openAiUsage({ prompt: 5200, completion: 80 }) }, 0);
    const bill = billOf(log.json());
    expect(bill.totalCost).toBeNull();
    expect(bill.byRole.agent).toMatchObject({ calls: 2, cost: null, inputTokens: 10_200 });
    expect(bill.notes).toEqual([expect.stringContaining('stays $0 over 2 calls')]);
  });

  it('unusable usage or cost fields are named, one line each, and left out; the log is still read', () => {
    const log = new V0LogBuilder()
      .raw({
        source: 'agent',
        action: 'run',
        args: {},
        tool_call_metadata: { model_response: { id: 'r1', usage: { prompt_tokens: -5, completion_tokens: 1 } } },
        llm_metrics: { accumulated_cost: 'a lot' },
      })
      .raw({
        source: 'agent',
        action: 'run',
        args: {},
        llm_metrics: { accumulated_cost: 0.2, accumulated_token_usage: { prompt_tokens: 1.5, completion_tokens: 0 } },
      });
    const parsed = readV0Log(textInput(log.json()));
    expect(parsed.events).toHaveLength(3);
    expect(parsed.recorded.notes).toEqual([
      "[1].tool_call_metadata.model_response.usage.prompt_tokens: expected a token count; this call's usage is not counted.",
      "[1].llm_metrics.accumulated_cost: expected a non-negative number of dollars; this step's cost is not counted.",
      "[2].llm_metrics.accumulated_token_usage.prompt_tokens: expected a token count; this step's tokens are not counted.",
      '[2]: the running cost here also pays for 1 earlier call(s) that recorded none (from [1]); the $0.2 is counted on this call.',
    ]);
    expect(parsed.recorded.calls.map((call) => [call.responseId, call.inputTokens, call.cost])).toEqual([
      ['r1', null, null],
      [null, null, 0.2],
    ]);
  });

  it('notes are bounded: a log full of bad fields gives a dozen lines and a count of the rest', () => {
    const reader = new V0BillReader((index) => `events[${index}]`);
    for (let i = 0; i < 1000; i++) reader.add({ id: i, action: 'run', llm_metrics: { accumulated_cost: -1 } }, i);
    const notes = reader.finish().notes;
    expect(notes).toHaveLength(13);
    expect(notes[12]).toBe('…and 988 more notes like these.');
  });
});
