import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** Runs the replay command as `npm run replay` does (from its bundle), capturing what it prints. */
export function replayCli(...args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'run-bundled.mjs'), 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the sweep command as `npm run sweep` does. */
export function sweepCli(...args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'run-bundled.mjs'), 'src/cli/sweep.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs a command (`src/cli/main.ts` or `src/cli/sweep.ts`) as an unprivileged user: the tests run as
 * root on CI, and root writes into read-only folders. Its bundle is built first, as the caller.
 */
export function asUnprivileged(entry: string, ...args: string[]) {
  spawnSync(process.execPath, [join(ROOT, 'scripts', 'run-bundled.mjs'), entry, '--help'], { cwd: ROOT });
  const command = [process.execPath, join(ROOT, 'scripts', 'run-bundled.mjs'), entry, ...args];
  const asRoot = process.getuid?.() === 0;
  const [file, ...rest] = asRoot
    ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...command]
    : command;
  const result = spawnSync(file!, rest, { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs a command whose reader stops after the first piece of output, as `| head -c 1` does. */
export function throughClosedPipe(
  entry: string,
  ...args: string[]
): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'run-bundled.mjs'), entry, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.stdout.once('data', () => child.stdout.destroy());
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stderr })));
}

/** A scratch folder for a test file's inputs; `file(name, text)` writes one and returns its path. */
export function scratchFiles(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file(name: string, content: string): string {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
  };
}
