import type { LlmAnswer, RecordedAnswers } from '../engine/index.ts';
import type { ImportInput, LogInput, UnreadFile } from '../formats/index.ts';
import type { InspectorDb, SessionRecord, VersionedField } from './db.ts';
import { CHUNK_BYTES, type LogManifest, asStored, joinLog, splitLog, storedFileBlob } from './logChunks.ts';
import { type StorageEstimateLike, StorageFullError, isQuotaError, storageFullText } from './storageFull.ts';

export type NewSession = Omit<SessionRecord, 'id' | 'createdAt' | 'updatedAt'>;

/** A versioned write: kept (at its new revision), or refused because another tab wrote the field since (what it holds now). */
export type VersionedWrite<T> =
  | { readonly saved: true; readonly revision: number }
  | { readonly saved: false; readonly stored: T; readonly revision: number };

/** The revision of a field as a record holds it. */
export const revisionOf = (record: Pick<SessionRecord, 'revisions'>, field: VersionedField): number =>
  record.revisions?.[field] ?? 0;

/** A log whose chunks are being written ahead of its session (SessionStore.stageLog). */
export interface StagedLog {
  readonly id: string;
  readonly manifest: LogManifest;
  /** Settles when the chunks are written; rejects (StorageFullError...) when they could not be. */
  readonly written: Promise<void>;
}

/** The session was deleted (in another tab): nothing is written for it. */
export class SessionGoneError extends Error {
  constructor() {
    super('this session was deleted (in another tab?), so nothing more is kept for it');
    this.name = 'SessionGoneError';
  }
}

/** Sessions, their logs and recorded answers. Every multi-table change runs in one transaction. */
export class SessionStore {
  constructor(
    private readonly db: InspectorDb,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = () => crypto.randomUUID(),
    /** Size of the pieces a log is stored in (tests use small ones). */
    private readonly chunkBytes = CHUNK_BYTES,
    /** How full the site's storage is, for the message when a write is refused (navigator.storage.estimate). */
    private readonly estimate: () => Promise<StorageEstimateLike | null> = async () =>
      typeof navigator !== 'undefined' && navigator.storage?.estimate ? navigator.storage.estimate() : null,
  ) {}

