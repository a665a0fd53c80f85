import type { DBCoreMutateRequest } from 'dexie';
import { InspectorDb } from '../../src/storage/index.ts';

/**
 * A database whose writes the browser refuses as a full disk does (QuotaExceededError), whenever
 * `refuse` says so for the table and the write (simulated with Dexie middleware).
 */
export function refusingDatabase(
  name: string,
  refuse: (table: string, request: DBCoreMutateRequest) => boolean,
): InspectorDb {
  const db = new InspectorDb(name);
  db.use({
    stack: 'dbcore',
    name: 'full-disk',
    create: (core) => ({
      ...core,
      table: (tableName) => {
        const table = core.table(tableName);
        return {
          ...table,
          mutate: async (request) => {
            if (refuse(tableName, request))
              throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
            return table.mutate(request);
          },
        };
      },
    }),
  });
  return db;
}
