import { Dexie, type EntityTable } from 'dexie';
import type { AgentProfile, LlmAnswer, ModelPrices, ReplayMode, sdk } from '../engine/index.ts';
import { type LogChunkRecord, type LogManifest, chunkStoredLogs } from './logChunks.ts';
import type { AgentTemplateSources } from '../templates/index.ts';

export const DB_NAME = 'condenser-inspector';

export interface SessionSource {
  /** File or folder name the log came from. */
  readonly name: string;
  readonly shape: string;
  readonly eventCount: number;
  readonly sizeBytes: number;
  /** The eval instance shown, for files holding several. */
  readonly instance: string | null;
}

export interface SessionRecord {
  readonly id: string;
  name: string;
  readonly createdAt: number;
  updatedAt: number;
  readonly source: SessionSource;
  /** The condenser configuration: `[condenser]` keys, or an SDK condenser object (validated when used). */
  config: unknown;
  /** Agent SDK logs: which SDK's rules the replay follows. */
  sdkRules?: sdk.SdkRules;
  mode: ReplayMode;
  notes: string;
  /** Per-session prompt templates replacing the built-in ones. */
  prompts: { llm?: string; structured?: string };
  /** The step last looked at, to come back to it. */
  lastStep: number | null;
  /** How the agent's messages are built: provider profile and the session's own templates (older records lack it). */
  agent?: { profile: AgentProfile; templates: AgentTemplateSources };
  /** Compare's configuration B, once set (older records lack it: B then starts from the session's, halved). */
  compareConfig?: unknown;
  /**
   * The session's own prices by model (set when its prices are edited or its file brought them); absent, the
   * user's defaults apply. Kept with the session so its dollars replay the same elsewhere.
   */
  prices?: Record<string, ModelPrices>;
  /** How many times each field edited in two tabs at once was written (absent: never, 0). */
  revisions?: Partial<Record<VersionedField, number>>;
}

/** Fields two tabs may edit at once: each write names the revision it started from, and a stale one is refused. */
export type VersionedField = 'notes' | 'config';

/** Where a session's log is: its files and their chunks (logChunks holds the bytes). */
export interface LogRecord {
  readonly sessionId: string;
  readonly manifest: LogManifest;
}

export interface AnswerRecord {
  readonly sessionId: string;
  /** requestKey of the request this answers. */
  readonly key: string;
  readonly answer: LlmAnswer;
  readonly recordedAt: number;
}

/** App-wide settings, one record per key (e.g. the LLM endpoint). Never part of a session. */
export interface SettingRecord {
  readonly key: string;
  readonly value: unknown;
}

/** The browser database. Bump the version with an upgrade function whenever a record changes shape. */
export class InspectorDb extends Dexie {
  sessions!: EntityTable<SessionRecord, 'id'>;
  logs!: EntityTable<LogRecord, 'sessionId'>;
  logChunks!: Dexie.Table<LogChunkRecord, [string, number, number]>;
  answers!: Dexie.Table<AnswerRecord, [string, string]>;
  settings!: EntityTable<SettingRecord, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      sessions: 'id, updatedAt',
      logs: 'sessionId',
      answers: '[sessionId+key], sessionId',
    });
    // 2: app settings (the LLM endpoint and its key) in a table of their own, apart from sessions;
    // sessions gain prompt templates, which version 1 records may lack.
    this.version(2)
      .stores({ settings: 'key' })
      .upgrade(async (transaction) => {
        await transaction
          .table<SessionRecord>('sessions')
          .toCollection()
          .modify((session) => {
            session.prompts ??= {};
          });
      });
    // 3: logs in chunks of 8 MiB (IndexedDB refuses values past 127 MiB), apart from their manifest.
    this.version(3).stores({ logChunks: '[sessionId+file+index], sessionId' }).upgrade(chunkStoredLogs);
  }
}
