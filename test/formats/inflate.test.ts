import { randomBytes } from 'node:crypto';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LogFormatError, loadLog } from '../../src/formats/index.ts';
import { MAX_EXPANDED_BYTES } from '../../src/formats/archive.ts';
import { ExpansionBudget, MAX_ZIP_ENTRIES, gunzipWithin, unzipWithin } from '../../src/formats/inflate.ts';
import { gzipBomb, tarHeader } from '../helpers/bombs.ts';
import { v0Events } from '../helpers/logs.ts';
import { rejected } from '../helpers/thrown.ts';

const text = JSON.stringify(v0Events(30));
const budget = (limit = MAX_EXPANDED_BYTES, where = 'x.gz') => new ExpansionBudget(limit, where);
/** The gzip with its size field (its last four bytes) set to `size`. */
const withSizeField = (gzip: Uint8Array, size: number) => {
  const forged = gzip.slice();
  new DataView(forged.buffer).setUint32(forged.length - 4, size, true);
  return forged;
};

describe('gunzip within a budget (issue 21)', () => {
  it('gives back the stream, and concatenated members while the first stays within the last one’s size field', async () => {
    expect(new TextDecoder().decode(await gunzipWithin(gzipSync(strToU8(text)), 'x.gz', budget()))).toBe(text);
    const two = new Uint8Array([...gzipSync(strToU8('[1,')), ...gzipSync(strToU8('2,3,4]'))]);
    expect(new TextDecoder().decode(await gunzipWithin(two, 'x.gz', budget()))).toBe('[1,2,3,4]');
  });

  it('refuses a stream whose size field disagrees with it, as damaged', async () => {
    const gzip = gzipSync(strToU8(text));
    for (const size of [text.length - 1, text.length + 1, 10]) {
      const error = await rejected(gunzipWithin(withSizeField(gzip, size), 'x.gz', budget()), LogFormatError);
      expect(error.message).toMatch(
        /^x\.gz: the gzip file is damaged: its stream holds (more than the \d+ bytes its size field gives|\d+ bytes where its size field says \d+)/,
      );
    }
    expect(
      (await rejected(gunzipWithin(gzip.subarray(0, gzip.length - 30), 'x.gz', budget()), LogFormatError)).message,
    ).toMatch(/^x\.gz: the gzip file is damaged/);
  });

  it('refuses a size field past the budget before inflating anything, and a stream past it as it runs', async () => {
    expect(
      (await rejected(gunzipWithin(withSizeField(gzipSync(strToU8(text)), 4e9), 'x.gz', budget()), LogFormatError))
        .message,
    ).toMatch(
      /^x\.gz: the gzip file is damaged: its size field says 3\.7 GiB, more than \d+ compressed bytes can hold; is the download complete\?$/,
    );
    // 4 MB of compressed bytes could make 4 GB: believed, and past the budget.
    const forged = withSizeField(gzipSync(randomBytes(4e6), { level: 0 }), 4e9);
    expect((await rejected(gunzipWithin(forged, 'x.gz', budget()), LogFormatError)).message).toBe(
      'x.gz: the archive expands to more than 1.5 GiB (its size field says 3.7 GiB; unless the file was cut short and that is no size field: is the download complete?); open the log inside it instead',
    );
    const big = gzipSync(strToU8('x'.repeat(5000)));
    expect((await rejected(gunzipWithin(big, 'x.gz', budget(4000)), LogFormatError)).message).toMatch(
      /^x\.gz: the archive expands to more than /,
    );
  });

  it('stops a 5 GB gzip bomb at its 705 MB size field, in time and within the import limit plus 300 MB', async () => {
    const bomb = gzipBomb(5e9);
    const started = performance.now();
    const before = process.memoryUsage().rss;
    let peak = before;
    const error = await rejected(
      gunzipWithin(bomb, 'bomb.gz', budget(), () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }),
      LogFormatError,
    );
    expect(error.message).toBe(
      'bomb.gz: the gzip file is damaged: its stream holds more than the 705032704 bytes its size field gives (or over 4 GiB, which is past 1.5 GiB too); is the download complete?',
    );
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(peak - before).toBeLessThan(MAX_EXPANDED_BYTES + 300 * 1024 ** 2);
  }, 60_000);
});

