import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, InspectorDb, SessionStore } from '../../src/storage/index.ts';

let n = 0;
function stores() {
  let clock = 1_000;
  let ids = 0;
  const db = new InspectorDb(`storage-test-${++n}`);
  return {
    db,
    sessions: new SessionStore(
      db,
      () => clock++,
      () => `s${++ids}`,
    ),
  };
}

const source = { name: 'log.json', shape: 'v0-list', eventCount: 4, sizeBytes: 100, instance: null };
const input = { kind: 'file', file: { path: 'log.json', text: '[]' } } as const;
const fresh = {
  name: 'one',
  source,
  config: { type: 'noop' },
  mode: 'resimulate',
  notes: '',
  prompts: {},
  lastStep: null,
} as const;

describe('SessionStore', () => {
  it('stores a session with its log and answers, newest first', async () => {
    const { sessions } = stores();
    const a = await sessions.create(fresh, input, { 'llm:abc': { content: 'summary' } });
    const b = await sessions.create({ ...fresh, name: 'two' }, input);
    expect((await sessions.list()).map((s) => s.name)).toEqual(['two', 'one']);
    expect(await sessions.log(a.id)).toEqual(input);
    expect(await sessions.answers(a.id)).toEqual({ 'llm:abc': { content: 'summary' } });
    expect(await sessions.answers(b.id)).toEqual({});
  });

  it('keeps a log given as bytes (an archive) byte for byte', async () => {
    const { sessions } = stores();
    const bytes = Uint8Array.from([0x50, 0x4b, 3, 4, 0, 255, 128, 7]);
    const zip = {
      kind: 'folder',
      name: 'run',
      files: [
        { path: 'conversation.zip', bytes },
        { path: 'report.json', text: '{}' },
      ],
    } as const;
    const a = await sessions.create(fresh, zip);
    const stored = await sessions.log(a.id);
    const kept = stored?.kind === 'folder' ? stored.files[0]!.bytes : undefined;
    // Compared as numbers: the database's structured clone makes the array in another realm than jsdom's.
    expect(kept && ArrayBuffer.isView(kept) ? Array.from(kept) : kept).toEqual(Array.from(bytes));
    expect(stored?.kind === 'folder' && stored.files[1]).toEqual({ path: 'report.json', text: '{}' });
  });

  it('writes a versioned field only from its current revision, and hands back what is stored otherwise', async () => {
    const { sessions } = stores();
    const a = await sessions.create(fresh, input);
    expect(await sessions.updateVersioned(a.id, 'notes', 'from tab A', 0)).toEqual({ saved: true, revision: 1 });
    // Tab B still starts from revision 0: refused, with A's notes to merge.
    expect(await sessions.updateVersioned(a.id, 'notes', 'from tab B', 0)).toEqual({
      saved: false,
      stored: 'from tab A',
      revision: 1,
    });
    expect(await sessions.updateVersioned(a.id, 'config', { type: 'llm' }, 0)).toEqual({ saved: true, revision: 1 });
    expect(await sessions.get(a.id)).toMatchObject({
      notes: 'from tab A',
      config: { type: 'llm' },
      revisions: { notes: 1, config: 1 },
    });
    await sessions.remove(a.id);
    await expect(sessions.updateVersioned(a.id, 'notes', 'x', 1)).rejects.toThrow('this session was deleted');
  });

  it('updates fields and the date, adds answers, and deletes everything of a session', async () => {
    const { sessions, db } = stores();
    const a = await sessions.create(fresh, input, { k1: { content: 'x' } });
    await sessions.update(a.id, { name: 'renamed', lastStep: 7 });
    const updated = await sessions.get(a.id);
    expect(updated).toMatchObject({ name: 'renamed', lastStep: 7 });
    expect(updated!.updatedAt).toBeGreaterThan(a.updatedAt);
    await sessions.addAnswers(a.id, { k2: { content: 'y' } });
    expect(Object.keys(await sessions.answers(a.id)).sort()).toEqual(['k1', 'k2']);
    await sessions.remove(a.id);
    expect(await sessions.get(a.id)).toBeUndefined();
    expect(await db.logs.count()).toBe(0);
    expect(await db.answers.count()).toBe(0);
  });

  it('keeps sessions across reopening the database', async () => {
    const { sessions, db } = stores();
    await sessions.create(fresh, input);
    db.close();
    const reopened = new SessionStore(new InspectorDb(db.name));
    expect((await reopened.list()).map((s) => s.name)).toEqual(['one']);
  });

  it('rolls a failed creation back completely', async () => {
    const { sessions, db } = stores();
    await sessions.create(fresh, input);
    // The same id again: the session insert fails, and the log must not be written either.
    const clash = new SessionStore(
      db,
      () => 5,
      () => 's1',
    );
    await expect(
      clash.create(fresh, { kind: 'file', file: { path: 'other.json', text: '[1]' } }),
    ).rejects.toBeInstanceOf(Dexie.ConstraintError);
    expect(await db.logs.count()).toBe(1);
    expect(await sessions.log('s1')).toEqual(input);
  });

  it('stores a log in chunks well under IndexedDB’s value limit, and gives it back whole', async () => {
    const { db } = stores();
    // Tiny chunks stand in for the 8 MiB ones.
    const sessions = new SessionStore(
      db,
      () => 1,
      () => 'chunked',
      16,
    );
    const bytes = new Uint8Array(16 * 2 + 5).map((_, i) => i % 251);
    const big = {
      kind: 'folder' as const,
      name: 'run',
      files: [
        { path: 'a.json', text: 'é'.repeat(16) },
        { path: 'b.jsonl', bytes },
      ],
    };
    const record = await sessions.create(fresh, big);
    const chunks = await db.logChunks.where('sessionId').equals(record.id).toArray();
    // Stored as Blobs (written as files by Chromium, not serialized into the database).
    expect(chunks.every((chunk) => chunk.bytes instanceof Blob)).toBe(true);
    expect(chunks.map((chunk) => [chunk.file, chunk.index, (chunk.bytes as Blob).size])).toEqual([
      [0, 0, 16],
      [0, 1, 16],
      [1, 0, 16],
      [1, 1, 16],
      [1, 2, 5],
    ]);
    expect(CHUNK_BYTES).toBe(8 * 1024 * 1024);
    expect(await sessions.log(record.id)).toEqual(big);
    await sessions.remove(record.id);
    expect(await db.logChunks.count()).toBe(0);
  });

  it('stores an unread file as slices of it, read back as its bytes, and writes them again if they went', async () => {
    const { db } = stores();
    let ids = 0;
    const sessions = new SessionStore(
      db,
      () => 1,
      () => `unread-${++ids}`,
      16,
    );
    const bytes = new Uint8Array(16 * 2 + 5).map((_, i) => i % 251);
    const unread = { kind: 'unread' as const, path: 'log.json', blob: new Blob([bytes]) };
    const record = await sessions.create(fresh, unread);
    const chunks = await db.logChunks.where('sessionId').equals(record.id).sortBy('index');
    expect(chunks.map((chunk) => (chunk.bytes as Blob).size)).toEqual([16, 16, 5]);
    expect(await sessions.log(record.id)).toEqual({ kind: 'file', file: { path: 'log.json', bytes } });

    const staged = sessions.stageLog(unread);
    await staged.written;
    await sessions.dropStrayChunks();
    const again = await sessions.create(fresh, unread, {}, staged);
    expect(await sessions.log(again.id)).toEqual({ kind: 'file', file: { path: 'log.json', bytes } });
  });

  it('hands a log stored as Blobs to the engine unread, one Blob of its chunks in order; any other log read back', async () => {
    const { db } = stores();
    const sessions = new SessionStore(db, () => 1, undefined, 16);
    const bytes = new Uint8Array(16 * 3 + 7).map((_, i) => (i * 13) % 251);
    const record = await sessions.create(fresh, { kind: 'unread', path: 'log.json', blob: new Blob([bytes]) });
    const toOpen = await sessions.logToOpen(record.id);
    expect(toOpen?.kind).toBe('unread');
    const blob = toOpen?.kind === 'unread' ? toOpen.blob : new Blob();
    expect(toOpen?.kind === 'unread' && toOpen.path).toBe('log.json');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    // A chunk gone: read back, which names what is missing.
    const [first] = await db.logChunks.where('sessionId').equals(record.id).primaryKeys();
    await db.logChunks.delete(first!);
    await expect(sessions.logToOpen(record.id)).rejects.toThrow(
      'the stored log is incomplete (log.json: 3 of 4 parts)',
    );
    // A log given as text is stored as text: read back as text.
    const text = await sessions.create(fresh, { kind: 'file', file: { path: 't.json', text: '[{"id": 0}]' } });
    expect(await sessions.logToOpen(text.id)).toEqual({ kind: 'file', file: { path: 't.json', text: '[{"id": 0}]' } });
    expect(await sessions.logToOpen('none')).toBeUndefined();
  });

  it('reads logs whose chunks an earlier version stored as byte arrays', async () => {
    const { db, sessions } = stores();
    const bytes = new TextEncoder().encode('[{"id": 0}]');
    await db.sessions.add({ ...fresh, id: 'old', createdAt: 1, updatedAt: 1 });
    await db.logs.add({
      sessionId: 'old',
      manifest: {
        kind: 'file',
        file: { path: 'log.json', encoding: 'bytes', size: bytes.length, chunks: 2, chunkBytes: 6 },
      },
    });
    await db.logChunks.bulkAdd([
      { sessionId: 'old', file: 0, index: 1, bytes: bytes.subarray(6) },
      { sessionId: 'old', file: 0, index: 0, bytes: bytes.subarray(0, 6) },
    ]);
    const log = await sessions.log('old');
    expect(log?.kind === 'file' && log.file.path).toBe('log.json');
    expect(log?.kind === 'file' && new TextDecoder().decode(log.file.bytes)).toBe('[{"id": 0}]');
  });

  it('stages a log ahead of its session: taken by create, removed by discard, stray ones dropped at start', async () => {
    const { db, sessions } = stores();
    const log = { kind: 'file', file: { path: 'log.json', text: '[{"id": 0}]' } } as const;
    const kept = sessions.stageLog(log);
    await kept.written;
    // Staged chunks belong to no session yet.
    expect(await sessions.list()).toEqual([]);
    expect(await sessions.log(kept.id)).toBeUndefined();
    const record = await sessions.create(fresh, log, {}, kept);
    expect(record.id).toBe(kept.id);
    expect(await sessions.log(record.id)).toEqual(log);

    const refused = sessions.stageLog(log);
    await sessions.discard(refused);
    expect(await db.logChunks.where('sessionId').equals(refused.id).count()).toBe(0);
    // Discarding a staged log a session took keeps it.
    await sessions.discard(kept);
    expect(await sessions.log(record.id)).toEqual(log);

    const abandoned = sessions.stageLog(log);
    await abandoned.written;
    expect(await sessions.dropStrayChunks()).toBe(1);
    expect(await db.logChunks.where('sessionId').equals(abandoned.id).count()).toBe(0);
    // A session made from chunks another tab's clean-up removed gets them written again.
    const again = await sessions.create(fresh, log, {}, abandoned);
    expect(await sessions.log(again.id)).toEqual(log);
    expect(await sessions.dropStrayChunks()).toBe(0);
  });
});
