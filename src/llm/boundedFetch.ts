/** Largest answer read by default (LLM settings can change it): a summary is kilobytes, never megabytes. */
export const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** What one request's fetch saw, so that a failure can be told by its real cause. */
export interface FetchWatch {
  /** The endpoint answered: status and headers arrived. */
  answered: boolean;
  /** Bytes of the body read so far. */
  bytes: number;
  /** Why the body stopped before its end: past the cap, or the connection dropped mid-way. */
  stopped: 'too-large' | 'cut' | null;
}

export const newWatch = (): FetchWatch => ({ answered: false, bytes: 0, stopped: null });

/** The body is larger than the cap: reading stopped there. */
export class AnswerTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = 'AnswerTooLargeError';
  }
}

/** The connection dropped after the answer began. */
export class AnswerCutError extends Error {
  constructor(readonly bytes: number) {
    super(`the connection was cut after ${bytes} bytes of the answer`);
    this.name = 'AnswerCutError';
  }
}

/** Statuses whose responses have no body (a Response cannot be built with one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The body of `response` read through a counter: past `maxBytes` it errors (AnswerTooLargeError)
 * before more is read, and a read that fails for a reason other than `signal` is an AnswerCutError.
 */
function countedBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  watch: FetchWatch,
  signal: AbortSignal | null | undefined,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        // An abort (the deadline, or Cancel) is told apart by its signal, not as a cut connection.
        if (signal?.aborted) throw error;
        watch.stopped = 'cut';
        throw new AnswerCutError(watch.bytes);
      }
      if (read.done) {
        controller.close();
        return;
      }
      watch.bytes += read.value.byteLength;
      if (watch.bytes > maxBytes) {
        watch.stopped = 'too-large';
        void reader.cancel().catch(() => undefined);
        throw new AnswerTooLargeError(maxBytes);
      }
      controller.enqueue(read.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * A fetch whose answers are read at most `maxBytes` far (a declared Content-Length past it is refused
 * before any of the body is read), reporting to `watch` what it saw.
 */
export function boundedFetch(base: typeof fetch, maxBytes: number, watch: FetchWatch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    watch.answered = true;
    if (!response.body || NULL_BODY.has(response.status)) return response;
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      watch.stopped = 'too-large';
      void response.body.cancel().catch(() => undefined);
      throw new AnswerTooLargeError(maxBytes);
    }
    return new Response(countedBody(response.body, maxBytes, watch, init?.signal), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