describe('unzip within a budget', () => {
  it('gives back the files it is asked for, held to the sizes their headers give', async () => {
    const zip = zipSync({ 'a.json': strToU8(text), 'notes.md': strToU8('skip') });
    const files = await unzipWithin(zip, 'x.zip', budget(), (entry) => entry.name.endsWith('.json'));
    expect(files.map((file) => [file.name, new TextDecoder().decode(file.bytes)])).toEqual([['a.json', text]]);
    // The local header's size of a.json (at offset 22) says less than its stream holds.
    const lying = zip.slice();
    new DataView(lying.buffer).setUint32(22, 100, true);
    expect(
      (
        await rejected(
          unzipWithin(lying, 'x.zip', budget(), () => true),
          LogFormatError,
        )
      ).message,
    ).toBe(
      'x.zip: the zip archive is damaged: a.json holds more than the 100 bytes its header gives; is the download complete?',
    );
  });

  it('refuses a zip whose files say they are past the budget before inflating them', async () => {
    const zip = zipSync({ 'a.json': strToU8(text) });
    new DataView(zip.buffer).setUint32(22, 2 ** 32 - 1, true);
    expect(
      (
        await rejected(
          unzipWithin(zip, 'x.zip', budget(MAX_EXPANDED_BYTES, 'x.zip'), () => true),
          LogFormatError,
        )
      ).message,
    ).toMatch(/^x\.zip: the archive expands to more than 1\.5 GiB \(a\.json alone says 4\.0 GiB\)/);
  });
});

describe('unzip: a bounded number of entries', () => {
  it('refuses a zip of more entries than a run’s archive holds, wanted or not, in one line', async () => {
    expect(budget().maxEntries).toBe(MAX_ZIP_ENTRIES);
    const limit = 1000;
    const entries = Object.fromEntries(
      Array.from({ length: limit + 1 }, (_, k): [string, Uint8Array] => [`e${k}`, new Uint8Array(0)]),
    );
    const within = () => new ExpansionBudget(MAX_EXPANDED_BYTES, 'many.zip', limit);
    const error = await rejected(
      unzipWithin(zipSync(entries, { level: 0 }), 'many.zip', within(), () => false),
      LogFormatError,
    );
    expect(error.message).toBe(
      'many.zip: the zip archive holds more than 1,000 entries; open the log inside it instead',
    );
    // One fewer is read.
    delete entries[`e${limit}`];
    expect(await unzipWithin(zipSync(entries, { level: 0 }), 'many.zip', within(), () => false)).toEqual([]);
  });
});

describe('archives through loadLog', () => {
  it('refuses a .tar.gz bomb by its size field, not as an empty archive', async () => {
    const tar = new Uint8Array([...tarHeader('big.json', 20_000), ...new Uint8Array(20_000 + 1024 + 488)]);
    const lying = withSizeField(gzipSync(tar), 1000);
    expect(
      (await rejected(loadLog({ kind: 'file', file: { path: 'run.tar.gz', bytes: lying } }), LogFormatError)).message,
    ).toMatch(/^run\.tar\.gz: the gzip file is damaged: its stream holds more than the 1000 bytes/);
  });

  it('hears of its progress while unpacking, and stops when the caller throws', async () => {
    // Text that compresses little: several MiB of compressed input, paced every MiB.
    const bomb = gzipSync(strToU8(randomBytes(4e6).toString('base64')), { level: 1 });
    const seen: number[] = [];
    const stop = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const pace = (done: number, total: number) => {
      seen.push(done / total);
      if (seen.length === 3) throw stop;
    };
    expect(
      await rejected(
        loadLog({ kind: 'file', file: { path: 'a.json.gz', bytes: bomb } }, { unpacking: { pace } }),
        Error,
      ),
    ).toBe(stop);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[2]).toBeGreaterThan(seen[0]!);
  }, 30_000);
});