  /** Runs a write; a refusal for want of space becomes a StorageFullError that explains the quota. */
  private async writing<T>(what: string, needed: number | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      let estimate: StorageEstimateLike | null = null;
      try {
        estimate = await this.estimate();
      } catch {
        // Without numbers the message still says what happened.
      }
      throw new StorageFullError(storageFullText(estimate, what, needed));
    }
  }

  async list(): Promise<SessionRecord[]> {
    return await this.db.sessions.orderBy('updatedAt').reverse().toArray();
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    return this.db.sessions.get(id);
  }

  /** A session's log, read back whole (to export it). */
  async log(id: string): Promise<LogInput | undefined> {
    const stored = await this.storedLog(id);
    // Blobs are read after the transaction: awaiting them inside it would let it commit early.
    return stored && joinLog(stored.manifest, stored.chunks);
  }

  /**
   * A session's log for the engine to open: a log stored as Blobs is handed over unread (the engine
   * reads it where it is, and keeps a big one's bytes there), any other is read back whole.
   */
  async logToOpen(id: string): Promise<ImportInput | undefined> {
    const stored = await this.storedLog(id);
    return stored && (storedFileBlob(stored.manifest, stored.chunks) ?? joinLog(stored.manifest, stored.chunks));
  }

  /** A session's log as one Blob of its stored chunks, where it is stored so (nothing is read). */
  async storedCopy(id: string): Promise<UnreadFile | undefined> {
    const stored = await this.storedLog(id);
    return (stored && storedFileBlob(stored.manifest, stored.chunks)) ?? undefined;
  }

  private storedLog(id: string) {
    return this.db.transaction('r', this.db.logs, this.db.logChunks, async () => {
      const record = await this.db.logs.get(id);
      if (!record) return undefined;
      return { manifest: record.manifest, chunks: await this.db.logChunks.where('sessionId').equals(id).toArray() };
    });
  }

  async answers(id: string): Promise<RecordedAnswers> {
    const records = await this.db.answers.where('sessionId').equals(id).toArray();
    return Object.fromEntries(records.map((record) => [record.key, record.answer]));
  }

  /**
   * Starts writing a log's chunks before its session exists, so that storing runs beside the engine's
   * reading of it. Staged chunks belong to no session until `create` takes them; `discard` (or, after
   * a crash, `dropStrayChunks` at the next start) removes them.
   */
  stageLog(input: ImportInput): StagedLog {
    const id = this.newId();
    const { manifest, chunks } = splitLog(id, input, this.chunkBytes);
    const needed = chunks.reduce(
      (sum, chunk) => sum + (ArrayBuffer.isView(chunk.bytes) ? chunk.bytes.length : chunk.bytes.size),
      0,
    );
    // A chunk at a time, each made a Blob just before it is written: Chromium refuses a transaction
    // holding a gigabyte of new Blobs ("Failed to write blobs"), and only one chunk's copy is in memory.
    // `add`, never `put`: a clash with another session's chunks fails instead of overwriting them.
    const written = this.writing('the log', needed, async () => {
      for (const chunk of chunks) await this.db.logChunks.add(asStored(chunk));
    });
    // Awaited by create or discard; a refusal is reported there, not as an unhandled rejection.
    written.catch(() => undefined);
    return { id, manifest, written };
  }

  /**
   * A staged log no session will take (the file was refused, or only an instance of it is kept). Never
   * throws: chunks it could not remove are dropped at the next start (dropStrayChunks).
   */
  async discard(staged: StagedLog): Promise<void> {
    await staged.written.catch(() => undefined);
    try {
      await this.db.transaction('rw', this.db.logs, this.db.logChunks, async () => {
        // Only chunks no session took.
        if (!(await this.db.logs.get(staged.id))) await this.db.logChunks.where('sessionId').equals(staged.id).delete();
      });
    } catch {
      // Left for the next start.
    }
  }

  /** Chunks of logs staged by an import that never finished (the tab closed meanwhile): removed. */
  async dropStrayChunks(): Promise<number> {
    return this.db.transaction('rw', this.db.logs, this.db.logChunks, async () => {
      const owners = new Set(await this.db.logs.toCollection().primaryKeys());
      const stray = ((await this.db.logChunks.orderBy('sessionId').uniqueKeys()) as string[]).filter(
        (id) => !owners.has(id),
      );
      for (const id of stray) await this.db.logChunks.where('sessionId').equals(id).delete();
      return stray.length;
    });
  }

  /**
   * A new session with its log and answers. The log's chunks are written first (stageLog; or given
   * staged by the caller), then the session, its log's manifest and its answers in one transaction:
   * until then no session shows any of it. Chunks another tab's clean-up removed meanwhile are
   * written again from `input`.
   */
  async create(
    session: NewSession,
    input: ImportInput,
    answers: RecordedAnswers = {},
    given?: StagedLog,
  ): Promise<SessionRecord> {
    const staged = given ?? this.stageLog(input);
    try {
      await staged.written;
      const now = this.now();
      const record: SessionRecord = { ...session, id: staged.id, createdAt: now, updatedAt: now };
      const { manifest } = staged;
      const chunkCount = (manifest.kind === 'file' ? [manifest.file] : manifest.files).reduce(
        (sum, file) => sum + file.chunks,
        0,
      );
      await this.writing('the session', null, () =>
        this.db.transaction('rw', [this.db.sessions, this.db.logs, this.db.logChunks, this.db.answers], async () => {
          await this.db.sessions.add(record);
          await this.db.logs.add({ sessionId: record.id, manifest });
          if ((await this.db.logChunks.where('sessionId').equals(record.id).count()) !== chunkCount) {
            for (const chunk of splitLog(record.id, input, this.chunkBytes).chunks)
              await this.db.logChunks.put(asStored(chunk));
          }
          await this.db.answers.bulkPut(
            Object.entries(answers).map(([key, answer]) => ({ sessionId: record.id, key, answer, recordedAt: now })),
          );
        }),
      );
      return record;
    } catch (error) {
      // Chunks written for a session that was not made are not left behind (the caller discards its own).
      if (!given) await this.discard(staged);
      throw error;
    }
  }

  async update(
    id: string,
    patch: Partial<
      Pick<
        SessionRecord,
        | 'name'
        | 'config'
        | 'sdkRules'
        | 'mode'
        | 'notes'
        | 'prompts'
        | 'lastStep'
        | 'agent'
        | 'compareConfig'
        | 'prices'
      >
    >,
  ): Promise<void> {
    // Where the user was looking is no change to the session: the list (newest change first) keeps its order.
    const changes = Object.keys(patch).some((key) => key !== 'lastStep');
    // A patch of the fields changed, never the whole record: another tab's changes to the rest stay.
    await this.writing('the change', null, () =>
      this.db.sessions.update(id, changes ? { ...patch, updatedAt: this.now() } : patch),
    );
  }

  /**
   * Writes one field edited from `baseRevision`: kept only when nobody wrote it since (another tab's
   * edit is never overwritten by a stale copy); otherwise nothing is written and the caller gets
   * what is stored now, to merge or offer.
   */
  async updateVersioned<F extends VersionedField>(
    id: string,
    field: F,
    value: SessionRecord[F],
    baseRevision: number,
  ): Promise<VersionedWrite<SessionRecord[F]>> {
    return this.writing('the change', null, () =>
      this.db.transaction('rw', this.db.sessions, async (): Promise<VersionedWrite<SessionRecord[F]>> => {
        const record = await this.db.sessions.get(id);
        if (!record) throw new SessionGoneError();
        const revision = revisionOf(record, field);
        if (revision !== baseRevision) return { saved: false, stored: record[field], revision };
        const next = revision + 1;
        const patch: Partial<SessionRecord> = {
          [field]: value,
          revisions: { ...record.revisions, [field]: next },
          updatedAt: this.now(),
        };
        await this.db.sessions.update(id, patch);
        return { saved: true, revision: next };
      }),
    );
  }

  /**
   * Keeps new answers of a session. Refused (SessionGoneError) when the session is gone, deleted in
   * another tab meanwhile: its answers are not written back from this tab's memory.
   */
  async addAnswers(id: string, answers: Readonly<Record<string, LlmAnswer>>): Promise<void> {
    const now = this.now();
    const records = Object.entries(answers).map(([key, answer]) => ({ sessionId: id, key, answer, recordedAt: now }));
    await this.writing(`${records.length} answer${records.length === 1 ? '' : 's'}`, null, () =>
      this.db.transaction('rw', this.db.sessions, this.db.answers, async () => {
        if (!(await this.db.sessions.get(id))) throw new SessionGoneError();
        await this.db.answers.bulkPut(records);
        await this.db.sessions.update(id, { updatedAt: now });
      }),
    );
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction('rw', [this.db.sessions, this.db.logs, this.db.logChunks, this.db.answers], async () => {
      await this.db.answers.where('sessionId').equals(id).delete();
      await this.db.logChunks.where('sessionId').equals(id).delete();
      await this.db.logs.delete(id);
      await this.db.sessions.delete(id);
    });
  }
}
