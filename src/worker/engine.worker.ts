/// <reference lib="webworker" />
import '../security/zodWithoutEval.ts';
import { liveLlm } from '../llm/openaiLlm.ts';
import { originGuardedFetch } from '../security/originGuard.ts';
import { type CallContext, Inspector, type InspectorApi } from '../inspect/index.ts';
import { BACKGROUND_METHODS, type CancelMessage, type ProgressMessage, type RequestMessage, type ResponseMessage } from './protocol.ts';

// The worker is only a message shell around Inspector; requests run one after another (background
// jobs beside them), while cancellations are handled at once.
// The LLM client reaches the endpoint's origin only, whatever the page's policy allows.
const host = new Inspector(undefined, (endpoint, options) => liveLlm(endpoint, { ...options, fetch: originGuardedFetch(new URL(endpoint.baseURL).origin) }));
let queue: Promise<unknown> = Promise.resolve();
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
  const run = async () => {
    let response: ResponseMessage;
    try {
      const call = host[method] as (args: unknown, context: CallContext) => Promise<unknown>;
      response = { id, ok: true, result: await call.call(host, args, context) };
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      response = { id, ok: false, error: { name, message: error instanceof Error ? error.message : String(error) } };
    }
    running.delete(id);
    const transfer = response.ok && response.result instanceof Uint32Array ? [response.result.buffer] : [];
    (self as unknown as Worker).postMessage(response, transfer as Transferable[]);
  };
  if (BACKGROUND_METHODS.has(method)) void run();
  else queue = queue.then(run);
};

export type { InspectorApi };
