/// <reference lib="webworker" />
import '../security/zodWithoutEval.ts';
import { liveAgentLlm, liveLlm } from '../llm/openaiLlm.ts';
import { APP_CONNECT } from '../security/appPolicy.ts';
import { originGuardedFetch } from '../security/originGuard.ts';
import { type CallContext, type FileInPlace, Inspector, type InspectorApi } from '../inspect/index.ts';
import { EngineQueue } from './engineQueue.ts';
import { resultToSend } from './wireColumns.ts';
import {
  BACKGROUND_METHODS,
  type CancelMessage,
  type ProgressMessage,
  type RequestMessage,
  type ResponseMessage,
} from './protocol.ts';

// The worker is only a message shell around Inspector; requests run one after another (background
// jobs beside them, network waits outside the queue), while cancellations are handled at once.
// The LLM client reaches the endpoint's origin only, whatever the page's policy allows; an endpoint
// the policy blocks is refused by name before any request.
const policy = { page: self.location.href, connect: APP_CONNECT };
const guarded = (baseURL: string) => ({ policy, fetch: originGuardedFetch(new URL(baseURL).origin) });
// A log of KEEP_IN_FILE_BYTES or more is read where it is: a worker can read a file's range at once
// (FileReaderSync), so its bytes need not be held beside its events (a 1 GB log's gigabyte). Below it
// the bytes stay in memory: a scan of every event (search, counting) then reads no file and churns no
// buffers (at 1 GB a search took 8-11 s in place, 1.2-2.4 s in memory, most of it garbage collection).
const KEEP_IN_FILE_BYTES = 512 * 1024 * 1024;
const fileInPlace: FileInPlace | null =
  typeof FileReaderSync === 'undefined'
    ? null
    : {
        readRange: (blob, start, end) => new Uint8Array(new FileReaderSync().readAsArrayBuffer(blob.slice(start, end))),
        fromBytes: KEEP_IN_FILE_BYTES,
      };
const host = new Inspector(
  undefined,
  (endpoint, options) => liveLlm(endpoint, { ...options, ...guarded(endpoint.baseURL) }),
  (endpoint, options) => liveAgentLlm(endpoint, { ...options, ...guarded(endpoint.baseURL) }),
  fileInPlace,
);
const queue = new EngineQueue();
const running = new Map<number, AbortController>();

self.onmessage = (event: MessageEvent<RequestMessage | CancelMessage>) => {
  if ('cancel' in event.data) {
    running.get(event.data.cancel)?.abort();
    return;
  }
  const { id, method, args } = event.data;
  const controller = new AbortController();
  running.set(id, controller);
  const context: CallContext = {
    signal: controller.signal,
    progress: (progress) => (self as unknown as Worker).postMessage({ id, progress } satisfies ProgressMessage),
  };
  const run = async (outside?: CallContext['outside']) => {
    let response: ResponseMessage;
    let transfer: ArrayBuffer[] = [];
    try {
      const call = host[method] as (args: unknown, context: CallContext) => Promise<unknown>;
      const sent = resultToSend(method, await call.call(host, args, outside ? { ...context, outside } : context));
      response = { id, ok: true, result: sent.result };
      transfer = sent.transfer;
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      response = { id, ok: false, error: { name, message: error instanceof Error ? error.message : String(error) } };
    }
    running.delete(id);
    (self as unknown as Worker).postMessage(response, transfer);
  };
  if (BACKGROUND_METHODS.has(method)) void run();
  else void queue.run(run);
};

export type { InspectorApi };
