import {
  type CallContext,
  type CreateAgentLlm,
  type CreateLiveLlm,
  Inspector,
  type InspectorApi,
} from '../inspect/index.ts';
import {
  BACKGROUND_METHODS,
  type EngineMethod,
  type EngineResult,
  type ProgressMessage,
  type RequestMessage,
  type ResponseMessage,
} from './protocol.ts';
import { EngineQueue } from './engineQueue.ts';
import { receivedResult } from './wireColumns.ts';

/** An error the engine raised, re-created on this side of the worker boundary. */
export class EngineError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export interface EngineClient {
  call<M extends EngineMethod>(
    method: M,
    args: Parameters<InspectorApi[M]>[0],
    context?: CallContext,
  ): Promise<EngineResult<M>>;
  /** Where the engine runs: 'worker', or 'main thread' when Workers are unavailable. */
  readonly where: 'worker' | 'main thread';
  dispose(): void;
}

function inThread(
  createLiveLlm: CreateLiveLlm | null = null,
  createAgentLlm: CreateAgentLlm | null = null,
): EngineClient {
  const host = new Inspector(undefined, createLiveLlm, createAgentLlm);
  const queue = new EngineQueue();
  return {
    where: 'main thread',
    call(method, args, context) {
      const invoke = (outside?: CallContext['outside']) =>
        (host[method] as (a: unknown, c?: CallContext) => Promise<unknown>).call(
          host,
          args,
          outside ? { ...context, outside } : context,
        );
      if (BACKGROUND_METHODS.has(method)) return invoke() as never;
      return queue.run(invoke) as never;
    },
    dispose() {},
  };
}

function inWorker(worker: Worker): EngineClient {
  let nextId = 1;
  const pending = new Map<
    number,
    {
      method: EngineMethod;
      resolve: (value: unknown) => void;
      reject: (error: Error) => void;
      context?: CallContext;
    }
  >();
  worker.onmessage = (event: MessageEvent<ResponseMessage | ProgressMessage>) => {
    const response = event.data;
    const waiter = pending.get(response.id);
    if (!waiter) return;
    if ('progress' in response) {
      waiter.context?.progress?.(response.progress);
      return;
    }
    pending.delete(response.id);
    if (response.ok) waiter.resolve(receivedResult(waiter.method, response.result));
    else waiter.reject(new EngineError(response.error.name, response.error.message));
  };
  worker.onerror = (event) => {
    for (const waiter of pending.values())
      waiter.reject(new EngineError('WorkerError', event.message || 'the engine worker failed'));
    pending.clear();
  };
  return {
    where: 'worker',
    call(method, args, context) {
      const id = nextId++;
      const message: RequestMessage = { id, method, args };
      context?.signal?.addEventListener('abort', () => worker.postMessage({ cancel: id }), { once: true });
      return new Promise((resolve, reject) => {
        pending.set(id, { method, resolve: resolve as (value: unknown) => void, reject, context });
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
    return inWorker(
      new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'condenser-engine' }),
    );
  } catch {
    return inThread();
  }
}

export { inThread as createInThreadEngineClient };
