import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ChatBody, chatBodyError, completionFor, completionJson, digest } from './answers.ts';
import {
  type FakeError,
  contextTooLong,
  invalidRequest,
  malformedJson,
  notFound,
  rateLimited,
  serverError,
  unauthorized,
} from './errors.ts';
import { FAULT_MODELS, faultFor, isFaultModel, sendFault } from './faults.ts';
import { completionChunks, sseBody } from './sse.ts';
import { STALL_MODELS, isStallModel, sendStall } from './stalls.ts';

/** Models with a special behaviour (faults.ts has the broken-endpoint ones); any other model name gets ordinary answers. */
export const FAKE_MODELS = [
  'fake-model',
  'rate-limit-once',
  'context-too-long',
  'slow',
  'server-error',
  'noisy-agent',
  ...FAULT_MODELS,
  ...STALL_MODELS,
] as const;

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
  /** The status answered, or 'aborted' when the client went away first; undefined while in progress. */
  status?: number | 'aborted';
}

export interface FakeOpenAiServerOptions {
  readonly apiKey?: string;
  readonly port?: number;
  /** How long model 'slow' waits before answering. */
  readonly delayMs?: number;
  /** Milliseconds between two bytes of model 'drip' (default 1000). */
  readonly dripMs?: number;
  /** Size of model 'huge-body''s answer (default 16 MiB). */
  readonly hugeBodyBytes?: number;
  /** Told about each request once it is answered (or aborted). */
  readonly onRequest?: (request: RecordedRequest) => void;
}

export interface FakeOpenAiServer {
  /** The base URL for an OpenAI client, e.g. http://127.0.0.1:PORT/v1. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

/** Resolves true after `ms`, or false as soon as the client disconnects. */
function waitUnlessClosed(response: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      response.off('close', onClose);
      resolve(true);
    }, ms);
    response.once('close', onClose);
  });
}

function preflightHeaders(request: IncomingMessage): Record<string, string> {
  // A `*` in Allow-Headers does not cover Authorization, so it is named (and whatever was asked echoed).
  const asked = request.headers['access-control-request-headers'];
  return {
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': ['*', 'authorization', 'content-type', ...(asked ? [asked] : [])].join(', '),
    'Access-Control-Max-Age': '600',
    ...(request.headers['access-control-request-private-network'] === 'true'
      ? { 'Access-Control-Allow-Private-Network': 'true' }
      : {}),
  };
}

export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const apiKey = options.apiKey ?? 'test-key';
  const delayMs = options.delayMs ?? 2000;
  const requests: RecordedRequest[] = [];
  const rateLimitedBodies = new Set<string>();
  const faultedBodies = new Set<string>();
  /** How often each request body came before (model 'noisy-agent' answers repeats differently). */
  const seenBodies = new Map<string, number>();
  let port = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', `http://${HOST}`).pathname;
    const record: RecordedRequest = { method, path, headers: request.headers, body: undefined };
    requests.push(record);
    response.once('close', () => {
      record.status ??= 'aborted';
      options.onRequest?.(record);
    });
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Expose-Headers', '*');

    const send = (status: number, body: string, headers: Record<string, string>) => {
      record.status = status;
      response.writeHead(status, headers).end(body);
    };
    const sendJson = (status: number, body: object, headers: Record<string, string> = {}) =>
      send(status, JSON.stringify(body), { 'Content-Type': 'application/json', ...headers });
    const sendError = (error: FakeError) => sendJson(error.status, error.body, error.headers);

    const text = await readBody(request);
    if (method === 'OPTIONS') return send(204, '', preflightHeaders(request));
    const route = path.replace(/^\/v1(?=\/)/, '').replace(/\/+$/, '');
    const isChat = method === 'POST' && route === '/chat/completions';
    const isModels = method === 'GET' && route === '/models';
    if (!isChat && !isModels) return sendError(notFound(method, path));
    if (request.headers.authorization !== `Bearer ${apiKey}`)
      return sendError(unauthorized(request.headers.authorization));
    if (isModels) {
      return sendJson(200, {
        object: 'list',
        data: FAKE_MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake-llm' })),
      });
    }

    try {
      record.body = JSON.parse(text);
    } catch {
      return sendError(malformedJson());
    }
    const invalid = chatBodyError(record.body);
    if (invalid) return sendError(invalidRequest(invalid));
    const body = record.body as ChatBody;

    if (body.model === 'server-error') return sendError(serverError());
    if (body.model === 'context-too-long') return sendError(contextTooLong());
    if (body.model === 'rate-limit-once') {
      const key = digest(JSON.stringify(body));
      if (!rateLimitedBodies.has(key)) {
        rateLimitedBodies.add(key);
        return sendError(rateLimited());
      }
    }
    if (body.model === 'slow' && !(await waitUnlessClosed(response, delayMs))) return;
    if (isStallModel(body.model)) {
      const stall = {
        dripMs: options.dripMs ?? 1000,
        hugeBodyBytes: options.hugeBodyBytes ?? 16 * 1024 * 1024,
        redirectOrigin: `http://localhost:${port}`,
      };
      record.status = await sendStall(body.model, body, request, response, stall);
      return;
    }
    const fault = isFaultModel(body.model) ? faultFor(body.model, body, faultedBodies) : null;
    if (fault?.kind === 'error') return sendError(fault.error);
    if (fault?.kind === 'answer') return sendJson(200, fault.body);
    if (fault) {
      record.status = sendFault(fault, response);
      return;
    }

    const bodyDigest = digest(JSON.stringify(body));
    const repeat = seenBodies.get(bodyDigest) ?? 0;
    seenBodies.set(bodyDigest, repeat + 1);
    const completion = completionFor(body, repeat);
    if (body.stream === true) {
      const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
      return send(200, sseBody(completionChunks(completion, includeUsage)), {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
      });
    }
    sendJson(200, completionJson(completion));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (response.headersSent) response.destroy();
      else response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify(serverError().body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  ({ port } = server.address() as AddressInfo);

  return {
    url: `http://${HOST}:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive sockets (and 'slow' requests still waiting) would hold close() open otherwise.
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
