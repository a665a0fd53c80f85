import type { FakeCompletion } from './answers.ts';

/** Small enough that every realistic answer arrives in several deltas, as from a real model. */
const PIECE_LENGTH = 24;

export function pieces(text: string, length = PIECE_LENGTH): string[] {
  const result: string[] = [];
  for (let start = 0; start < text.length; start += length) result.push(text.slice(start, start + length));
  return result;
}

/**
 * OpenAI's `chat.completion.chunk` sequence for one completion: a role delta, the content (or the
 * tool call's name, then its arguments) in pieces, a finish_reason chunk, and, when usage was asked
 * for, a last chunk with no choices and the usage (earlier chunks then carry `usage: null`).
 */
export function completionChunks(completion: FakeCompletion, includeUsage: boolean): object[] {
  const { answer } = completion;
  const chunk = (delta: object, finishReason: string | null = null) => ({
    id: completion.id,
    object: 'chat.completion.chunk',
    created: 0,
    model: completion.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: object[] = [];
  if (answer.toolCalls.length === 0) {
    chunks.push(chunk({ role: 'assistant', content: '', refusal: null }));
    for (const piece of pieces(answer.content ?? '')) chunks.push(chunk({ content: piece }));
  } else {
    chunks.push(chunk({ role: 'assistant', content: null, refusal: null }));
    answer.toolCalls.forEach((call, index) => {
      chunks.push(
        chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
      );
      for (const piece of pieces(call.arguments))
        chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    });
  }
  chunks.push(chunk({}, answer.finishReason));
  if (includeUsage) {
    chunks.push({
      id: completion.id,
      object: 'chat.completion.chunk',
      created: 0,
      model: completion.model,
      choices: [],
      usage: completion.usage,
    });
  }
  return chunks;
}

export function sseBody(chunks: readonly object[]): string {
  return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n';
}
