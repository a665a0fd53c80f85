/**
 * Commands timed as a user runs them: whole processes (start-up included) under /usr/bin/time (wall
 * clock, CPU time, peak resident memory), and the command line's bin built as users get it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The project's folder: above this file, or above its bundle (node_modules/.cache/...) when run bundled. */
function projectRoot(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'scripts', 'build-cli.mjs'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no project folder above ${import.meta.dirname}`);
  }
}

export const root = projectRoot();
/** The command line's bin: `node dist/cli.js replay ...`. */
export const bin = join(root, 'dist', 'cli.js');

export interface Run {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly rssMb: number;
}

/** Builds dist/cli.js (scripts/build-cli.mjs). */
export function buildCli(): void {
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('scripts/build-cli.mjs failed');
}

/** One whole process under /usr/bin/time; its output goes to /dev/null (a trace is written, not kept). */
export function timed(command: string, args: readonly string[]): Run {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', command, ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const last = result.stderr.trim().split('\n').at(-1) ?? '';
  const figures = /^([\d.]+) ([\d.]+) ([\d.]+) (\d+)$/.exec(last);
  if (result.status !== 0 || !figures) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  const [wall, user, system, rssKb] = figures.slice(1).map(Number) as [number, number, number, number];
  return { wallMs: wall * 1000, cpuMs: (user + system) * 1000, rssMb: (rssKb * 1024) / 1e6 };
}

/** Runs each command `runs` times, taking turns (so the machine's load falls on all alike). */
export function sideBySide(commands: ReadonlyArray<readonly [string, readonly string[]]>, runs: number): Run[][] {
  const results: Run[][] = commands.map(() => []);
  for (let run = 0; run < runs; run++) commands.forEach(([command, args], k) => results[k]!.push(timed(command, args)));
  return results;
}
