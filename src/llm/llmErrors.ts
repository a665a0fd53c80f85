import OpenAI from 'openai';
import { LlmUnavailable } from '../engine/index.ts';

export type LlmErrorKind = 'auth' | 'rate-limit' | 'context' | 'network' | 'cancelled' | 'server' | 'not-found' | 'bad-request';

/**
 * A failed LLM call, explained so the user can act on it. Its message never contains the key. It is
 * an LlmUnavailable, so a replay records it as the step's failure in these words.
 */
export class LlmCallError extends LlmUnavailable {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    /** How long the server asked us to wait (rate limits), if it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'LlmCallError';
  }
}

const CONTEXT_PATTERNS = [/context length/i, /context window/i, /maximum context/i, /prompt is too long/i, /too many tokens/i, /reduce the length/i, /context_length_exceeded/i];

function retryAfter(headers: Headers | undefined): number | null {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const seconds = Number(headers?.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/** Removes every occurrence of the key (and its usual masked forms) from a text shown to the user. */
export function withoutKey(text: string, apiKey: string): string {
  if (apiKey.length < 4) return text;
  return text.split(apiKey).join('[key hidden]').split(apiKey.slice(-8)).join('[…]');
}

/** Maps whatever the openai client threw to an actionable LlmCallError. */
export function describeLlmError(error: unknown, endpoint: { baseURL: string; model: string; apiKey: string }): LlmCallError {
  const clean = (text: string) => withoutKey(text, endpoint.apiKey);
  if (error instanceof LlmCallError) return error;
  if (error instanceof OpenAI.APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) {
    return new LlmCallError('cancelled', 'The LLM call was cancelled.');
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new LlmCallError(
      'network',
      `Could not reach ${endpoint.baseURL}: the server may be down, the address wrong, or it does not allow requests from this page (CORS). Check the base URL, or use a proxy that sends CORS headers.`,
    );
  }
  if (error instanceof OpenAI.APIError) {
    const detail = clean(error.message || '');
    if (error.status === 401 || error.status === 403) {
      return new LlmCallError('auth', `The endpoint refused the API key (${error.status}). Check the key in the LLM settings.`);
    }
    if (error.status === 429) {
      return new LlmCallError('rate-limit', `The endpoint is rate limiting requests (429): ${detail}`, retryAfter(error.headers));
    }
    if (error.status === 404) {
      return new LlmCallError('not-found', `The endpoint does not know model "${endpoint.model}" or this path (404). Check the base URL and the model name.`);
    }
    if (CONTEXT_PATTERNS.some((pattern) => pattern.test(error.message ?? '') || pattern.test(String(error.code ?? '')))) {
      return new LlmCallError(
        'context',
        `The prompt is longer than ${endpoint.model}'s context window (${detail}). Lower max_size or max_event_length, or choose a model with a larger context. (OpenHands would answer this with another condensation request.)`,
      );
    }
    if (error.status !== undefined && error.status >= 500) return new LlmCallError('server', `The endpoint failed (${error.status}): ${detail}`);
    return new LlmCallError('bad-request', `The endpoint rejected the request (${error.status ?? 'no status'}): ${detail}`);
  }
  return new LlmCallError('network', clean(error instanceof Error ? error.message : String(error)));
}
