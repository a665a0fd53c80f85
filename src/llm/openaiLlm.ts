import OpenAI from 'openai';
import { z } from 'zod';
import {
  type AnswerLlmAsync,
  type ChatMessage,
  type ChatTool,
  type LlmAnswer,
  type LlmRequest,
  answerProblem,
} from '../engine/index.ts';
import {
  LlmCallError,
  type LlmErrorKind,
  RETRYABLE_KINDS,
  describeLlmError,
  htmlPageText,
  oneLineDetail,
} from './llmErrors.ts';
import { DEFAULT_MAX_ANSWER_BYTES, boundedFetch, newWatch } from './boundedFetch.ts';
import { type PagePolicy, endpointBlocked } from './endpointReach.ts';
import { failureByCause, secondsText } from './failureCause.ts';

/** How long one request may take in all (retries and their waits included) unless the LLM settings say otherwise. */
export const DEFAULT_DEADLINE_MS = 5 * 60_000;

export interface LlmEndpoint {
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey: string;
}

export interface LiveLlmOptions {
  readonly signal?: AbortSignal;
  /** Told before each wait (rate limit, server error, cut connection), so the UI can show it. */
  readonly onRetry?: (info: { attempt: number; waitMs: number; message: string }) => void;
  /** Retries after a rate limit, a 5xx or a cut connection before giving up. */
  readonly maxRetries?: number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** For tests: the client to use instead of one built from the endpoint. */
  readonly client?: Pick<OpenAI, 'chat'>;
  /** The fetch the client uses (the worker passes one that refuses every origin but the endpoint's). */
  readonly fetch?: typeof fetch;
  /**
   * The most one request may take, from its start to the end of its answer's body (retries and
   * waits included): a silent or dripping endpoint is stopped then.
   */
  readonly deadlineMs?: number;
  /** Answers past this many bytes are refused before more is read. */
  readonly maxAnswerBytes?: number;
  /** The page's address and policy: an endpoint it may not reach is refused before any request, by name. */
  readonly policy?: PagePolicy | null;
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
    ...(request.tools
      ? { tools: request.tools.map((tool) => ({ type: 'function' as const, function: { ...tool.function } })) }
      : {}),
    ...(request.forcedTool
      ? { tool_choice: { type: 'function' as const, function: { name: request.forcedTool } } }
      : {}),
    ...(request.responseSchema
      ? {
          response_format: {
            type: 'json_schema' as const,
            json_schema: { name: request.responseSchema.name, schema: { ...request.responseSchema.schema } },
          },
        }
      : {}),
  };
}

/** The parts of a chat completion we read; anything else in the body is ignored. */
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.looseObject({
                type: z.string().optional(),
                function: z.object({ name: z.string(), arguments: z.string() }).optional(),
              }),
            )
            .nullish(),
        }),
      }),
    )
    .nullish(),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
});

/** The answer in a completion body, or an LlmCallError saying in one sentence what is wrong with the body. */
export function answerOf(body: unknown, baseURL: string): LlmAnswer {
  if (typeof body === 'string') {
    // The client hands back bodies that are not JSON as text.
    throw new LlmCallError(
      'bad-response',
      /<html|<!doctype/i.test(body)
        ? htmlPageText(200, body, baseURL)
        : `The endpoint answered with text that is not JSON ("${oneLineDetail(body).slice(0, 80)}"); is ${baseURL} an OpenAI-compatible API?`,
    );
  }
  const parsed = completionSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new LlmCallError(
      'bad-response',
      `The endpoint's answer is not a chat completion (${issue.path.join('.') || 'the body'}: ${issue.message}).`,
    );
  }
  const message = parsed.data.choices?.[0]?.message;
  if (!message)
    throw new LlmCallError(
      'bad-response',
      'The endpoint answered without any choice (no "choices" in the completion), so there is no answer to use.',
    );
  const toolCalls = (message.tool_calls ?? []).flatMap((call) =>
    (call.type ?? 'function') === 'function' && call.function
      ? [{ name: call.function.name, arguments: call.function.arguments }]
      : [],
  );
  const usage = parsed.data.usage
    ? { promptTokens: parsed.data.usage.prompt_tokens, completionTokens: parsed.data.usage.completion_tokens }
    : undefined;
  return { content: message.content ?? null, ...(toolCalls.length ? { toolCalls } : {}), ...(usage ? { usage } : {}) };
}

/** Longest wait a Retry-After is honoured for; past it the call stops with a message saying so. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** Backoff without Retry-After: 1 s, 2 s, 4 s, 8 s..., at most this. */
const MAX_BACKOFF_MS = 30_000;

const RETRY_REASON: Partial<Record<LlmErrorKind, string>> = {
  'rate-limit': 'Rate limited',
  server: 'The endpoint failed',
  network: 'The connection failed',
};

