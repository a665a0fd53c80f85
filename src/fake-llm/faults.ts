import type { ServerResponse } from 'node:http';
import { type ChatBody, completionFor, completionJson, digest } from './answers.ts';
import { type FakeError, rateLimited, serverError } from './errors.ts';

/**
 * Models that answer the way broken or busy endpoints do, so the client's handling of each can be
 * tested: a model named after the fault gets it. "-once" faults hit the first request of each body
 * only (the retry then succeeds).
 */
export const FAULT_MODELS = [
  'server-error-once',
  'disconnect-once',
  'cut-body-once',
  'retry-after-seconds',
  'retry-after-date',
  'retry-after-long',
  'html-error',
  'html-page',
  'no-choices',
  'malformed-body',
  'null-content',
  'wrong-tool',
] as const;

export type FaultModel = (typeof FAULT_MODELS)[number];

export function isFaultModel(model: string): model is FaultModel {
  return (FAULT_MODELS as readonly string[]).includes(model);
}

/** What the server does for a fault: an error answer, a raw body, or a dropped connection. */
export type FaultAction =
  | { readonly kind: 'error'; readonly error: FakeError }
  | { readonly kind: 'raw'; readonly status: number; readonly contentType: string; readonly body: string }
  | { readonly kind: 'destroy'; readonly partialBody?: string }
  | { readonly kind: 'answer'; readonly body: object };

const GATEWAY_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const WEB_PAGE =
  '<!doctype html><html><head><title>Acme Cloud: sign in</title></head><body><h1>Sign in</h1><form>…</form></body></html>';

/** An HTTP-date `seconds` from now, as servers write Retry-After. */
function httpDate(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toUTCString();
}

function withRetryAfter(value: string): FakeError {
  const error = rateLimited();
  return { ...error, headers: { 'retry-after': value } };
}

/**
 * The fault for `model`, or null when this request should be answered normally (a "-once" fault
 * already served for this body). `seen` remembers the bodies that got their one fault.
 */
export function faultFor(model: FaultModel, body: ChatBody, seen: Set<string>): FaultAction | null {
  const once = () => {
    const key = digest(JSON.stringify(body));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  switch (model) {
    case 'server-error-once':
      return once() ? { kind: 'error', error: { ...serverError(), status: 503 } } : null;
    case 'disconnect-once':
      return once() ? { kind: 'destroy' } : null;
    case 'cut-body-once':
      return once()
        ? { kind: 'destroy', partialBody: JSON.stringify(completionJson(completionFor(body))).slice(0, 40) }
        : null;
    case 'retry-after-seconds':
      return once() ? { kind: 'error', error: withRetryAfter('1') } : null;
    case 'retry-after-date':
      return once() ? { kind: 'error', error: withRetryAfter(httpDate(2)) } : null;
    case 'retry-after-long':
      return { kind: 'error', error: withRetryAfter('3600') };
    case 'html-error':
      return { kind: 'raw', status: 502, contentType: 'text/html', body: GATEWAY_PAGE };
    case 'html-page':
      return { kind: 'raw', status: 200, contentType: 'text/html; charset=utf-8', body: WEB_PAGE };
    case 'no-choices': {
      const completion = completionJson(completionFor(body)) as Record<string, unknown>;
      return { kind: 'answer', body: { ...completion, choices: undefined } };
    }
    case 'malformed-body':
      return {
        kind: 'raw',
        status: 200,
        contentType: 'application/json',
        body: '{"id": "chatcmpl-broken", "choices": [{"message": {"role": "assistant", "content": "USER_CON',
      };
    case 'null-content':
      return { kind: 'answer', body: answerWith(body, { role: 'assistant', content: null }) };
    case 'wrong-tool':
      return {
        kind: 'answer',
        body: answerWith(body, {
          role: 'assistant',
          content: 'I will look at the files first.',
          tool_calls: [
            { id: 'call_wrong', type: 'function', function: { name: 'execute_bash', arguments: '{"command": "ls"}' } },
          ],
        }),
      };
  }
}

function answerWith(body: ChatBody, message: object): object {
  const completion = completionJson(completionFor(body)) as { choices: Array<Record<string, unknown>> };
  return { ...completion, choices: [{ ...completion.choices[0], message, finish_reason: 'stop' }] };
}

/** Carries out a fault on the response; returns the status sent, or 'aborted' for a dropped connection. */
export function sendFault(
  action: Exclude<FaultAction, { kind: 'error' } | { kind: 'answer' }>,
  response: ServerResponse,
): number | 'aborted' {
  if (action.kind === 'raw') {
    response.writeHead(action.status, { 'Content-Type': action.contentType }).end(action.body);
    return action.status;
  }
  if (action.partialBody !== undefined) {
    // Headers and the start of the body, then the connection drops (a proxy timing out mid-answer).
    response.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': String(action.partialBody.length * 4),
    });
    response.write(action.partialBody);
    setTimeout(() => response.socket?.destroy(), 20);
    return 'aborted';
  }
  response.socket?.destroy();
  return 'aborted';
}
