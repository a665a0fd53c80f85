import { describe, expect, it } from 'vitest';
import { readV0Log } from '../../../src/formats/index.ts';
import { realLog, textInput } from '../../helpers/logs.ts';
import { V0LogBuilder, anthropicUsage } from '../../helpers/recordedLogs.ts';

const MULTI_SWE_BENCH = 'v0_openhands_multi-swe-bench_example_output.jsonl';

/** One eval output line: the history, and the run's combined metrics as OpenHands' get_metrics writes them. */
function evalLine(history: unknown[], metrics: Record<string, unknown>): string {
  return `${JSON.stringify({ instance_id: 'i1', history, metrics, metadata: {} })}\n${JSON.stringify({ instance_id: 'i2', history: [], metrics: null })}`;
}

const tokenUsage = (id: string, prompt: number, completion: number) => ({
  model: 'claude',
  prompt_tokens: prompt,
  completion_tokens: completion,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  response_id: id,
});
const latency = (id: string) => ({ model: 'claude', latency: 1, response_id: id });

describe('the recorded bill of V0 eval output: the line’s metrics beside its history', () => {
  it('multi-swe-bench, instance 2: 33 calls the events show and 1 only its metrics record; the run was not priced', () => {
    const bill = readV0Log(realLog(MULTI_SWE_BENCH), { instance: '2' }).recorded;
    expect(bill.byRole.agent).toMatchObject({
      calls: 34,
      callsWithoutUsage: 1,
      cost: null,
      callsWithoutCost: 34,
      inputTokens: 410_169,
      outputTokens: 5156,
    });
    expect(bill.totalCost).toBeNull();
    const last = bill.calls.at(-1)!;
    expect(last).toMatchObject({ responseId: 'gen-1746002773-cEtv7sjEX0xVQiCkirl6', events: [], inputTokens: null });
    // Metrics name the model as configured, events as the provider answered: the extra call takes the events' name.
    expect(Object.keys(bill.byModel)).toEqual(['meta-llama/llama-4-maverick']);
    expect(bill.notes).toEqual([
      expect.stringContaining('accumulated_cost stays $0 over 33 calls'),
      expect.stringContaining(
        'metrics: 1 recorded call(s) no event shows (first: gen-1746002773-cEtv7sjEX0xVQiCkirl6)',
      ),
    ]);
  });

  it('the condenser’s batches name its calls; a last call no event shows gets what the metrics’ total holds beyond the events', () => {
    const log = new V0LogBuilder()
      .toolCall({ id: 'r1', model: 'claude', usage: anthropicUsage({ prompt: 1000, completion: 10 }) }, 0.01)
      .condensation(0.004, { prompt: 900, completion: 100 })
      .toolCall({ id: 'r2', model: 'claude', usage: anthropicUsage({ prompt: 600, completion: 10 }) }, 0.006);
    const metrics = {
      accumulated_cost: 0.025,
      costs: [],
      response_latencies: [latency('r1'), latency('r2'), latency('r3'), latency('c1')],
      token_usages: [
        tokenUsage('r1', 1000, 10),
        tokenUsage('r2', 600, 10),
        tokenUsage('r3', 650, 12),
        tokenUsage('c1', 900, 100),
      ],
      condenser: [
        {
          response: { id: 'c1', model: 'claude-haiku', usage: anthropicUsage({ prompt: 900, completion: 100 }) },
          metrics: {},
        },
      ],
    };
    const bill = readV0Log(
      textInput(
        evalLine(log.events, { ...metrics, costs: [{ model: 'claude', cost: 0.001, timestamp: 1 }] }),
        'output.jsonl',
      ),
    ).recorded;
    expect(bill.notes).toEqual([
      expect.stringContaining('metrics.costs: 1 costs for 4 calls cannot be matched'),
      expect.stringContaining('metrics: 1 recorded call(s) no event shows (first: r3)'),
    ]);
    expect(bill.calls.map((call) => [call.role, call.responseId, call.model, call.usageSource])).toEqual([
      ['agent', 'r1', 'claude', 'response'],
      ['condenser', 'c1', 'claude-haiku', 'response'],
      ['agent', 'r2', 'claude', 'response'],
      ['agent', 'r3', 'claude', 'response'],
    ]);
    expect(bill.calls[3]!.cost).toBeCloseTo(0.025 - 0.02, 12);
    expect(bill.totalCost).toBeCloseTo(0.025, 12);
  });

  it('a line without metrics reads as any V0 log', () => {
    const log = new V0LogBuilder().toolCall(
      { id: 'r1', model: 'claude', usage: anthropicUsage({ prompt: 1000, completion: 10 }) },
      0.01,
    );
    const bill = readV0Log(
      textInput(
        `${JSON.stringify({ instance_id: 'i1', history: log.events })}\n${JSON.stringify({ instance_id: 'i2', history: [] })}`,
        'output.jsonl',
      ),
    ).recorded;
    expect(bill.calls).toHaveLength(1);
    expect(bill.totalCost).toBeCloseTo(0.01, 12);
    expect(bill.notes).toEqual([]);
  });
});