/**
 * Answers the engine's LLM requests by calling an OpenAI-compatible endpoint from the browser, with
 * the user's own key. Rate limits, 5xx answers and cut connections are retried with backoff (and
 * reported), honouring Retry-After up to MAX_RETRY_AFTER_MS; other failures become an LlmCallError
 * whose message says what to do and never contains the key. An answer the condenser cannot use (no
 * text, another tool) is an error too, so it is never kept as if it were good.
 *
 * Every request has a total deadline, counted from its start to the end of its answer's body. The
 * openai client's own `timeout` stops counting once the headers arrive (a body dripping a byte a second
 * never ends), so the deadline aborts the client's `signal` instead, which also stops the body; and
 * the body is read through a counter that refuses answers past `maxAnswerBytes`.
 */
export function liveLlm(endpoint: LlmEndpoint, options: LiveLlmOptions = {}): AnswerLlmAsync {
  const complete = liveCompletion(endpoint, options);
  return (request) => complete(completionBody(request, endpoint.model), (answer) => answerProblem(request, answer));
}

/** The agent's own request at a step: its chat messages and tool schemas, sent exactly as the trace has them. */
export interface AgentChatRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly ChatTool[] | null;
}

/**
 * Asks the endpoint what the agent would answer to its own request (a one-step counterfactual), with
 * liveLlm's retries, deadline, answer cap and failure naming. An answer with neither text nor a tool
 * call is an error: there is nothing to compare.
 */
export function liveAgentLlm(
  endpoint: LlmEndpoint,
  options: LiveLlmOptions = {},
): (request: AgentChatRequest) => Promise<LlmAnswer> {
  const complete = liveCompletion(endpoint, options);
  return (request) =>
    complete(
      {
        model: endpoint.model,
        messages: request.messages as unknown as OpenAI.ChatCompletionMessageParam[],
        ...(request.tools ? { tools: request.tools as unknown as OpenAI.ChatCompletionTool[] } : {}),
      },
      (answer) =>
        answer.content === null && !answer.toolCalls?.length ? 'it holds neither text nor a tool call' : null,
    );
}

/** One chat completion with retries and a deadline; `problemOf` says why an answer cannot be used. */
function liveCompletion(
  endpoint: LlmEndpoint,
  options: LiveLlmOptions,
): (
  body: OpenAI.ChatCompletionCreateParamsNonStreaming,
  problemOf: (answer: LlmAnswer) => string | null,
) => Promise<LlmAnswer> {
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const baseFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? abortableSleep;
  const maxRetries = options.maxRetries ?? 4;
  const blocked = options.policy ? endpointBlocked(endpoint.baseURL, options.policy) : null;
  return async (body, problemOf) => {
    if (blocked) throw new LlmCallError('blocked', blocked);
    const started = Date.now();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), deadlineMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
    const userCancelled = () => options.signal?.aborted === true;
    try {
      for (let attempt = 0; ; attempt++) {
        let answer: LlmAnswer;
        const watch = newWatch();
        try {
          // A client per attempt: its fetch reports what this attempt saw (headers, bytes, a cut).
          const client =
            options.client ??
            new OpenAI({
              baseURL: endpoint.baseURL,
              apiKey: endpoint.apiKey,
              dangerouslyAllowBrowser: true,
              maxRetries: 0,
              timeout: deadlineMs,
              fetch: boundedFetch(baseFetch, maxAnswerBytes, watch),
            });
          const completion: unknown = await client.chat.completions.create(body, { signal });
          answer = answerOf(completion, endpoint.baseURL);
        } catch (error) {
          if (userCancelled()) throw new LlmCallError('cancelled', 'The LLM call was cancelled.');
          const context = {
            baseURL: endpoint.baseURL,
            watch,
            deadlinePassed: deadline.signal.aborted,
            deadlineMs,
            maxAnswerBytes,
            policy: options.policy ?? null,
          };
          const described = failureByCause(error, context) ?? describeLlmError(error, endpoint);
          if (!RETRYABLE_KINDS.has(described.kind)) throw described;
          if (described.retryAfterMs !== null && described.retryAfterMs > MAX_RETRY_AFTER_MS) {
            throw new LlmCallError(
              described.kind,
              `${described.message} The endpoint asks to wait ${secondsText(described.retryAfterMs)} before trying again (Retry-After), longer than the ${secondsText(MAX_RETRY_AFTER_MS)} the inspector waits; run again later.`,
              described.retryAfterMs,
            );
          }
          if (attempt >= maxRetries) throw described;
          const waitMs = described.retryAfterMs ?? Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
          if (Date.now() - started + waitMs >= deadlineMs) {
            throw new LlmCallError(
              described.kind,
              `${described.message} Waiting ${secondsText(waitMs)} to try again would pass the ${secondsText(deadlineMs)} deadline (LLM settings), so the request was stopped.`,
            );
          }
          const reason = RETRY_REASON[described.kind] ?? 'The call failed';
          options.onRetry?.({
            attempt: attempt + 1,
            waitMs,
            message: `${reason}; retrying in ${secondsText(waitMs)} (retry ${attempt + 1} of ${maxRetries}).`,
          });
          await sleep(waitMs, signal);
          continue;
        }
        const problem = problemOf(answer);
        if (problem) {
          throw new LlmCallError(
            'invalid-answer',
            `${endpoint.model}'s answer cannot be used: ${problem}. It was not kept; run again to ask again.`,
          );
        }
        return answer;
      }
    } finally {
      clearTimeout(timer);
    }
  };
}
