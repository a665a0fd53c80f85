import { describe, expect, it } from 'vitest';
import { LogFormatError } from '../../src/formats/index.ts';
import { parseKeyedAnswers, parseLlmScript } from '../../src/formats/llmScript.ts';

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

describe('parseKeyedAnswers', () => {
  it('keeps every key the file has, "__proto__" too, as the answers file is written back whole', () => {
    const answers = parseKeyedAnswers('{"__proto__": {"content": "p"}, "k": {"content": "a"}}', 'answers.json');
    expect(Object.keys(answers)).toEqual(['__proto__', 'k']);
    expect(Object.getOwnPropertyDescriptor(answers, '__proto__')?.value).toEqual({ content: 'p' });
    expect(Object.getPrototypeOf(answers)).toBe(Object.prototype);
    expect(() => parseKeyedAnswers('{"__proto__": {"text": "p"}}', 'answers.json')).toThrow(
      /^answers\.json\["__proto__"\]: expected/,
    );
  });
});
