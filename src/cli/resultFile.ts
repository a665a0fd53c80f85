import {
  closeSync,
  existsSync,
  fchmodSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from './args.ts';

/** A write that failed: the command's one line says where and why. */
export class OutputError extends Error {}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is not a folder',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space is left on its device',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file is too large for its file system',
  EIO: 'the device reported an input/output error',
  EPIPE: 'the reader closed the pipe before everything was written (as head does once it has its lines)',
};

/** The one line for a failed write to `where`, by the error's code. */
export function outputFailure(error: unknown, where: string): OutputError {
  if (error instanceof OutputError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reason = (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
  return new OutputError(`cannot write ${where}: ${reason}${code && REASONS[code] ? ` (${code})` : ''}`);
}

/** Writes all of `text` to a file descriptor, a pipe that is full for now (EAGAIN) tried again. */
export function writeAllSync(fd: number, text: string): void {
  const buffer = Buffer.from(text);
  for (let offset = 0; offset < buffer.length;) {
    try {
      offset += writeSync(fd, buffer, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

/** A folder's real path (links followed), or the path itself when it does not exist. */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

const statOrNull = (path: string) => {
  try {
    return statSync(path);
  } catch {
    return null;
  }
};

/**
 * Refuses an output path that is one of the command's inputs (the same file by any name: compared by
 * device and inode, so links count), or an existing file inside an input folder.
 */
function refuseInputs(path: string, inputs: ReadonlyArray<{ path: string; what: string }>): void {
  const out = statOrNull(path);
  // Where the output goes, also when it does not exist yet (its folder's real path, then its name).
  const outPath = out ? realpathSync(path) : join(realFolder(dirname(resolve(path))), basename(path));
  for (const input of inputs) {
    const stats = statOrNull(input.path);
    // An input not written yet (an answers file the command will create) is the output by its path.
    const same = stats
      ? out !== null && stats.dev === out.dev && stats.ino === out.ino
      : resolve(input.path) === resolve(path);
    if (same) {
      throw new UsageError(
        `--out ${path} is the ${input.what} (${input.path}); writing there would destroy it: give another file`,
      );
    }
    if (stats?.isDirectory()) {
      const inside = relative(realpathSync(input.path), outPath);
      if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) {
        throw new UsageError(
          `--out ${path} is a file inside the ${input.what} (${input.path}), which the command reads; give a file elsewhere`,
        );
      }
    }
  }
}

export interface ResultFile {
  write(text: string): void;
  /** Puts the finished file in place. */
  finish(): void;
  /** Removes what was written: a failed command leaves the destination as it was. */
  abandon(): void;
}

/** How to remove each result's partial file not finished yet, should the command be interrupted. */
const unfinished = new Set<() => void>();
let removingOnInterrupt = false;

/**
 * Ctrl-C (or a kill) while a result is being written removes its partial file, then ends the command
 * as the signal would have (its usual exit status): no hidden `.name.pid.partial` is left beside it.
 */
function removeOnInterrupt(remove: () => void): void {
  unfinished.add(remove);
  if (removingOnInterrupt) return;
  removingOnInterrupt = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => {
      for (const each of unfinished) each();
      process.kill(process.pid, signal);
    });
}

/**
 * Opens `path` for a command's result, checked before any work starts. A regular file is written
 * beside it under a hidden name and renamed into place when finished, so a failure never leaves half
 * a file or destroys the old one; the file it replaces keeps its permissions, a link to it stays a
 * link, and a read-only one is refused. A device or pipe that already exists (/dev/null, a FIFO) is
 * written directly. Every failure is an OutputError or UsageError with one line ("cannot write <where>: ...").
 */
export function openResultFile(
  path: string,
  inputs: ReadonlyArray<{ path: string; what: string }>,
  where = `to ${path}`,
): ResultFile {
  refuseInputs(path, inputs);
  const existing = statOrNull(path);
  if (existing?.isDirectory()) throw new OutputError(`cannot write ${where}: it is a folder`);
  const replaced = existing?.isFile() ? existing : null;
  // Replaced by renaming over it, a file the permissions protect would go all the same.
  if (replaced && (replaced.mode & 0o222) === 0)
    throw new OutputError(`cannot write ${where}: the file is read-only; make it writable or give another file`);
  const direct = existing !== null && !replaced;
  // A link is written where it leads: the link stays, the file it names gets the result.
  const destination = replaced ? realpathSync(path) : path;
  const partial = direct ? path : join(dirname(destination), `.${basename(destination)}.${process.pid}.partial`);
  let fd: number | null;
  try {
    fd = openSync(partial, direct ? 'w' : 'wx');
  } catch (error) {
    throw outputFailure(error, where);
  }
  const close = () => {
    if (fd === null) return;
    const open = fd;
    fd = null;
    closeSync(open);
  };
  const removePartial = () => {
    try {
      close();
    } catch {
      // Closing what failed may fail too; the partial file goes all the same.
    }
    if (existsSync(partial)) unlinkSync(partial);
  };
  if (!direct) removeOnInterrupt(removePartial);
  if (replaced) {
    // The new file keeps the old one's permissions (a private 0600 trace stays private).
    try {
      fchmodSync(fd, replaced.mode & 0o777);
    } catch (error) {
      unfinished.delete(removePartial);
      removePartial();
      throw outputFailure(error, where);
    }
  }
  return {
    write(text) {
      if (fd === null) throw new OutputError(`cannot write ${where}: it is already closed`);
      try {
        writeAllSync(fd, text);
      } catch (error) {
        throw outputFailure(error, where);
      }
    },
    finish() {
      try {
        close();
        if (!direct) renameSync(partial, destination);
      } catch (error) {
        throw outputFailure(error, where);
      } finally {
        unfinished.delete(removePartial);
      }
    },
    abandon() {
      unfinished.delete(removePartial);
      if (direct) {
        try {
          close();
        } catch {
          // Closing what failed may fail too.
        }
      } else removePartial();
    },
  };
}
