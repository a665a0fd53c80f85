import type { LogFile, UnreadFile } from '../../formats/index.ts';

/** What the user dropped or picked: one file left unread (the engine's worker reads it), a folder's files read into bytes. */
export type PickedInput =
  | { readonly kind: 'file'; readonly file: UnreadFile; readonly size: number }
  | { readonly kind: 'folder'; readonly name: string; readonly files: readonly LogFile[]; readonly size: number };

const READABLE = /\.(json|jsonl|txt|csv|zip|gz|tgz|tar)$/i;

/**
 * The largest log the browser opens: the page holds the file's bytes and the engine its events, in
 * one tab's memory (measured: a 1 GB log takes about 3 GB). Bigger runs go through `npm run replay`.
 */
export const MAX_LOG_BYTES = 2e9;

const gigabytes = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;

/** A file that cannot be read, with the sentence to show. */
export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

function tooLarge(name: string, size: number): UnreadableFileError {
  return new UnreadableFileError(
    `${name} is ${gigabytes(size)}; the inspector opens logs of up to ${gigabytes(MAX_LOG_BYTES)} in the browser (the file and its events are held in this tab's memory). Replay it with npm run replay, or open one instance of an eval run.`,
  );
}

/**
 * Every file is read as bytes: JavaScript strings stop at about 512 MiB (a 1.3 GB file used to come
 * back as an empty string), and the readers decode what they need piece by piece.
 */
async function readOne(file: File, path: string): Promise<LogFile> {
  if (file.size > MAX_LOG_BYTES) throw tooLarge(path, file.size);
  try {
    return { path, bytes: new Uint8Array(await file.arrayBuffer()) };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    throw new UnreadableFileError(
      `${path} (${gigabytes(file.size)}) could not be read into memory (${problem}); the browser may be short of memory: close other tabs, or replay it with npm run replay.`,
    );
  }
}

async function readAll(files: ReadonlyArray<{ file: File; path: string }>): Promise<LogFile[]> {
  const total = files.reduce((sum, { file }) => sum + file.size, 0);
  if (total > MAX_LOG_BYTES) throw tooLarge(files.length === 1 ? files[0]!.path : `${files.length} files`, total);
  return Promise.all(files.map(({ file, path }) => readOne(file, path)));
}

/** Files from a file or folder picker (a folder picker gives each file a webkitRelativePath). */
export async function readPicked(list: FileList | readonly File[]): Promise<PickedInput | null> {
  const files = Array.from(list);
  if (files.length === 0) return null;
  const size = files.reduce((sum, file) => sum + file.size, 0);
  const relative = files[0]!.webkitRelativePath;
  if (files.length === 1 && !relative) {
    const [file] = files as [File];
    if (file.size > MAX_LOG_BYTES) throw tooLarge(file.name, file.size);
    return { kind: 'file', file: { kind: 'unread', path: file.name, blob: file }, size };
  }
  const root = relative ? relative.split('/')[0]! : `${files.length} files`;
  const picked = files
    .filter((file) => READABLE.test(file.name))
    .map((file) => ({
      file,
      path: file.webkitRelativePath ? file.webkitRelativePath.slice(root.length + 1) : file.name,
    }));
  return { kind: 'folder', name: root, files: await readAll(picked), size };
}

function entryFiles(entry: FileSystemEntry, prefix: string, found: Array<{ file: File; path: string }>): Promise<void> {
  if (entry.isFile) {
    return new Promise((resolve, reject) =>
      (entry as FileSystemFileEntry).file((file) => {
        if (READABLE.test(file.name)) found.push({ file, path: `${prefix}${file.name}` });
        resolve();
      }, reject),
    );
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  return new Promise((resolve, reject) => {
    const readBatch = () =>
      reader.readEntries(async (entries) => {
        if (entries.length === 0) return resolve();
        try {
          for (const child of entries) await entryFiles(child, `${prefix}${entry.name}/`, found);
          readBatch();
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }, reject);
    readBatch();
  });
}

/** A drop: one file, several files, or a folder (read recursively). */
export async function readDropped(transfer: DataTransfer): Promise<PickedInput | null> {
  const entries = Array.from(transfer.items)
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemEntry => !!entry);
  const folder = entries.find((entry) => entry.isDirectory);
  if (!folder) return readPicked(transfer.files);
  const found: Array<{ file: File; path: string }> = [];
  await entryFiles(folder, '', found);
  // Paths inside the folder, without the folder's own name.
  const files = found.map(({ file, path }) => ({ file, path: path.slice(folder.name.length + 1) }));
  const size = files.reduce((sum, { file }) => sum + file.size, 0);
  return { kind: 'folder', name: folder.name, files: await readAll(files), size };
}
