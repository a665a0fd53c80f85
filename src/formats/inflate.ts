import { Gunzip, Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { LogFormatError } from './errors.ts';

/**
 * Decompression that never spends more than it was allowed: gzip and zip are inflated a piece at a
 * time (fflate's streaming Gunzip and Unzip), every byte they give counted against a budget as it
 * comes, and a stream that gives more or less than its own size field says is refused as damaged
 * (fflate's one-shot functions trust that field: a forged one made them allocate 4 GB, or cut a 5 GB
 * stream at 705 MB without a word).
 */

/**
 * Compressed bytes handed to the inflater at a time: at most about 4 MB come out of 4 KiB, and fflate
 * grows its buffer less per piece (measured: 4 KiB pieces inflate 1.2-1.7x faster than 64 KiB ones).
 */
const PIECE = 1 << 12;
/**
 * The caller hears how far it got (and may pause, or cancel by throwing) after this many bytes read,
 * or made: a bomb makes 700 MB of less than 1 MiB.
 */
const PACE_EVERY_READ = 1 << 20;
const PACE_EVERY_MADE = 32 << 20;

/** The most bytes deflate makes of one compressed byte (258-byte matches in 2-bit codes, about 1032). */
const MAX_DEFLATE_RATIO = 1032;

/** Called now and then with the compressed bytes read so far and their total; may throw to cancel. */
export type Pace = (done: number, total: number) => Promise<void> | void;

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MiB`;
const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : mib(bytes));

/**
 * Entries a zip may hold: a run of a thousand conversations with their event files fits; past it the
 * reader (fflate's) slows with the square of the entries (160,000 took 8 s, 300,000 take about 30).
 */
export const MAX_ZIP_ENTRIES = 300_000;

/** What an archive may expand to in all, counted as it expands. */
export class ExpansionBudget {
  private used = 0;
  constructor(
    readonly limit: number,
    private readonly where: string,
    /** How many entries a zip may hold (tests lower it). */
    readonly maxEntries = MAX_ZIP_ENTRIES,
  ) {}

  get remaining(): number {
    return this.limit - this.used;
  }

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limit) throw this.exceeded();
  }

  exceeded(detail = ''): LogFormatError {
    return new LogFormatError(
      this.where,
      `the archive expands to more than ${size(this.limit)}${detail}; open the log inside it instead`,
    );
  }
}

/** Bytes gathered into one array: into the size announced when there is one, else piece by piece. */
class Gathered {
  private buffer: Uint8Array | null;
  private pieces: Uint8Array[] = [];
  length = 0;

  constructor(expected: number | null) {
    this.buffer = expected === null ? null : new Uint8Array(expected);
  }

  /** False when the bytes would run past the size announced. */
  add(piece: Uint8Array): boolean {
    if (this.buffer) {
      if (this.length + piece.length > this.buffer.length) return false;
      this.buffer.set(piece, this.length);
    } else {
      this.pieces.push(piece);
    }
    this.length += piece.length;
    return true;
  }

  /** Switches to pieces: the size announced no longer holds (a gzip of several members). */
  unbound(): void {
    if (!this.buffer) return;
    this.pieces = [this.buffer.subarray(0, this.length)];
    this.buffer = null;
  }

  bytes(): Uint8Array {
    if (this.buffer) return this.buffer.length === this.length ? this.buffer : this.buffer.subarray(0, this.length);
    if (this.pieces.length === 1) return this.pieces[0]!;
    const all = new Uint8Array(this.length);
    let at = 0;
    for (const piece of this.pieces) {
      all.set(piece, at);
      at += piece.length;
    }
    this.pieces = [];
    return all;
  }
}

const damaged = (where: string, kind: string, problem: string) =>
  new LogFormatError(where, `the ${kind} is damaged: ${problem}; is the download complete?`);

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Feeds `bytes` to `push` a piece at a time (it says how many bytes `made()` has made so far), pacing
 * the caller every PACE_EVERY_READ bytes read or PACE_EVERY_MADE bytes made.
 */
async function feed(
  bytes: Uint8Array,
  push: (piece: Uint8Array, final: boolean) => void,
  made: () => number,
  pace: Pace | undefined,
): Promise<void> {
  let pacedRead = 0;
  let pacedMade = 0;
  for (let at = 0; at < bytes.length || at === 0; at += PIECE) {
    const end = Math.min(bytes.length, at + PIECE);
    push(bytes.subarray(at, end), end >= bytes.length);
    if (pace && (end - pacedRead >= PACE_EVERY_READ || made() - pacedMade >= PACE_EVERY_MADE)) {
      pacedRead = end;
      pacedMade = made();
      await pace(end, bytes.length);
    }
    if (end >= bytes.length) break;
  }
}

/**
 * The stream a gzip holds. Its size field (ISIZE: the last member's size, modulo 4 GiB) is checked
 * before anything is spent (past the budget, refused at once), sizes the output, and is held against
 * what the stream gives: a single-member stream that runs past it, or ends short of it, is damaged (or,
 * running past, larger than 4 GiB, far past any budget). Several members (concatenated gzips) are
 * read too, then counted by the budget alone; as long as the first is the only one seen, the last
 * one's size field holds it (what stops a bomb at its size field rather than at the budget).
 */
export async function gunzipWithin(
  bytes: Uint8Array,
  where: string,
  budget: ExpansionBudget,
  pace?: Pace,
): Promise<Uint8Array> {
  if (bytes.length < 18)
    throw damaged(where, 'gzip file', `it is ${bytes.length} bytes long, shorter than any gzip stream`);
  const sizeField =
    (bytes[bytes.length - 4]! |
      (bytes[bytes.length - 3]! << 8) |
      (bytes[bytes.length - 2]! << 16) |
      (bytes[bytes.length - 1]! << 24)) >>>
    0;
  // Deflate makes at most 1032 bytes of one: a larger size field is no size (a damaged or cut file).
  if (sizeField > bytes.length * MAX_DEFLATE_RATIO) {
    throw damaged(
      where,
      'gzip file',
      `its size field says ${size(sizeField)}, more than ${bytes.length} compressed bytes can hold`,
    );
  }
  // Its last member alone would be past the budget; or the file was cut, and its last bytes are no size.
  if (sizeField > budget.remaining) {
    throw budget.exceeded(
      ` (its size field says ${size(sizeField)}; unless the file was cut short and that is no size field: is the download complete?)`,
    );
  }
  const out = new Gathered(sizeField);
  let members = 1;
  let failure: Error | null = null;
  const gunzip = new Gunzip((piece) => {
    if (failure || piece.length === 0) return;
    try {
      budget.take(piece.length);
      if (!out.add(piece)) {
        if (members > 1) {
          out.unbound();
          out.add(piece);
        } else {
          failure = damaged(
            where,
            'gzip file',
            `its stream holds more than the ${sizeField} bytes its size field gives (or over 4 GiB, which is past ${size(budget.limit)} too)`,
          );
        }
      }
    } catch (error) {
      failure = error as Error;
    }
  });
  gunzip.onmember = () => {
    members++;
    out.unbound();
  };
  try {
    await feed(
      bytes,
      (piece, final) => {
        gunzip.push(piece, final);
        if (failure) throw failure;
      },
      () => out.length,
      pace,
    );
  } catch (error) {
    if (error === failure || error instanceof LogFormatError || (error as Error | null)?.name === 'AbortError')
      throw error;
    throw damaged(where, 'gzip file', `it cannot be inflated (${problemOf(error)})`);
  }
  if (members === 1 && out.length !== sizeField)
    throw damaged(where, 'gzip file', `its stream holds ${out.length} bytes where its size field says ${sizeField}`);
  return out.bytes();
}

/** A file of a zip archive as it is found in it. */
export interface ZipEntryInfo {
  readonly name: string;
  /** The size its header gives, when it gives one (archives written as a stream do not). */
  readonly size: number | null;
}

/**
 * The files of a zip that `wanted` picks, inflated a piece at a time: each counted against the budget
 * (its announced size before anything is inflated), and held to the size its header announces.
 */
export async function unzipWithin(
  bytes: Uint8Array,
  where: string,
  budget: ExpansionBudget,
  wanted: (entry: ZipEntryInfo) => boolean,
  pace?: Pace,
): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  const found: Array<{ name: string; out: Gathered; size: number | null; done: boolean }> = [];
  let failure: Error | null = null;
  let made = 0;
  let entries = 0;
  const unzip = new Unzip((file: UnzipFile) => {
    // Counted whether wanted or not: the reader's time grows with the square of the entries it has met.
    if (!failure && ++entries > budget.maxEntries) {
      failure = new LogFormatError(
        where,
        `the zip archive holds more than ${budget.maxEntries.toLocaleString('en-US')} entries; open the log inside it instead`,
      );
    }
    const announced = file.originalSize ?? null;
    if (failure || !wanted({ name: file.name, size: announced })) return;
    try {
      if (announced !== null) {
        if (announced > budget.remaining) throw budget.exceeded(` (${file.name} alone says ${size(announced)})`);
        budget.take(announced);
      }
    } catch (error) {
      failure = error as Error;
      return;
    }
    const entry = { name: file.name, out: new Gathered(announced), size: announced, done: false };
    found.push(entry);
    file.ondata = (error, piece, final) => {
      if (failure) return;
      if (error) {
        failure = damaged(where, 'zip archive', `${file.name} cannot be inflated (${problemOf(error)})`);
        return;
      }
      try {
        if (announced === null) budget.take(piece.length);
        made += piece.length;
        if (!entry.out.add(piece))
          failure = damaged(
            where,
            'zip archive',
            `${file.name} holds more than the ${announced} bytes its header gives`,
          );
      } catch (thrown) {
        failure = thrown as Error;
      }
      if (final) entry.done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    await feed(
      bytes,
      (piece, final) => {
        unzip.push(piece, final);
        if (failure) throw failure;
      },
      () => made,
      pace,
    );
  } catch (error) {
    if (error === failure || error instanceof LogFormatError || (error as Error | null)?.name === 'AbortError')
      throw error;
    throw damaged(where, 'zip archive', `it cannot be read (${problemOf(error)})`);
  }
  return found.map((entry) => {
    if (!entry.done || (entry.size !== null && entry.out.length !== entry.size)) {
      throw damaged(
        where,
        'zip archive',
        `${entry.name} holds ${entry.out.length} bytes where its header says ${entry.size ?? 'more'}`,
      );
    }
    return { name: entry.name, bytes: entry.out.bytes() };
  });
}
