/// <reference lib="webworker" />
import { EngineHost } from './engineHost.ts';
import type { EngineApi, RequestMessage, ResponseMessage } from './protocol.ts';

// The worker is only a message shell around EngineHost; requests run one after another.
const host = new EngineHost();
let queue: Promise<unknown> = Promise.resolve();

self.onmessage = (event: MessageEvent<RequestMessage>) => {
  const { id, method, args } = event.data;
  queue = queue.then(async () => {
    let response: ResponseMessage;
    try {
      const call = host[method] as (args: unknown) => Promise<unknown>;
      response = { id, ok: true, result: await call.call(host, args) };
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      response = { id, ok: false, error: { name, message: error instanceof Error ? error.message : String(error) } };
    }
    const transfer = response.ok && response.result instanceof Uint32Array ? [response.result.buffer] : [];
    (self as unknown as Worker).postMessage(response, transfer as Transferable[]);
  });
};

export type { EngineApi };
