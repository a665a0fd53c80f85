// The Web Worker shell: messages in, Inspector calls (src/inspect), messages out.
// The store talks to the engine only through the client exported here.
export { EngineError, createEngineClient, createInThreadEngineClient } from './client.ts';
export type { EngineClient } from './client.ts';
export type * from '../inspect/index.ts';
export type * from './protocol.ts';
