import { unzipSync } from 'fflate';
import { unpackTar } from 'modern-tar';
import { LogFormatError } from './errors.ts';
import { ExpansionBudget, type Pace, gunzipWithin, unzipWithin } from './inflate.ts';
import { plainInput } from './logFile.ts';
import type { LogFile, LogInput } from './types.ts';

/**
 * Archives users bring: the OpenHands web UI's V1 download (a zip of meta.json and one JSON per
 * event), and an eval run's outputs as a tar.gz (output.jsonl, or conversation folders, or archives of
 * them). They are opened into a folder of their JSON files before the log readers see them.
 * fflate reads zip and gzip (streaming, within a byte budget: inflate.ts), modern-tar reads tar
 * (ustar, PAX and GNU long names).
 */

export type ArchiveKind = 'zip' | 'gzip' | 'tar';

/** What the bytes are, by their magic numbers (not by the file's name, which users rename). */
export function archiveKind(bytes: Uint8Array): ArchiveKind | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5)) return 'zip';
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'gzip';
  const magic = String.fromCharCode(...bytes.subarray(257, 262));
  return magic === 'ustar' ? 'tar' : null;
}

/** Only these are kept from an archive: logs, and archives inside it. */
const WANTED = /\.(json|jsonl|zip|gz|tgz|tar)$/i;
/** Past this an archive is refused: a log this size would not open anyway, and it guards against zip bombs. */
export const MAX_EXPANDED_BYTES = 1.5 * 1024 ** 3;
const MAX_DEPTH = 3;

/** A path inside an archive, made safe: no leading slash, no `..`, no `.` parts. */
function safePath(name: string): string {
  return name
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('/');
}

const wanted = (path: string) => WANTED.test(path) && !path.startsWith('__MACOSX/') && !/(^|\/)\._/.test(path);

/** How an expansion is paced: the caller hears of progress now and then, and may cancel by throwing. */
export interface ExpandOptions {
  readonly pace?: Pace;
}

/** What a zip's central directory says its wanted files hold: a bomb that says so is refused before inflating. */
function zipAnnounced(bytes: Uint8Array, budget: ExpansionBudget): void {
  let announced = 0;
  unzipSync(bytes, {
    filter: (info) => {
      if (wanted(safePath(info.name))) announced += info.originalSize;
      return false;
    },
  });
  if (announced > budget.remaining) throw budget.exceeded(` (its files say ${(announced / 1024 ** 3).toFixed(1)} GiB)`);
}

async function entriesOf(
  bytes: Uint8Array,
  kind: ArchiveKind,
  where: string,
  budget: ExpansionBudget,
  options: ExpandOptions,
): Promise<Array<{ path: string; bytes: Uint8Array }>> {
  try {
    if (kind === 'zip') {
      zipAnnounced(bytes, budget);
      const files = await unzipWithin(bytes, where, budget, (entry) => wanted(safePath(entry.name)), options.pace);
      return files.map((file) => ({ path: safePath(file.name), bytes: file.bytes }));
    }
    if (kind === 'gzip') return [{ path: '', bytes: await gunzipWithin(bytes, where, budget, options.pace) }];
    // Each wanted entry is counted before it is copied out of the tar, so one that says 5 GB costs nothing.
    const entries = await unpackTar(bytes, {
      filter: (header) => {
        if ((header.type ?? 'file') !== 'file' || !wanted(safePath(header.name))) return false;
        if (header.size > budget.remaining)
          throw budget.exceeded(` (${safePath(header.name)} alone is ${(header.size / 1024 ** 3).toFixed(1)} GiB)`);
        budget.take(header.size);
        return true;
      },
    });
    return entries.flatMap((entry) => {
      if (!entry.data) return [];
      if (entry.data.length !== entry.header.size) {
        throw new LogFormatError(
          where,
          `the tar archive is damaged: ${safePath(entry.header.name)} holds ${entry.data.length} bytes where its header says ${entry.header.size}; is the download complete?`,
        );
      }
      return [{ path: safePath(entry.header.name), bytes: entry.data }];
    });
  } catch (error) {
    if (error instanceof LogFormatError || (error as Error | null)?.name === 'AbortError') throw error;
    const problem = error instanceof Error ? error.message : String(error);
    throw new LogFormatError(where, `the ${kind} archive cannot be read (${problem}); is the download complete?`);
  }
}

/** `run.tar.gz` → `run`, `output.jsonl.gz` → `output.jsonl`. */
export function withoutArchiveExtension(path: string): string {
  return path.replace(/\.(tar\.gz|tgz)$/i, '').replace(/\.(zip|gz|tar)$/i, '');
}

/**
 * Opens `file` if it is an archive (archives inside it too); other files come back as they are. The
 * entries of the dropped archive keep their own paths; those of an archive inside it go under its
 * path without the extension (`conversations/django-1.tar.gz` → `conversations/django-1/...`).
 */
async function expandFile(
  file: LogFile,
  depth: number,
  budget: ExpansionBudget,
  options: ExpandOptions,
): Promise<LogFile[]> {
  let kind = file.bytes ? archiveKind(file.bytes) : null;
  if (!kind || !file.bytes) return [file];
  if (depth >= MAX_DEPTH)
    throw new LogFormatError(file.path, `archives nested more than ${MAX_DEPTH} deep are not opened`);
  const prefix = depth === 0 ? '' : withoutArchiveExtension(file.path);
  let bytes = file.bytes;
  if (kind === 'gzip') {
    bytes = (await entriesOf(bytes, 'gzip', file.path, budget, options))[0]!.bytes;
    kind = archiveKind(bytes);
    // A gzip holds one unnamed stream: a tar (a .tar.gz), or a file named after the archive.
    if (kind !== 'tar')
      return [{ path: withoutArchiveExtension(depth === 0 ? baseName(file.path) : file.path), bytes }];
  }
  const found: LogFile[] = [];
  for (const entry of await entriesOf(bytes, kind, file.path, budget, options)) {
    found.push(
      ...(await expandFile(
        { path: prefix ? `${prefix}/${entry.path}` : entry.path, bytes: entry.bytes },
        depth + 1,
        budget,
        options,
      )),
    );
  }
  return found;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Opens the archives of a log: a zip or tar.gz becomes the folder of its JSON files (or the one file
 * it holds), archives inside a folder become folders beside it. Anything else is returned unchanged.
 */
export async function expandArchives(input: LogInput, options: ExpandOptions = {}): Promise<LogInput> {
  // Files come out as plain UTF-8 (no byte-order mark, UTF-16 converted): what the readers expect.
  return plainInput(await expanded(input, options));
}

async function expanded(input: LogInput, options: ExpandOptions): Promise<LogInput> {
  if (input.kind === 'file') {
    const { file } = input;
    if (!file.bytes || !archiveKind(file.bytes)) return input;
    const files = await expandFile(file, 0, new ExpansionBudget(MAX_EXPANDED_BYTES, file.path), options);
    if (files.length === 0) throw new LogFormatError(file.path, 'the archive holds no JSON or JSONL files');
    if (files.length === 1) return { kind: 'file', file: files[0]! };
    return { kind: 'folder', name: withoutArchiveExtension(baseName(file.path)), files };
  }
  if (!input.files.some((file) => file.bytes && archiveKind(file.bytes))) return input;
  const budget = new ExpansionBudget(MAX_EXPANDED_BYTES, input.name);
  const files: LogFile[] = [];
  // Inside a folder, an archive opens into a folder beside it, named after it.
  for (const file of input.files) files.push(...(await expandFile(file, 1, budget, options)));
  return { kind: 'folder', name: input.name, files };
}
