import OpenAI from 'openai';
import { ForeignOriginError, RedirectRefusedError } from '../security/originGuard.ts';
import { AnswerTooLargeError, type FetchWatch } from './boundedFetch.ts';
import { type PagePolicy, unreachableText } from './endpointReach.ts';
import { LlmCallError } from './llmErrors.ts';

/** What is known about one failed request besides the error itself. */
export interface FailureContext {
  readonly baseURL: string;
  readonly watch: FetchWatch;
  /** The total deadline passed (not the user's Cancel). */
  readonly deadlinePassed: boolean;
  readonly deadlineMs: number;
  readonly maxAnswerBytes: number;
  readonly policy: PagePolicy | null;
}

export const secondsText = (ms: number) =>
  ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${(ms / 1000).toFixed(1)} s`;
export const bytesText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} bytes`;

function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (let at: unknown = error; at && found.length < 4; at = (at as { cause?: unknown }).cause) found.push(at);
  return found;
}

/**
 * The failure named by its real cause, when the request's own record tells it (the deadline, the size
 * cap, a connection cut mid-answer, a redirect, an endpoint never reached); null to leave it to
 * describeLlmError, which reads the endpoint's answer.
 */
export function failureByCause(error: unknown, context: FailureContext): LlmCallError | null {
  const { baseURL, watch } = context;
  const chain = causes(error);
  if (context.deadlinePassed) {
    const got = watch.answered
      ? `it began answering but sent only ${bytesText(watch.bytes)} in that time`
      : 'it had not begun to answer';
    return new LlmCallError(
      'timeout',
      `No complete answer from ${baseURL} within ${secondsText(context.deadlineMs)} (the deadline in the LLM settings): ${got}. The request was stopped.`,
    );
  }
  if (watch.stopped === 'too-large' || chain.some((cause) => cause instanceof AnswerTooLargeError)) {
    return new LlmCallError(
      'too-large',
      `The answer from ${baseURL} is larger than ${bytesText(context.maxAnswerBytes)} (the largest answer in the LLM settings), so it was not read further and nothing of it was kept.`,
    );
  }
  if (watch.stopped === 'cut') {
    return new LlmCallError(
      'network',
      `The connection to ${baseURL} was cut in the middle of the answer (after ${bytesText(watch.bytes)} of it).`,
    );
  }
  const redirect = chain.find((cause): cause is RedirectRefusedError => cause instanceof RedirectRefusedError);
  if (redirect) {
    return new LlmCallError(
      'redirect',
      `${baseURL} answered with a redirect (${redirect.status}${redirect.location ? ` to ${redirect.location}` : ''}), which the inspector does not follow, so that the key goes nowhere else: set the base URL to the address it redirects to.`,
    );
  }
  const foreign = chain.find((cause): cause is ForeignOriginError => cause instanceof ForeignOriginError);
  if (foreign) return new LlmCallError('blocked', `The request was refused: ${foreign.message}.`);
  if (
    error instanceof OpenAI.APIConnectionError &&
    !(error instanceof OpenAI.APIConnectionTimeoutError) &&
    !watch.answered
  ) {
    return new LlmCallError('network', unreachableText(baseURL, context.policy));
  }
  return null;
}
