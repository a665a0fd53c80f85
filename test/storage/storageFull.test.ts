import { describe, expect, it } from 'vitest';
import { type InspectorDb, SessionStore, StorageFullError } from '../../src/storage/index.ts';
import { refusingDatabase } from '../helpers/refusingDatabase.ts';
import { rejected } from '../helpers/thrown.ts';

/** A database whose writes the browser refuses past `budget` bytes of stored chunks. */
function fullDatabase(name: string, budget: number): InspectorDb {
  let used = 0;
  return refusingDatabase(name, (_table, request) => {
    const values = 'values' in request ? (request.values as Array<{ bytes?: Uint8Array | Blob }>) : [];
    used += values.reduce(
      (sum, value) => sum + (value.bytes instanceof Blob ? value.bytes.size : (value.bytes?.length ?? 100)),
      0,
    );
    return used > budget;
  });
}

const session = {
  name: 'big',
  source: { name: 'big.json', shape: 'v0-list', eventCount: 1, sizeBytes: 1, instance: null },
  config: { type: 'noop' },
  mode: 'resimulate' as const,
  notes: '',
  prompts: {},
  lastStep: null,
};

describe('storage full', () => {
  it('explains the quota, what is used and free, and what the log needs; nothing half-stored', async () => {
    const db = fullDatabase('quota-test', 1_000);
    const sessions = new SessionStore(
      db,
      () => 1,
      () => 'big',
      1_000_000,
      async () => ({ quota: 120e6, usage: 119.5e6 }),
    );
    const error = await rejected(
      sessions.create(session, { kind: 'file', file: { path: 'big.json', bytes: new Uint8Array(5_000_000) } }),
      StorageFullError,
    );
    expect(error.message).toBe(
      'storage is full: the log could not be kept: this browser lets the inspector store 120 MB here, 120 MB of it is used (1 MB free), and this needs 5 MB. Delete sessions you no longer need, or use a window that is not private (private windows allow much less).',
    );
    expect(await db.sessions.count()).toBe(0);
    expect(await db.logChunks.count()).toBe(0);
  });

  it('says so when the browser gives no numbers', async () => {
    const sessions = new SessionStore(
      fullDatabase('quota-test-2', 0),
      () => 1,
      () => 'x',
      16,
      async () => null,
    );
    const error = await rejected(
      sessions.create(session, { kind: 'file', file: { path: 'a.json', text: '[]' } }),
      StorageFullError,
    );
    expect(error.message).toMatch(
      /^storage is full: the log could not be kept \(the browser does not say how much it allows/,
    );
  });
});
