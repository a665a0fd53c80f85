import { describe, expect, it } from 'vitest';
import { LogFormatError, readLog } from '../../src/formats/index.ts';
import { textInput } from '../helpers/logs.ts';
import { thrown } from '../helpers/thrown.ts';

const refusal = (text: string, path = 'log.json') =>
  thrown(() => readLog(textInput(text, path)), LogFormatError).message;

const atif = {
  schema_version: 'ATIF-v1.4',
  session_id: 's1',
  agent: { name: 'terminus', version: '1.0', model_name: 'gpt-5' },
  steps: [
    { step_id: 1, source: 'user', message: 'Fix the bug' },
    {
      step_id: 2,
      source: 'agent',
      message: 'Looking',
      tool_calls: [{ tool_call_id: 't1', function_name: 'bash', arguments: { command: 'ls' } }],
      observation: { results: [{ source_call_id: 't1', content: 'a.py' }] },
    },
  ],
};
const messages = [
  { role: 'system', content: 'You are a helpful agent.' },
  { role: 'user', content: 'Fix the bug' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{}' } }],
  },
];

describe('formats we do not read get one line saying what they are', () => {
  it('an ATIF trajectory', () => {
    const message = refusal(JSON.stringify(atif));
    expect(message).toMatch(/^this is an ATIF trajectory \(ATIF-v1\.4, the Agent Trajectory Interchange Format/);
    expect(message).toContain('holds no OpenHands events');
    expect(message).not.toContain('\n');
  });

  it('an OpenAI message list, bare, under "messages", and one record per JSONL line', () => {
    expect(refusal(JSON.stringify(messages))).toMatch(
      /^this is a list of chat messages \(OpenAI "role"\/"content" format\)/,
    );
    expect(refusal(JSON.stringify({ model: 'gpt-5', messages }))).toMatch(/^this holds chat messages under "messages"/);
    const sft = [{ messages }, { messages }].map((line) => JSON.stringify(line)).join('\n');
    expect(refusal(sft, 'sft.jsonl')).toMatch(/^line 1: this holds chat messages under "messages"/);
  });

  it('a ShareGPT conversation', () => {
    expect(
      refusal(
        JSON.stringify({
          id: 'x',
          conversations: [
            { from: 'human', value: 'hi' },
            { from: 'gpt', value: 'hello' },
          ],
        }),
      ),
    ).toMatch(/^this holds a conversation of chat messages/);
  });

  it('other JSON still names its keys', () => {
    expect(refusal(JSON.stringify({ foo: 1, bar: 2 }))).toBe('no OpenHands events found (top-level keys: foo, bar)');
  });
});
