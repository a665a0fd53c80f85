import type { ChatToolCall, RecordedUsage } from '../engine/index.ts';
import {
  type RecordedAssistantMessage,
  type RecordedResponse,
  type RecordedToolCall,
  pyJsonDumps,
} from '../engine/v0/index.ts';

/*
 * `tool_call_metadata` as litellm's ModelResponse would read it. Only what the agent's messages and the
 * usage model need is kept; anything missing stays null, so that the message builder can say which
 * event lacks what instead of the whole log being refused (condensers never read these fields).
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function toolCallOf(value: unknown): ChatToolCall | null {
  if (!isObject(value) || !isObject(value.function)) return null;
  const { name, arguments: args } = value.function;
  if (typeof name !== 'string') return null;
  return {
    id: typeof value.id === 'string' ? value.id : '',
    type: 'function',
    // litellm's Function turns dict arguments into a JSON string, as json.dumps writes it.
    function: { name, arguments: typeof args === 'string' ? args : pyJsonDumps(args ?? {}) },
  };
}

function assistantMessageOf(response: Json): RecordedAssistantMessage | null {
  const choices = response.choices;
  if (!Array.isArray(choices) || !isObject(choices[0]) || !isObject(choices[0].message)) return null;
  const message = choices[0].message;
  const toolCalls = Array.isArray(message.tool_calls)
    ? message.tool_calls.map(toolCallOf).filter((call): call is ChatToolCall => call !== null)
    : null;
  return {
    role: typeof message.role === 'string' ? message.role : 'assistant',
    content: typeof message.content === 'string' ? message.content : null,
    toolCalls,
  };
}

/** Anthropic through litellm reports cache reads and writes at the top; OpenAI under prompt_tokens_details. */
export function usageOf(value: unknown): RecordedUsage | null {
  if (!isObject(value)) return null;
  const promptTokens = count(value.prompt_tokens);
  if (promptTokens === null) return null;
  const details = isObject(value.prompt_tokens_details) ? value.prompt_tokens_details : {};
  const cacheReadTokens = count(value.cache_read_input_tokens) ?? count(details.cached_tokens) ?? 0;
  const cacheWriteTokens = count(value.cache_creation_input_tokens) ?? count(details.cache_creation_tokens) ?? 0;
  // Older litellm left cache writes out of prompt_tokens (4 prompt tokens beside 6,553 written): the
  // prompt is then what it reports plus the writes, so that every log measures the same thing.
  const writesLeftOut = promptTokens < cacheReadTokens + cacheWriteTokens;
  return {
    promptTokens: writesLeftOut ? promptTokens + cacheWriteTokens : promptTokens,
    completionTokens: count(value.completion_tokens) ?? 0,
    cacheReadTokens,
    cacheWriteTokens,
  };
}

function responseOf(value: unknown, withMessage: boolean): RecordedResponse {
  if (!isObject(value)) return { id: null, model: null, message: null, usage: null };
  return {
    id: typeof value.id === 'string' ? value.id : null,
    model: typeof value.model === 'string' ? value.model : null,
    message: withMessage ? assistantMessageOf(value) : null,
    usage: usageOf(value.usage),
  };
}

/**
 * Reads an event's `tool_call_metadata`; null when absent or without a function name and call id.
 * `withMessage`: keep the response's assistant message. Only actions become it; an observation's copy
 * of the same response (a fifth of a real run's bytes) is not kept.
 */
export function readToolCallMetadata(value: unknown, withMessage = true): RecordedToolCall | null {
  if (!isObject(value)) return null;
  const { function_name: functionName, tool_call_id: toolCallId } = value;
  if (typeof functionName !== 'string' || typeof toolCallId !== 'string') return null;
  return { functionName, toolCallId, response: responseOf(value.model_response, withMessage) };
}
