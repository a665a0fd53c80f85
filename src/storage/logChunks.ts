import type { Transaction } from 'dexie';
import type { ImportInput, LogFile, LogInput, UnreadFile } from '../formats/index.ts';

/**
 * Logs are stored in pieces: IndexedDB refuses a single value past 127 MiB in Chromium (64 MiB for a
 * string holding one non-Latin-1 character), and eval logs run to gigabytes. Every file is kept as
 * UTF-8 bytes in chunks of CHUNK_BYTES; the log's record holds only where its files are. Chunks are
 * stored as Blobs where there are Blobs: Chromium writes a Blob to its blob store as a file instead of
 * serializing it into the database (measured on 100 MB: 70 ms to store and 60 ms to read back as Blobs,
 * 1.7 s and 3.5 s as byte arrays). Chunks stored as bytes by earlier versions still read.
 */
export const CHUNK_BYTES = 8 * 1024 * 1024;

/** One file of a stored log: how to give it back (text or bytes) and how many chunks hold it. */
export interface StoredFile {
  readonly path: string;
  readonly encoding: 'text' | 'bytes';
  readonly size: number;
  readonly chunks: number;
  /** The size of every chunk but the last (so a later chunk size still reads older logs). */
  readonly chunkBytes: number;
}

export type LogManifest =
  | { readonly kind: 'file'; readonly file: StoredFile }
  | { readonly kind: 'folder'; readonly name: string; readonly files: readonly StoredFile[] };

export interface LogChunkRecord {
  readonly sessionId: string;
  /** The file's position in the manifest. */
  readonly file: number;
  readonly index: number;
  readonly bytes: Uint8Array | Blob;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A chunk record as stored, its bytes made a Blob where the platform has them (else IndexedDB copies
 * the view): made one at a time just before each write, so only one chunk's copy is in memory.
 */
export function asStored(chunk: LogChunkRecord): LogChunkRecord {
  return typeof Blob === 'undefined' || !ArrayBuffer.isView(chunk.bytes)
    ? chunk
    : { ...chunk, bytes: new Blob([chunk.bytes as Uint8Array<ArrayBuffer>]) };
}

/** An unread file's chunks are slices of it: the browser copies them to its blob store, the page never reads them. */
function unreadChunksOf(file: UnreadFile, chunkBytes: number): { stored: Omit<StoredFile, 'path'>; chunks: Blob[] } {
  const size = file.blob.size;
  const chunks: Blob[] = [];
  for (let start = 0; start < size; start += chunkBytes) chunks.push(file.blob.slice(start, start + chunkBytes));
  return { stored: { encoding: 'bytes', size, chunks: chunks.length, chunkBytes }, chunks };
}

/** The chunks of one file, as views of its bytes (made Blobs one at a time as they are written). */
function chunksOf(
  file: LogFile | UnreadFile,
  chunkBytes: number,
): { stored: Omit<StoredFile, 'path'>; chunks: Array<Uint8Array | Blob> } {
  if ('kind' in file) return unreadChunksOf(file, chunkBytes);
  const bytes = file.bytes ?? encoder.encode(file.text);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += chunkBytes)
    chunks.push(bytes.subarray(start, Math.min(bytes.length, start + chunkBytes)));
  return {
    stored: { encoding: file.bytes ? 'bytes' : 'text', size: bytes.length, chunks: chunks.length, chunkBytes },
    chunks,
  };
}

/** The log split for storage: its manifest and every chunk record (bytes still as views of the log's, or slices of the unread file). */
export function splitLog(
  sessionId: string,
  input: ImportInput,
  chunkBytes = CHUNK_BYTES,
): { manifest: LogManifest; chunks: LogChunkRecord[] } {
  const files = input.kind === 'file' ? [input.file] : input.kind === 'unread' ? [input] : input.files;
  const chunks: LogChunkRecord[] = [];
  const stored = files.map((file, fileIndex) => {
    const split = chunksOf(file, chunkBytes);
    split.chunks.forEach((bytes, index) => chunks.push({ sessionId, file: fileIndex, index, bytes }));
    return { path: file.path, ...split.stored };
  });
  const manifest: LogManifest =
    input.kind === 'folder' ? { kind: 'folder', name: input.name, files: stored } : { kind: 'file', file: stored[0]! };
  return { manifest, chunks };
}

/** The bytes a chunk holds (a Blob is read; it stays readable after its transaction ended). */
async function chunkBytes(chunk: Uint8Array | Blob): Promise<Uint8Array> {
  return ArrayBuffer.isView(chunk) ? chunk : new Uint8Array(await chunk.arrayBuffer());
}

/** The log again, from its manifest and its chunk records (in any order). */
export async function joinLog(manifest: LogManifest, records: readonly LogChunkRecord[]): Promise<LogInput> {
  const stored = manifest.kind === 'file' ? [manifest.file] : manifest.files;
  const byFile = stored.map((file) => ({ file, bytes: new Uint8Array(file.size), found: 0 }));
  for (const record of records) {
    const target = byFile[record.file];
    if (!target) continue;
    target.bytes.set(await chunkBytes(record.bytes), record.index * target.file.chunkBytes);
    target.found++;
  }
  const files = byFile.map(({ file, bytes, found }): LogFile => {
    if (found !== file.chunks)
      throw new Error(`the stored log is incomplete (${file.path}: ${found} of ${file.chunks} parts)`);
    return file.encoding === 'text' ? { path: file.path, text: decoder.decode(bytes) } : { path: file.path, bytes };
  });
  return manifest.kind === 'file' ? { kind: 'file', file: files[0]! } : { kind: 'folder', name: manifest.name, files };
}

/**
 * A log stored as one file of Blob chunks, as a Blob made of them (nothing is read: the engine reads
 * what it needs, where it is); null for any other log (read it with joinLog).
 */
export function storedFileBlob(manifest: LogManifest, records: readonly LogChunkRecord[]): UnreadFile | null {
  if (manifest.kind !== 'file' || manifest.file.encoding !== 'bytes') return null;
  const { file } = manifest;
  const byIndex = new Map<number, Blob>();
  for (const record of records) {
    if (record.file !== 0 || ArrayBuffer.isView(record.bytes)) return null;
    byIndex.set(record.index, record.bytes);
  }
  const chunks: Blob[] = [];
  for (let index = 0; index < file.chunks; index++) {
    const chunk = byIndex.get(index);
    // Incomplete: joinLog says what is missing.
    if (!chunk) return null;
    chunks.push(chunk);
  }
  const blob = new Blob(chunks);
  return blob.size === file.size ? { kind: 'unread', path: file.path, blob } : null;
}

/** Database version 3: logs stored whole (version 1 and 2) are split into chunks. */
export async function chunkStoredLogs(transaction: Transaction): Promise<void> {
  const logs = transaction.table<{ sessionId: string; input?: LogInput; manifest?: LogManifest }>('logs');
  const chunks = transaction.table<LogChunkRecord>('logChunks');
  const old = await logs.toArray();
  for (const record of old) {
    if (!record.input) continue;
    const split = splitLog(record.sessionId, record.input);
    for (const chunk of split.chunks) await chunks.put(asStored(chunk));
    await logs.put({ sessionId: record.sessionId, manifest: split.manifest });
  }
}
