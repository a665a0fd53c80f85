import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogFormatError } from '../../src/formats/index.ts';
import { elementSpansOf, parseJsonBytes } from '../../src/formats/jsonBytes.ts';
import { rawEventsOf } from '../../src/formats/rawEvents.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';
import { thrown } from '../helpers/thrown.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const decode = (part: Uint8Array) => new TextDecoder().decode(part);

describe('parseJsonBytes', () => {
  it('gives what JSON.parse gives, for real logs and odd documents', () => {
    const texts = [
      readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), 'utf8'),
      readFileSync(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'), 'utf8'),
      readFileSync(join(REAL_LOGS, 'v1_benchmarks_openagentsafety_traj_safety-metrics_bare-list_202ev.json'), 'utf8'),
      '{"response": {"json": {"trajectory": [{"a": "é\\"]}"}, 2, null, [], {}]}}}',
      ' [ 1 , -2.5e3 , true , "x\\\\" , {"k": [[[]]]} ] \n',
      '{"__proto__": {"polluted": 1}, "constructor": 2}',
      '[]',
      '"just a string"',
      `{"deep": ${'['.repeat(1000)}${']'.repeat(1000)}}`,
    ];
    for (const text of texts) expect(parseJsonBytes(bytes(text), 'f')).toEqual(JSON.parse(text));
    let deep = (
      parseJsonBytes(bytes(`{"deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`), 'f') as { deep: unknown }
    ).deep;
    let depth = 0;
    for (; Array.isArray(deep) && deep.length; deep = deep[0]) depth++;
    expect(depth).toBe(99_999);
    expect(Object.getPrototypeOf(parseJsonBytes(bytes(texts[5]!), 'f'))).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the byte span of every element of the lists it split', () => {
    const text = '{"trajectory": [ {"id": 0, "note": "ünï"} ,\n {"id": 1} ]}';
    const value = parseJsonBytes(bytes(text), 'f') as { trajectory: unknown[] };
    const spans = elementSpansOf(value.trajectory)!;
    expect([0, 1].map((i) => spans.span(i)!).map(({ start, end }) => decode(spans.bytes.subarray(start, end)))).toEqual(
      ['{"id": 0, "note": "ünï"}', '{"id": 1}'],
    );
    expect(spans.span(2)).toBeNull();
    const raw = rawEventsOf(value.trajectory);
    expect(raw.length).toBe(2);
    expect(raw.at(0)).toEqual({ id: 0, note: 'ünï' });
    expect(decode(raw.sourceBytes(1)!)).toBe('{"id": 1}');
  });

  it('keeps no spans (nor the bytes) when asked not to, and its events are the parsed ones', () => {
    const text = '{"trajectory": [ {"id": 0, "note": "ünï"} ,\n {"id": 1} ]}';
    const value = parseJsonBytes(bytes(text), 'f', { keepSpans: false }) as { trajectory: unknown[] };
    expect(value).toEqual(JSON.parse(text));
    expect(elementSpansOf(value.trajectory)).toBeUndefined();
    const raw = rawEventsOf(value.trajectory);
    expect(raw.at(0)).toEqual({ id: 0, note: 'ünï' });
    expect(raw.sourceBytes(0)).toBeNull();
  });

  it('reads a list a piece at a time wherever the cuts fall, with every span right', () => {
    const texts = [
      readFileSync(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'), 'utf8'),
      readFileSync(join(REAL_LOGS, 'v1_benchmarks_openagentsafety_traj_safety-metrics_bare-list_202ev.json'), 'utf8'),
      // Cuts that look right but are not: inside a nested list of alike objects, and inside strings.
      JSON.stringify(
        Array.from({ length: 300 }, (_, id) => ({
          id,
          sub: [{ id: id * 10 }, { id: 1 }],
          text: `}, {"id": ${id}, "x": "]"`,
        })),
      ),
      `{"trajectory": ${JSON.stringify(
        Array.from({ length: 200 }, (_, id) => ({ id, more: 'é'.repeat(id % 7) })),
        null,
        2,
      )}, "after": [{"id": 1}, {"id": 2}]}`,
      // The first element's key never comes again; then it comes only far apart.
      JSON.stringify([{ first: 1 }, ...Array.from({ length: 300 }, (_, id) => ({ other: id }))]),
      JSON.stringify(
        Array.from({ length: 400 }, (_, id) =>
          id % 150 === 0 ? { id, far: true } : { other: id, x: [{ id: 1 }, { id: 2 }] },
        ),
      ),
    ];
    for (const text of texts) {
      const expected = JSON.parse(text) as unknown;
      for (const pieceBytes of [1, 50, 700, 4096]) {
        const value = parseJsonBytes(bytes(text), 'f', { pieceBytes });
        expect(value).toEqual(expected);
        const list = (Array.isArray(value) ? value : (value as { trajectory: unknown[] }).trajectory) as unknown[];
        const spans = elementSpansOf(list)!;
        expect(spans.length).toBe(list.length);
        // Spans asked for out of order, some pieces scanned before others.
        for (const index of [list.length - 1, 0, ...list.keys()]) {
          const { start, end } = spans.span(index)!;
          expect(JSON.parse(decode(spans.bytes.subarray(start, end)))).toEqual(list[index]);
        }
      }
    }
  });

  it('says how far it has got after each piece, up to the end of the list', () => {
    const text = JSON.stringify(Array.from({ length: 500 }, (_, id) => ({ id, text: 'x'.repeat(id % 40) })));
    const heard: Array<[number, number]> = [];
    parseJsonBytes(bytes(text), 'f', { pieceBytes: 1000, progress: (done, total) => heard.push([done, total]) });
    expect(heard.length).toBeGreaterThan(10);
    expect(heard.every(([done, total], k) => total === text.length && done > (heard[k - 1]?.[0] ?? 0))).toBe(true);
    expect(heard.at(-1)![0]).toBe(text.length);
  });

  it('names the line and column of a mistake, and a file that ends too soon', () => {
    const broken = '[\n  {"id": 0},\n  {"id": 1 "x": 2}\n]';
    expect(thrown(() => parseJsonBytes(bytes(broken), 'log.json'), LogFormatError).message).toBe(
      "log.json: invalid JSON at line 3, column 12 (Expected ',' or '}' after property value)",
    );
    expect(
      thrown(() => parseJsonBytes(bytes('[\n {"id": 0},\n {"id": 1'), 'log.json'), LogFormatError).message,
    ).toMatch(/ends before it is complete/);
    expect(thrown(() => parseJsonBytes(bytes('[1, 2] x'), 'log.json'), LogFormatError).message).toBe(
      'log.json: invalid JSON at line 1, column 8 (unexpected text after the JSON value)',
    );
    expect(thrown(() => parseJsonBytes(bytes('   '), 'log.json'), LogFormatError).message).toBe(
      'log.json: the file is empty',
    );
    // The same when the mistake falls in a piece JSON.parse was given whole.
    const long = `[\n${Array.from({ length: 50 }, (_, id) => `  {"id": ${id}}`).join(',\n')},\n  {"id": 50 "x": 2}\n]`;
    expect(thrown(() => parseJsonBytes(bytes(long), 'log.json', { pieceBytes: 64 }), LogFormatError).message).toBe(
      "log.json: invalid JSON at line 52, column 13 (Expected ',' or '}' after property value)",
    );
  });
});
