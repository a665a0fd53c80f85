// IndexedDB through Dexie: sessions, their logs in chunks, recorded answers and settings,
// versioned with migrations; edits from two tabs merged, never silently lost.
export { DB_NAME, InspectorDb } from './db.ts';
export type { AnswerRecord, LogRecord, SessionRecord, SessionSource, SettingRecord, VersionedField } from './db.ts';
export { SessionGoneError, SessionStore, revisionOf } from './sessions.ts';
export type { NewSession, StagedLog, VersionedWrite } from './sessions.ts';
export { SettingsStore } from './settings.ts';
export { memoryKeyShelf, tabKeyShelf } from './tabKey.ts';
export type { TabKeyShelf } from './tabKey.ts';
export type { LlmSettings, PriceOverrides } from './settings.ts';
export { CHUNK_BYTES } from './logChunks.ts';
export type { LogManifest } from './logChunks.ts';
export { StorageFullError, isQuotaError, storageFullText } from './storageFull.ts';
export type { StorageEstimateLike } from './storageFull.ts';
export { broadcastSessionChanges } from './sessionChanges.ts';
export type { SessionChange, SessionChanges } from './sessionChanges.ts';
