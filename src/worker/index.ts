export { EngineError, createEngineClient, createInThreadEngineClient } from './client.ts';
export type { EngineClient } from './client.ts';
export type * from '../inspect/index.ts';
export type * from './protocol.ts';
