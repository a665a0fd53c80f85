import { describe, expect, it } from 'vitest';
import { readV0Log, recordedCallJson, recordedUsageJson } from '../../../src/formats/index.ts';
import { textInput } from '../../helpers/logs.ts';
import { V0LogBuilder, anthropicUsage } from '../../helpers/recordedLogs.ts';

describe('the recorded bill as the trace writes it', () => {
  it('recorded_usage: prompt_tokens is the whole input; figures by role and by model; no "other" role unless there is one', () => {
    const log = new V0LogBuilder()
      .toolCall({ id: 'r1', model: 'claude', usage: anthropicUsage({ prompt: 4, completion: 10, write: 5000 }) }, 0.02)
      .condensation(0.004, { prompt: 900, completion: 100 });
    const json = recordedUsageJson(readV0Log(textInput(log.json())).recorded);
    expect(Object.keys(json.by_role)).toEqual(['agent', 'condenser']);
    expect(json.by_role.agent).toEqual({
      calls: 1,
      cost: 0.02,
      prompt_tokens: 5004,
      cache_read_tokens: 0,
      cache_write_tokens: 5000,
      completion_tokens: 10,
      reasoning_tokens: null,
      calls_without_cost: 0,
      calls_without_usage: 0,
    });
    expect(json).toMatchObject({
      nothing_recorded: false,
      prompt_tokens_convention: 'cache writes left out',
      by_model: { claude: { calls: 1 }, '(model not recorded)': { calls: 1 } },
    });
    expect(json.total_cost).toBeCloseTo(0.024, 12);
  });

  it('a log that records nothing: nothing_recorded, and a null total rather than $0', () => {
    const json = recordedUsageJson(
      readV0Log(textInput(JSON.stringify([{ id: 0, source: 'user', action: 'message', args: {} }]))).recorded,
    );
    expect(json).toMatchObject({ nothing_recorded: true, total_cost: null, by_model: {} });
    expect(json.by_role.agent).toMatchObject({ calls: 0, cost: null, prompt_tokens: null });
  });

  it('one call: role, model, response, the events it produced, whole input and cost', () => {
    const log = new V0LogBuilder().toolCall(
      { id: 'r1', model: 'claude', usage: anthropicUsage({ prompt: 120, completion: 7, read: 100 }) },
      0.001,
      2,
    );
    const call = readV0Log(textInput(log.json())).recorded.calls[0]!;
    expect(recordedCallJson(call)).toEqual({
      role: 'agent',
      model: 'claude',
      response_id: 'r1',
      event_ids: [1, 3],
      prompt_tokens: 120,
      cache_read_tokens: 100,
      cache_write_tokens: 0,
      completion_tokens: 7,
      reasoning_tokens: null,
      cost: 0.001,
    });
  });
});
