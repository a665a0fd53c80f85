import { z } from 'zod';
import type { LlmAnswer } from '../engine/index.ts';
import { LogFormatError, parseJson } from './errors.ts';

const answerSchema = z.union([
  z.strictObject({ content: z.string().nullable() }),
  z.strictObject({
    tool_calls: z.array(z.strictObject({ name: z.string(), arguments: z.string() })),
    content: z.string().nullable().optional(),
  }),
]);

/**
 * Reads a list of scripted LLM answers (spec/replay.md §5): `{"content": "..."}` or
 * `{"tool_calls": [{"name": ..., "arguments": "<json>"}]}`, consumed in call order.
 */
export function parseLlmScript(text: string, where = 'LLM script'): LlmAnswer[] {
  const value = parseJson(text, where);
  if (!Array.isArray(value)) throw new LogFormatError(where, 'expected a JSON list of answers');
  return value.map((item, i) => {
    const result = answerSchema.safeParse(item);
    if (!result.success) {
      throw new LogFormatError(
        `${where}[${i}]`,
        'expected {"content": "text"} or {"tool_calls": [{"name": "...", "arguments": "..."}]}',
      );
    }
    const answer = result.data;
    return 'tool_calls' in answer
      ? { content: answer.content ?? null, toolCalls: answer.tool_calls }
      : { content: answer.content };
  });
}
