import OpenAI from 'openai';
import { LlmUnavailable } from '../engine/index.ts';

export type LlmErrorKind =
  | 'auth'
  | 'rate-limit'
  | 'context'
  | 'network'
  | 'cancelled'
  | 'server'
  | 'not-found'
  | 'bad-request'
  | 'bad-response'
  | 'invalid-answer'
  // No complete answer within the deadline; an answer past the size cap; a redirect not followed; a request the page may not send.
  | 'timeout'
  | 'too-large'
  | 'redirect'
  | 'blocked';

/** Failures worth asking again after a wait: the endpoint is busy, failing for now, or the connection dropped. */
export const RETRYABLE_KINDS: ReadonlySet<LlmErrorKind> = new Set<LlmErrorKind>(['rate-limit', 'server', 'network']);

/**
 * A failed LLM call, explained so the user can act on it. Its message never contains the key. It is
 * an LlmUnavailable, so a replay records it as the step's failure in these words.
 */
export class LlmCallError extends LlmUnavailable {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    /** How long the server asked us to wait (Retry-After), if it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'LlmCallError';
  }
}

const CONTEXT_PATTERNS = [
  /context length/i,
  /context window/i,
  /maximum context/i,
  /prompt is too long/i,
  /too many tokens/i,
  /reduce the length/i,
  /context_length_exceeded/i,
];

/** Longest piece of an endpoint's own words quoted in a message: error bodies can be whole pages. */
const DETAIL_LENGTH = 300;

/**
 * What `Retry-After` (seconds, or an HTTP-date) or OpenAI's `retry-after-ms` asks for, in ms; null
 * when the headers say nothing usable. A date in the past means "now".
 */
export function retryAfterMs(headers: Pick<Headers, 'get'> | undefined, now: number = Date.now()): number | null {
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Removes every occurrence of the key (and its usual masked forms) from a text shown to the user. */
export function withoutKey(text: string, apiKey: string): string {
  if (apiKey.length < 4) return text;
  return text.split(apiKey).join('[key hidden]').split(apiKey.slice(-8)).join('[…]');
}

/** One line of at most DETAIL_LENGTH characters. */
export function oneLineDetail(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > DETAIL_LENGTH ? `${line.slice(0, DETAIL_LENGTH - 1)}…` : line;
}

const looksLikeHtml = (text: string) =>
  /^\s*(<!doctype html|<html|<head|<body|<\?xml)/i.test(text) || /<\/(html|body|title)>/i.test(text);

/** An HTML page's title (or first heading), as the one thing worth quoting from it. */
function htmlTitle(text: string): string | null {
  const found = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text);
  return found ? oneLineDetail(found[1]!.replace(/<[^>]+>/g, '')) : null;
}

/** The sentence for a body that is an HTML page instead of the API's JSON. */
export function htmlPageText(status: number | undefined, body: string, baseURL: string): string {
  const title = htmlTitle(body);
  const what = title ? `an HTML page ("${title}")` : 'an HTML page';
  if (status !== undefined && status >= 500) {
    return `The endpoint answered ${status} with ${what}: a proxy or gateway in front of ${baseURL} failed, not the API itself.`;
  }
  return `The endpoint answered${status ? ` ${status}` : ''} with ${what} instead of the API's JSON: is ${baseURL} the API's base URL (usually ending in /v1)?`;
}

/** The endpoint's own message, without the key, on one short line. */
function detailOf(error: InstanceType<typeof OpenAI.APIError>, apiKey: string): string {
  const body = error.error;
  const raw = typeof body === 'string' ? body : (error.message ?? '');
  return oneLineDetail(withoutKey(raw, apiKey));
}

/** Maps whatever the openai client threw to an actionable LlmCallError. */
export function describeLlmError(
  error: unknown,
  endpoint: { baseURL: string; model: string; apiKey: string },
): LlmCallError {
  const clean = (text: string) => oneLineDetail(withoutKey(text, endpoint.apiKey));
  if (error instanceof LlmCallError) return error;
  if (error instanceof OpenAI.APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) {
    return new LlmCallError('cancelled', 'The LLM call was cancelled.');
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new LlmCallError(
      'network',
      `Could not reach ${endpoint.baseURL}, or the connection was cut: the server may be down, the address wrong, or it does not allow requests from this page (CORS). Check the base URL, or use a proxy that sends CORS headers.`,
    );
  }
  if (error instanceof OpenAI.APIError) {
    // Error bodies that are not JSON reach us as text: an HTML page from a proxy is the common case.
    const text = typeof error.error === 'string' ? error.error : error.message;
    if (text && looksLikeHtml(text)) {
      return new LlmCallError(
        error.status !== undefined && error.status >= 500 ? 'server' : 'bad-response',
        htmlPageText(error.status, text, endpoint.baseURL),
        retryAfterMs(error.headers),
      );
    }
    const detail = detailOf(error, endpoint.apiKey);
    if (error.status === 401 || error.status === 403) {
      return new LlmCallError(
        'auth',
        `The endpoint refused the API key (${error.status}). Check the key in the LLM settings.`,
      );
    }
    if (error.status === 429) {
      return new LlmCallError(
        'rate-limit',
        `The endpoint is rate limiting requests (429): ${detail}`,
        retryAfterMs(error.headers),
      );
    }
    if (error.status === 404) {
      return new LlmCallError(
        'not-found',
        `The endpoint does not know model "${endpoint.model}" or this path (404). Check the base URL and the model name.`,
      );
    }
    if (
      CONTEXT_PATTERNS.some((pattern) => pattern.test(error.message ?? '') || pattern.test(String(error.code ?? '')))
    ) {
      return new LlmCallError(
        'context',
        `The prompt is longer than ${endpoint.model}'s context window (${detail}). Lower max_size or max_event_length, or choose a model with a larger context. (OpenHands would answer this with another condensation request.)`,
      );
    }
    if (error.status !== undefined && error.status >= 500)
      return new LlmCallError(
        'server',
        `The endpoint failed (${error.status}): ${detail}`,
        retryAfterMs(error.headers),
      );
    return new LlmCallError(
      'bad-request',
      `The endpoint rejected the request (${error.status ?? 'no status'}): ${detail}`,
    );
  }
  // A 200 whose body is not JSON, or a body cut off mid-way: fetch and JSON parsing throw these.
  if (error instanceof SyntaxError) {
    return new LlmCallError(
      'bad-response',
      `The endpoint's answer is not valid JSON (${clean(error.message)}); the body may have been cut off, or ${endpoint.baseURL} is not an OpenAI-compatible API.`,
    );
  }
  if (
    error instanceof TypeError &&
    /terminated|socket|network|fetch failed|other side closed/i.test(
      `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`,
    )
  ) {
    return new LlmCallError(
      'network',
      `The connection to ${endpoint.baseURL} was cut before the answer arrived in full.`,
    );
  }
  return new LlmCallError('network', clean(error instanceof Error ? error.message : String(error)));
}
