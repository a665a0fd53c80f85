export { createAppStore } from './store.ts';
export type { AppStore } from './store.ts';
export type { ActiveSession, AppState, Notice, StoreDeps } from './types.ts';
export * from './selectors.ts';
export { lineDiff } from './lineDiff.ts';
export type { DiffLine } from './lineDiff.ts';
export { APP_VERSION } from './defaults.ts';
export type { LlmSettings, SessionRecord } from '../storage/index.ts';
export type { CondensationSummary, EventId, EventRow, LlmUse, PromptText, ReplaySummary, StepSummary, ViewItem } from '../worker/index.ts';
