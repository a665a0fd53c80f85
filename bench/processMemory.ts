import { readFileSync, readdirSync } from 'node:fs';

/** Linux only: the processes below `root` (Chromium's, which Playwright starts as this process's children). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      // The parent is the 4th field, after the command name (in parentheses, which may hold spaces).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => (children.get(pid) ?? []).forEach((child) => (found.push(child), walk(child)));
  walk(root);
  return found;
}

/** Chromium renderer processes started by this process, by pid. */
export function rendererPids(): number[] {
  return descendants(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in MB; null once it is gone. */
export function residentMb(pid: number): { now: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { now: (kb('VmRSS') * 1024) / 1e6, peak: (kb('VmHWM') * 1024) / 1e6 };
  } catch {
    return null;
  }
}

/** The highest peak among the renderers not in `before` (the ones a new page started). */
export function newRenderersPeakMb(before: readonly number[]): number {
  const known = new Set(before);
  return Math.max(
    0,
    ...rendererPids()
      .filter((pid) => !known.has(pid))
      .map((pid) => residentMb(pid)?.peak ?? 0),
  );
}
