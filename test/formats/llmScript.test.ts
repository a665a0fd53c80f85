import { describe, expect, it } from 'vitest';
import { LogFormatError } from '../../src/formats/index.ts';
import { parseLlmScript } from '../../src/formats/llmScript.ts';

describe('parseLlmScript', () => {
  it('reads content answers and tool-call answers in order', () => {
    const script = parseLlmScript(
      JSON.stringify([
        { content: 'summary one' },
        { tool_calls: [{ name: 'create_state_summary', arguments: '{"user_context": "x"}' }] },
        { content: null },
      ]),
    );
    expect(script).toEqual([
      { content: 'summary one' },
      { content: null, toolCalls: [{ name: 'create_state_summary', arguments: '{"user_context": "x"}' }] },
      { content: null },
    ]);
  });

  it('names the answer that has the wrong shape', () => {
    expect(() => parseLlmScript('[{"content": "a"}, {"text": "b"}]', 'answers.json')).toThrow(
      /^answers\.json\[1\]: expected/,
    );
    expect(() => parseLlmScript('{"content": "a"}')).toThrow(LogFormatError);
  });
});
