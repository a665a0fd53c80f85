export { createAppStore } from './store.ts';
export type { AppStore } from './store.ts';
export type { ActiveSession, AppState, Notice, StoreDeps } from './types.ts';
export * from './selectors.ts';
export { lineDiff } from './lineDiff.ts';
export type { DiffLine } from './lineDiff.ts';
export { SERVER_DEFAULT_CONFIG, APP_VERSION } from './defaults.ts';
export type { SessionRecord } from '../storage/index.ts';
export type { CondensationSummary, EventRow, PromptText, ReplaySummary, StepSummary, ViewItem } from '../worker/index.ts';
