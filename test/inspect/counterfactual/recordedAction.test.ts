import { describe, expect, it } from 'vitest';
import type { RawEvents } from '../../../src/formats/index.ts';
import { recordedAction } from '../../../src/inspect/index.ts';

const raw = (events: unknown[]): RawEvents => ({
  length: events.length,
  at: (index) => events[index],
  sourceBytes: () => null,
});

describe('recordedAction: what the agent did at a step, as the log kept it', () => {
  it('reads a V0 action’s recorded LLM response, every tool call of it and its text', () => {
    const response = {
      choices: [
        {
          message: {
            content: 'Run the tests.',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'execute_bash', arguments: '{"command":"pytest"}' } },
            ],
          },
        },
      ],
    };
    const event = {
      id: 5,
      action: 'run',
      args: { command: 'pytest' },
      tool_call_metadata: { model_response: response },
    };
    expect(recordedAction(raw([event]), 0, 'v0')).toEqual({
      tool_calls: [{ name: 'execute_bash', arguments: '{"command":"pytest"}' }],
      content: 'Run the tests.',
    });
  });

  it('falls back on the function name and parsed arguments when V0 kept no response, and on a message’s text', () => {
    const run = {
      id: 5,
      action: 'run',
      args: { command: 'ls' },
      tool_call_metadata: { function_name: 'execute_bash' },
    };
    expect(recordedAction(raw([run]), 0, 'v0')).toEqual({
      tool_calls: [{ name: 'execute_bash', arguments: '{"command":"ls"}' }],
      content: null,
    });
    const message = { id: 6, action: 'message', args: { content: 'All done.' } };
    expect(recordedAction(raw([message]), 0, 'v0')).toEqual({ tool_calls: [], content: 'All done.' });
    expect(recordedAction(raw([{ id: 7, observation: 'run' }]), 0, 'v0')).toBeNull();
  });

  it('gathers an SDK response’s parallel ActionEvents, and stops at the next response', () => {
    const action = (id: string, response: string, command: string) => ({
      kind: 'ActionEvent',
      id,
      llm_response_id: response,
      thought: [{ type: 'text', text: `thinking ${id}` }],
      tool_call: { id: `t${id}`, name: 'terminal', arguments: JSON.stringify({ command }) },
    });
    const events = [action('a', 'r1', 'ls'), action('b', 'r1', 'pwd'), action('c', 'r2', 'cat x')];
    expect(recordedAction(raw(events), 0, 'sdk')).toEqual({
      tool_calls: [
        { name: 'terminal', arguments: '{"command":"ls"}' },
        { name: 'terminal', arguments: '{"command":"pwd"}' },
      ],
      content: 'thinking a',
    });
    const reply = { kind: 'MessageEvent', llm_message: { role: 'assistant', content: [{ type: 'text', text: 'Hi' }] } };
    expect(recordedAction(raw([reply]), 0, 'sdk')).toEqual({ tool_calls: [], content: 'Hi' });
  });
});
