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
  return value.map((item, i) => scriptAnswer(item, `${where}[${i}]`));
}

function scriptAnswer(item: unknown, where: string): LlmAnswer {
  const result = answerSchema.safeParse(item);
  if (!result.success) {
    throw new LogFormatError(
      where,
      'expected {"content": "text"} or {"tool_calls": [{"name": "...", "arguments": "..."}]}',
    );
  }
  const answer = result.data;
  return 'tool_calls' in answer
    ? { content: answer.content ?? null, toolCalls: answer.tool_calls }
    : { content: answer.content };
}

/** An answer as a script writes it (usage left out: it is the endpoint's, not the answer's). */
export function scriptAnswerJson(answer: LlmAnswer): Record<string, unknown> {
  return answer.toolCalls?.length
    ? {
        tool_calls: answer.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
        content: answer.content,
      }
    : { content: answer.content };
}

/** Answers kept by key (`replay --answers`): a JSON object of answers as a script writes them. */
export function parseKeyedAnswers(text: string, where: string): Record<string, LlmAnswer> {
  const value = parseJson(text, where);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new LogFormatError(where, 'expected a JSON object of answers by request key');
  // Every key the file has is kept, "__proto__" too: Object.fromEntries defines it as the object's own,
  // where an assignment would set the prototype (and the rewritten file would lose that answer).
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, scriptAnswer(item, `${where}[${JSON.stringify(key)}]`)]),
  );
}
