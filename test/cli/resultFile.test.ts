import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../../src/inspect/index.ts';
import { asUnprivileged, replayCli, scratchFiles, sweepCli, throughClosedPipe } from '../helpers/cli.ts';
import { v0Events } from '../helpers/logs.ts';

const { dir, file } = scratchFiles('result-file-');
const victim = file('victim.jsonl', JSON.stringify(v0Events(40)));
const noop = file('noop.json', '{"type": "noop"}');
const oneLine = (stderr: string) => expect(stderr.trimEnd().split('\n')).toHaveLength(1);

/** An eval JSONL of `count` small instances: a sweep writes one row per instance as it goes. */
const evalRun = (count: number) =>
  file(
    `run-${count}.jsonl`,
    Array.from({ length: count }, (_, k) => JSON.stringify({ instance_id: `i${k}`, history: v0Events(3) })).join('\n'),
  );

describe('--out: safe writes (issue 21)', () => {
  it('refuses an --out that is the log or a configuration, by any name, and leaves it as it was', () => {
    const before = readFileSync(victim, 'utf8');
    const link = join(dir, 'link-to-victim.jsonl');
    symlinkSync(victim, link);
    for (const [run, out, what] of [
      [sweepCli, victim, 'input'],
      [sweepCli, link, 'input'],
      [sweepCli, noop, 'configuration'],
      [replayCli, victim, 'log'],
      [replayCli, noop, 'configuration'],
    ] as const) {
      const { status, stdout, stderr } = run(victim, '--config', noop, '--out', out);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      oneLine(stderr);
      expect(stderr).toContain(`--out ${out} is the ${what}`);
    }
    expect(readFileSync(victim, 'utf8')).toBe(before);
    const folder = join(dir, 'logs');
    mkdirSync(folder);
    const inside = join(folder, 'a.json');
    writeFileSync(inside, JSON.stringify(v0Events(3)));
    expect(sweepCli(folder, '--config', noop, '--out', inside).stderr).toMatch(
      /^sweep: --out .*a\.json is a file inside the input \(.*logs\), which the command reads/,
    );
    // Not there yet: a new file in an input folder would be read as input next time.
    const newInside = join(folder, 'new.json');
    expect(sweepCli(folder, '--config', noop, '--out', newInside).stderr).toMatch(
      /^sweep: --out .*new\.json is a file inside the input \(.*logs\), which the command reads/,
    );
    expect(existsSync(newInside)).toBe(false);
    // An answers file the command would create is the output by its path.
    const answers = join(dir, 'answers-to-be.json');
    const both = replayCli(
      victim,
      '--config',
      noop,
      '--counterfactual',
      '1',
      '--model',
      'm',
      '--answers',
      answers,
      '--out',
      answers,
    );
    expect(both.status).toBe(2);
    expect(both.stderr).toContain(`--out ${answers} is the answers file`);
  }, 60_000);

  it('writes the result beside the destination and renames it into place; a failed command leaves the old file', () => {
    const out = join(dir, 'trace.json');
    expect(replayCli(victim, '--config', noop, '--out', out)).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect((JSON.parse(readFileSync(out, 'utf8')) as Trace).steps).toHaveLength(40);
    const failed = replayCli(victim, '--config', file('bad.json', '{"type": "magic"}'), '--out', out);
    expect(failed.status).toBe(2);
    expect((JSON.parse(readFileSync(out, 'utf8')) as Trace).steps).toHaveLength(40);
    const rows = join(dir, 'rows.csv');
    expect(sweepCli(victim, '--config', noop, '--out', rows).status).toBe(0);
    expect(readFileSync(rows, 'utf8').split('\n')[0]).toMatch(/^source,instance,config,/);
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  }, 60_000);

  it('writes through a link and keeps the replaced file’s permissions', () => {
    const real = file('real-trace.json', 'the earlier trace\n');
    chmodSync(real, 0o600);
    const link = join(dir, 'trace-link.json');
    symlinkSync(real, link);
    expect(replayCli(victim, '--config', noop, '--out', link)).toMatchObject({ status: 0, stderr: '' });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect((JSON.parse(readFileSync(real, 'utf8')) as Trace).steps).toHaveLength(40);
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  }, 60_000);

  it('turns every destination that cannot be written into one line and exit 2, before any replay', () => {
    const readOnly = join(dir, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    // Renamed over, a read-only file would go: it is refused, and left as it was.
    const kept = file('kept.json', 'keep me\n');
    chmodSync(kept, 0o444);
    for (const [out, reason] of [
      [join(dir, 'missing', 'rows.csv'), 'its folder does not exist (ENOENT)'],
      [dir, 'it is a folder'],
      ['/dev/full', 'no space is left on its device (ENOSPC)'],
      [kept, 'the file is read-only; make it writable or give another file'],
    ] as const) {
      for (const [run, name] of [
        [sweepCli, 'sweep'],
        [replayCli, 'replay'],
      ] as const) {
        const { status, stderr } = run(victim, '--config', noop, '--out', out);
        expect(status).toBe(2);
        expect(stderr).toBe(`${name}: cannot write to ${out}: ${reason}\n`);
      }
    }
    for (const [entry, name] of [
      ['src/cli/sweep.ts', 'sweep'],
      ['src/cli/main.ts', 'replay'],
    ] as const) {
      const { status, stderr } = asUnprivileged(entry, victim, '--config', noop, '--out', join(readOnly, 'out.csv'));
      expect(status).toBe(2);
      expect(stderr).toBe(`${name}: cannot write to ${join(readOnly, 'out.csv')}: permission denied (EACCES)\n`);
    }
    expect(existsSync(join(readOnly, 'out.csv'))).toBe(false);
    expect(readFileSync(kept, 'utf8')).toBe('keep me\n');
  }, 60_000);

  it('keeps a failure the only line when the replay had a note to tell first (the hostile-input run found this)', () => {
    const { status, stderr } = replayCli(evalRun(3), '--config', noop, '--out', '/dev/full');
    expect(status).toBe(2);
    expect(stderr).toBe('replay: cannot write to /dev/full: no space is left on its device (ENOSPC)\n');
  }, 60_000);

  it('says in one line, exit 2, that the reader closed the pipe (| head)', async () => {
    const sweep = await throughClosedPipe('src/cli/sweep.ts', evalRun(40), '--config', noop, '--workers', '1');
    expect(sweep.status).toBe(2);
    expect(sweep.stderr.split('\n').filter((line) => line.startsWith('sweep: cannot'))).toEqual([
      'sweep: cannot write the rows to standard output: the reader closed the pipe before everything was written (as head does once it has its lines) (EPIPE)',
    ]);
    const replay = await throughClosedPipe(
      'src/cli/main.ts',
      file('long.json', JSON.stringify(v0Events(2000))),
      '--config',
      noop,
    );
    expect(replay).toEqual({
      status: 2,
      stderr:
        'replay: cannot write the trace to standard output: the reader closed the pipe before everything was written (as head does once it has its lines) (EPIPE)\n',
    });
  }, 60_000);
});
