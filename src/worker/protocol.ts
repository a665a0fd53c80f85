import type { InspectorApi, Progress } from '../inspect/index.ts';

/** The worker's messages: a request names an inspector method; progress and the response come back by id. */
export type EngineMethod = keyof InspectorApi;

/**
 * Long jobs that pause between slices of work (and stop when a newer replay makes them moot), and a test of the LLM endpoint (only the network, no
 * engine state): they run beside the queue instead of in it, so a step view, a replay or an import
 * asked for meanwhile is answered at once.
 */
export const BACKGROUND_METHODS: ReadonlySet<EngineMethod> = new Set<EngineMethod>([
  'agentUsage',
  'countTokens',
  'testEndpoint',
  'replayQuality',
  'factsDroppedBy',
]);

export interface RequestMessage<M extends EngineMethod = EngineMethod> {
  readonly id: number;
  readonly method: M;
  readonly args: Parameters<InspectorApi[M]>[0];
}

export type EngineResult<M extends EngineMethod> = Awaited<ReturnType<InspectorApi[M]>>;

/** Sent to the worker to stop a running request. */
export interface CancelMessage {
  readonly cancel: number;
}

export interface ProgressMessage {
  readonly id: number;
  readonly progress: Progress;
}

export type ResponseMessage =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly error: { readonly name: string; readonly message: string } };
