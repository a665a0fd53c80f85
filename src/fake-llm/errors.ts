/** An HTTP error answer in OpenAI's shape: `{"error": {message, type, param, code}}`. */
export interface FakeError {
  readonly status: number;
  readonly body: {
    readonly error: {
      readonly message: string;
      readonly type: string;
      readonly param: string | null;
      readonly code: string | null;
    };
  };
  readonly headers?: Readonly<Record<string, string>>;
}

function openAiError(
  status: number,
  message: string,
  type: string,
  code: string | null,
  headers?: Record<string, string>,
): FakeError {
  return { status, body: { error: { message, type, param: null, code } }, ...(headers ? { headers } : {}) };
}

/** OpenAI's masking (first 3 + ***** + last 4); short keys are left out, as masking would reveal most of them. */
export function maskKey(key: string): string | null {
  return key.length < 12 ? null : `${key.slice(0, 3)}*****${key.slice(-4)}`;
}

export function unauthorized(authorization: string | undefined): FakeError {
  const key = /^Bearer\s+(.*)$/i.exec(authorization ?? '')?.[1]?.trim();
  if (!key) {
    return openAiError(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      'invalid_request_error',
      'invalid_api_key',
    );
  }
  const masked = maskKey(key);
  return openAiError(
    401,
    `Incorrect API key provided${masked ? `: ${masked}` : ''}.`,
    'invalid_request_error',
    'invalid_api_key',
  );
}

export function malformedJson(): FakeError {
  return openAiError(
    400,
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload.)",
    'invalid_request_error',
    null,
  );
}

export function invalidRequest(message: string): FakeError {
  return openAiError(400, message, 'invalid_request_error', null);
}

export function notFound(method: string, path: string): FakeError {
  return openAiError(404, `Invalid URL (${method} ${path})`, 'invalid_request_error', null);
}

export function rateLimited(): FakeError {
  return openAiError(
    429,
    'Rate limit reached for rate-limit-once: this fake answers 429 to the first request of each body. Please try again in 50ms.',
    'requests',
    'rate_limit_exceeded',
    { 'retry-after-ms': '50' },
  );
}

export function contextTooLong(): FakeError {
  return openAiError(
    400,
    "This model's maximum context length is 8192 tokens. However, your messages resulted in 12000 tokens.",
    'invalid_request_error',
    'context_length_exceeded',
  );
}

export function serverError(): FakeError {
  return openAiError(
    500,
    'The server had an error while processing your request. Sorry about that!',
    'server_error',
    null,
  );
}
