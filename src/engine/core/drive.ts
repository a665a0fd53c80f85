import { type LlmAnswer, type LlmRequest, type LlmWork, LlmUnavailable } from './llm.ts';

export type AnswerLlm = (request: LlmRequest, callIndex: number) => LlmAnswer;
export type AnswerLlmAsync = (request: LlmRequest, callIndex: number) => Promise<LlmAnswer>;

/**
 * Runs engine work to completion, answering its LLM requests synchronously. An answerer that throws
 * has its error raised inside the work, where the replay records it as the step's failure.
 */
export function runSync<T>(work: LlmWork<T>, answer: AnswerLlm): T {
  return runToEnd(runInSteps(work, answer));
}

/**
 * The same a call at a time: the generator pauses (yields) after each answered call, so a caller can
 * spread long work over slices and stop it between two calls.
 */
export function* runInSteps<T>(work: LlmWork<T>, answer: AnswerLlm): Generator<void, T, void> {
  let calls = 0;
  let next = work.next();
  while (!next.done) {
    let reply: LlmAnswer;
    try {
      reply = answer(next.value, calls++);
    } catch (error) {
      next = work.throw(error);
      continue;
    }
    yield;
    next = work.next(reply);
  }
  return next.value;
}

/** Runs work that pauses (runInSteps, or any generator of pauses) to completion at once. */
export function runToEnd<T>(work: Generator<void, T, void>): T {
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
  }
}

/** The part of an AbortSignal the engine reads (it has no DOM types). */
export interface CancelSignal {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

/** Like runSync, for answers that take time (a real endpoint). Stops early when `signal` aborts. */
export async function runAsync<T>(work: LlmWork<T>, answer: AnswerLlmAsync, signal?: CancelSignal): Promise<T> {
  let calls = 0;
  let next = work.next();
  while (!next.done) {
    if (signal?.aborted) {
      work.return(undefined as T);
      throw signal.reason instanceof Error ? signal.reason : new Error('cancelled');
    }
    let reply: LlmAnswer;
    try {
      reply = await answer(next.value, calls++);
    } catch (error) {
      if (signal?.aborted) {
        work.return(undefined as T);
        throw error;
      }
      next = work.throw(error);
      continue;
    }
    next = work.next(reply);
  }
  return next.value;
}

/** Answers from a list, in call order (the replay contract's `--llm-script`). */
export function scriptedLlm(script: readonly LlmAnswer[]): AnswerLlm {
  return (_request, callIndex) => {
    const answer = script[callIndex];
    if (!answer) {
      throw new LlmUnavailable(
        `The LLM script has no answer for call ${callIndex + 1} (it holds ${script.length}); the replay stops here.`,
      );
    }
    return answer;
  };
}

/** For configurations without an LLM condenser: any request is a bug in the caller's choice of driver. */
export const noLlm: AnswerLlm = () => {
  throw new LlmUnavailable('This configuration asked an LLM, but no LLM answers were provided.');
};
