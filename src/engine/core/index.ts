/**
 * What the V0 and SDK engines share: the LLM port and how replays drive it, chat messages, the
 * usage model, failures and step vocabulary. Imports nothing of either engine.
 */
export * from './answers.ts';
export { answerProblem } from './answerCheck.ts';
export * from './chat.ts';
export * from './drive.ts';
export * from './failures.ts';
export * from './llm.ts';
export { hasOwnKey, ownEntry } from './ownEntry.ts';
export * from './steps.ts';
export * from './tokens.ts';
export { type BoundedMemo, MEMO_CHARS, lruMemo, weakFifoMemo, roughChars } from './boundedMemo.ts';
export * from './usage/index.ts';
export * from './python.ts';
export * from './replayLoop.ts';
export { sharedRun, sharedStart } from './sharedStart.ts';
export { lowerBound } from './lowerBound.ts';
export { ownedStores } from './ownedStores.ts';
