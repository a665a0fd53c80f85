import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type AnyParsedLog, LogFormatError, readLog, readStreamedLog } from '../../src/formats/index.ts';
import { sourceOf } from '../../src/formats/jsonBytes.ts';
import { bytesInFile } from '../../src/formats/keptBytes.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';
import { thrown } from '../helpers/thrown.ts';

/** readStreamedLog over a file's bytes, as the command line gives it (a head, then reads by position). */
function streamed(bytes: Uint8Array, path = 'log.json'): AnyParsedLog | null {
  return readStreamedLog(path, sourceOf(bytes), { keepSources: false });
}

const wholeRead = (bytes: Uint8Array, path = 'log.json') =>
  readLog({ kind: 'file', file: { path, bytes } }, { keepSources: false });

/** What a reader found, without the raw events' accessors. */
const found = (log: AnyParsedLog) => ({ ...log, raw: Array.from({ length: log.raw.length }, (_, i) => log.raw.at(i)) });

const documents = [
  join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'),
  join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic_gui_mode.json'),
  join(REAL_LOGS, 'v1_benchmarks_openagentsafety_traj_safety-metrics_bare-list_202ev.json'),
  join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'),
];

describe('readStreamedLog: a log that is one JSON document, read as it streams', () => {
  it('finds what the whole-file reader finds, in every document shape, with or without a byte-order mark', () => {
    for (const path of documents) {
      const bytes = new Uint8Array(readFileSync(path));
      const expected = found(wholeRead(bytes));
      expect(found(streamed(bytes)!)).toEqual(expected);
      const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
      expect(found(streamed(withBom)!)).toEqual(expected);
    }
  });

  it('keeps every event as the file has it, in the file when it stays readable, as the whole-file reader keeps it in memory', () => {
    for (const path of documents) {
      const file = new Uint8Array(readFileSync(path));
      for (const bytes of [file, new Uint8Array([0xef, 0xbb, 0xbf, ...file])]) {
        const whole = readLog({ kind: 'file', file: { path: 'log.json', bytes } });
        const reads: number[] = [];
        const kept = bytesInFile(bytes.length, (start, end) => (reads.push(start), bytes.slice(start, end)), 4096, 4);
        const log = readStreamedLog('log.json', sourceOf(bytes), { kept })!;
        expect(found(log)).toEqual(found(whole));
        const text = (raw: AnyParsedLog['raw'], i: number) => new TextDecoder().decode(raw.sourceBytes(i)!);
        for (let i = 0; i < log.raw.length; i++) expect(text(log.raw, i)).toBe(text(whole.raw, i));
        // The events themselves: a long observation's content is read again from the file when asked for.
        expect(log.events).toEqual(whole.events);
        expect(reads.length).toBeGreaterThan(0);
      }
    }
  });

  it('leaves to the whole-file reader what it cannot stream: JSONL, UTF-16, archives, other values', () => {
    for (const name of [
      'v0_openhands_multi-swe-bench_example_output.jsonl',
      'v1_sdk_goal-fixture_events_trimmed_10ev.jsonl',
      'v0legacy_openhands_resolver_mock_output.jsonl',
    ]) {
      // JSONL: its first line is a whole value with more after it (read once, then handed over).
      expect(streamed(new Uint8Array(readFileSync(join(REAL_LOGS, name))), name)).toBeNull();
    }
    const text = readFileSync(documents[0]!, 'utf8');
    const utf16 = new Uint8Array(Buffer.from(`\ufeff${text}`, 'utf16le'));
    expect(streamed(utf16)).toBeNull();
    expect(found(wholeRead(utf16))).toEqual(found(wholeRead(new Uint8Array(Buffer.from(text)))));
    expect(streamed(new Uint8Array(gzipSync(text)))).toBeNull();
    for (const other of ['42', '"a string"', '', '   '])
      expect(streamed(new Uint8Array(Buffer.from(other)))).toBeNull();
  });

  it('names the file and the mistake in a document it streams', () => {
    const truncated = new Uint8Array(readFileSync(documents[3]!)).subarray(0, 50_000);
    expect(thrown(() => streamed(truncated, 'run.json'), LogFormatError).message).toBe(
      'run.json: the JSON ends before it is complete (is the file truncated?)',
    );
    expect(thrown(() => streamed(new Uint8Array(Buffer.from('[]'))), LogFormatError).message).toBe(
      'the log holds no events',
    );
    expect(thrown(() => streamed(new Uint8Array(Buffer.from('{"events": 3}'))), LogFormatError).message).toMatch(
      /^no OpenHands events found/,
    );
  });
});
