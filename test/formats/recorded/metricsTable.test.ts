import { describe, expect, it } from 'vitest';
import { readMetricsTable } from '../../../src/formats/recorded/metricsTable.ts';
import { BillNotes } from '../../../src/formats/recorded/notes.ts';

const usage = (id: string, prompt: number) => ({
  model: 'm',
  prompt_tokens: prompt,
  completion_tokens: 1,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  response_id: id,
});
const latency = (id: string) => ({ model: 'm', latency: 1, response_id: id });

function read(value: unknown) {
  const notes = new BillNotes();
  const table = readMetricsTable(value, 'metrics', 'agent', 'default', notes);
  return { table, calls: table?.calls ?? [], notes: notes.list() };
}

describe('readMetricsTable: OpenHands Metrics dumps into calls', () => {
  it('one call per response latency, joined with its token usage by response id, costs one to one', () => {
    const { calls, table } = read({
      model_name: 'm',
      accumulated_cost: 0.3,
      costs: [
        { model: 'm', cost: 0.1 },
        { model: 'm', cost: 0.2 },
      ],
      response_latencies: [latency('a'), latency('b')],
      token_usages: [usage('b', 20), usage('a', 10)],
    });
    expect(calls.map((call) => [call.responseId, call.promptTokensAsRecorded, call.cost, call.service])).toEqual([
      ['a', 10, 0.1, 'default'],
      ['b', 20, 0.2, 'default'],
    ]);
    expect(table).toMatchObject({ accumulatedCost: 0.3, costCount: 2 });
  });

  it('a response without usage is a call without usage; costs then line up with the calls that have usage', () => {
    const { calls } = read({
      costs: [0.5],
      response_latencies: [latency('a'), latency('b')],
      token_usages: [usage('a', 10)],
    });
    expect(calls.map((call) => [call.responseId, call.promptTokensAsRecorded, call.cost])).toEqual([
      ['a', 10, 0.5],
      ['b', null, null],
    ]);
  });

  it('costs that line up with nothing are not guessed: the calls keep no cost and a note says why', () => {
    const { calls, notes } = read({
      costs: [0.1, 0.2],
      response_latencies: [latency('a'), latency('b'), latency('c')],
      token_usages: [usage('a', 1)],
    });
    expect(calls.map((call) => call.cost)).toEqual([null, null, null]);
    expect(notes).toEqual([
      "metrics.costs: 2 costs for 3 calls cannot be matched to them; those calls' costs are not known.",
    ]);
  });

  it('without latencies the token usages are the calls; the model falls back to model_name', () => {
    const { calls } = read({ model_name: 'fallback', token_usages: [{ ...usage('a', 5), model: '' }] });
    expect(calls.map((call) => [call.responseId, call.model])).toEqual([['a', 'fallback']]);
  });

  it('an unusable dump is named and skipped; an unusable usage record is named and its call kept without usage', () => {
    expect(read({ accumulated_cost: -2 }).notes).toEqual([
      'metrics.accumulated_cost: must not be negative; these recorded calls are not counted.',
    ]);
    const { calls, notes } = read({ token_usages: [{ response_id: 'a', prompt_tokens: 'x', completion_tokens: 1 }] });
    expect(calls.map((call) => [call.responseId, call.promptTokensAsRecorded])).toEqual([['a', null]]);
    expect(notes).toEqual([
      "metrics.token_usages[0].prompt_tokens: expected a token count; this call's usage is not counted.",
    ]);
  });
});
