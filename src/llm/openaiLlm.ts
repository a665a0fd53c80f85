import OpenAI from 'openai';
import type { AnswerLlmAsync, LlmAnswer, LlmRequest } from '../engine/index.ts';
import { LlmCallError, describeLlmError } from './llmErrors.ts';

export interface LlmEndpoint {
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey: string;
}

export interface LiveLlmOptions {
  readonly signal?: AbortSignal;
  /** Told before each wait on a rate limit, so the UI can show it. */
  readonly onRetry?: (info: { attempt: number; waitMs: number; message: string }) => void;
  /** Retries after 429 before giving up. */
  readonly maxRetries?: number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** For tests: the client to use instead of one built from the endpoint. */
  readonly client?: Pick<OpenAI, 'chat'>;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new LlmCallError('cancelled', 'The LLM call was cancelled.'));
      },
      { once: true },
    );
  });
}

/** The chat-completion body for one engine request: tools forced by name, JSON-schema answers. */
export function completionBody(request: LlmRequest, model: string): OpenAI.ChatCompletionCreateParamsNonStreaming {
  return {
    model,
    messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
    ...(request.tools ? { tools: request.tools.map((tool) => ({ type: 'function' as const, function: { ...tool.function } })) } : {}),
    ...(request.forcedTool ? { tool_choice: { type: 'function' as const, function: { name: request.forcedTool } } } : {}),
    ...(request.responseSchema
      ? { response_format: { type: 'json_schema' as const, json_schema: { name: request.responseSchema.name, schema: { ...request.responseSchema.schema } } } }
      : {}),
  };
}

function answerOf(completion: OpenAI.ChatCompletion): LlmAnswer {
  const message = completion.choices[0]?.message;
  if (!message) throw new LlmCallError('bad-request', 'The endpoint answered without any choice.');
  const toolCalls = (message.tool_calls ?? []).flatMap((call) => (call.type === 'function' ? [{ name: call.function.name, arguments: call.function.arguments }] : []));
  const usage = completion.usage ? { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens } : undefined;
  return { content: message.content ?? null, ...(toolCalls.length ? { toolCalls } : {}), ...(usage ? { usage } : {}) };
}

/**
 * Answers the engine's LLM requests by calling an OpenAI-compatible endpoint from the browser, with
 * the user's own key. Rate limits are retried with backoff (and reported); other failures become an
 * LlmCallError whose message says what to do and never contains the key.
 */
export function liveLlm(endpoint: LlmEndpoint, options: LiveLlmOptions = {}): AnswerLlmAsync {
  const client =
    options.client ??
    new OpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey, dangerouslyAllowBrowser: true, maxRetries: 0, timeout: 10 * 60_000 });
  const sleep = options.sleep ?? abortableSleep;
  const maxRetries = options.maxRetries ?? 4;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const completion = await client.chat.completions.create(completionBody(request, endpoint.model), { signal: options.signal });
        return answerOf(completion);
      } catch (error) {
        const described = describeLlmError(error, endpoint);
        if (described.kind !== 'rate-limit' || attempt >= maxRetries || options.signal?.aborted) throw described;
        const waitMs = described.retryAfterMs ?? 1000 * 2 ** attempt;
        options.onRetry?.({ attempt: attempt + 1, waitMs, message: `Rate limited; retrying in ${(waitMs / 1000).toFixed(1)} s (retry ${attempt + 1} of ${maxRetries}).` });
        await sleep(waitMs, options.signal);
      }
    }
  };
}
