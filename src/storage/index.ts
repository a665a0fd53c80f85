export { DB_NAME, InspectorDb } from './db.ts';
export type { AnswerRecord, LogRecord, SessionRecord, SessionSource } from './db.ts';
export { SessionStore } from './sessions.ts';
export type { NewSession } from './sessions.ts';
