import { EngineHost } from './engineHost.ts';
import type { EngineApi, EngineMethod, EngineResult, RequestMessage, ResponseMessage } from './protocol.ts';

/** An error the engine raised, re-created on this side of the worker boundary. */
export class EngineError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export interface EngineClient {
  call<M extends EngineMethod>(method: M, args: Parameters<EngineApi[M]>[0]): Promise<EngineResult<M>>;
  /** Where the engine runs: 'worker', or 'main thread' when Workers are unavailable. */
  readonly where: 'worker' | 'main thread';
  dispose(): void;
}

function inThread(): EngineClient {
  const host = new EngineHost();
  let queue: Promise<unknown> = Promise.resolve();
  return {
    where: 'main thread',
    call(method, args) {
      const run = queue.then(() => (host[method] as (a: unknown) => Promise<unknown>).call(host, args));
      queue = run.catch(() => undefined);
      return run as never;
    },
    dispose() {},
  };
}

function inWorker(worker: Worker): EngineClient {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  worker.onmessage = (event: MessageEvent<ResponseMessage>) => {
    const response = event.data;
    const waiter = pending.get(response.id);
    if (!waiter) return;
    pending.delete(response.id);
    if (response.ok) waiter.resolve(response.result);
    else waiter.reject(new EngineError(response.error.name, response.error.message));
  };
  worker.onerror = (event) => {
    for (const waiter of pending.values()) waiter.reject(new EngineError('WorkerError', event.message || 'the engine worker failed'));
    pending.clear();
  };
  return {
    where: 'worker',
    call(method, args) {
      const id = nextId++;
      const message: RequestMessage = { id, method, args };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage(message);
      });
    },
    dispose() {
      worker.terminate();
    },
  };
}

/** The engine in a Web Worker, so long replays never freeze the page; on the main thread where there are no Workers. */
export function createEngineClient(): EngineClient {
  if (typeof Worker === 'undefined') return inThread();
  try {
    return inWorker(new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'condenser-engine' }));
  } catch {
    return inThread();
  }
}

export { inThread as createInThreadEngineClient };
