import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LogFormatError } from '../../src/formats/index.ts';
import { parseJson } from '../../src/formats/errors.ts';
import {
  type ByteSource,
  type ListElements,
  elementSpansOf,
  parseJsonBytes,
  parseJsonStream,
  sourceOf,
} from '../../src/formats/jsonBytes.ts';
import { bytesInFile } from '../../src/formats/keptBytes.ts';
import { rawEventsOf } from '../../src/formats/rawEvents.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';
import { thrown } from '../helpers/thrown.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const decode = (part: Uint8Array) => new TextDecoder().decode(part);

/** A source over `text`'s bytes that notes every read: where, how much, and the largest buffer read into. */
function streamOf(text: string, options: { shrinksTo?: number; mostPerRead?: number } = {}) {
  const all = bytes(text);
  const reads: Array<{ position: number; length: number }> = [];
  let largestBuffer = 0;
  const source: ByteSource = {
    size: all.length,
    read(into, position) {
      largestBuffer = Math.max(largestBuffer, into.buffer.byteLength);
      const length = Math.min(into.length, options.mostPerRead ?? Infinity);
      const part = all.subarray(position, Math.min(position + length, options.shrinksTo ?? all.length));
      into.set(part);
      reads.push({ position, length: part.length });
      return part.length;
    },
  };
  return { source, reads, largest: () => largestBuffer };
}

/** Whether the reads went through the file once, in order, to its end (short reads read on). */
function readOnceInOrder(reads: ReadonlyArray<{ position: number; length: number }>, size: number): boolean {
  let at = 0;
  for (const read of reads) {
    if (read.position !== at) return false;
    at += read.length;
  }
  return at === size;
}

/** Real logs that are one JSON document: a trajectory and a bare list. */
const realDocuments = () => [
  readFileSync(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'), 'utf8'),
  readFileSync(join(REAL_LOGS, 'v1_benchmarks_openagentsafety_traj_safety-metrics_bare-list_202ev.json'), 'utf8'),
];

/** Odd documents: escapes that look like structure, spaces everywhere, a number at a list's end, a __proto__ key. */
const ODD_DOCUMENTS = [
  '{"response": {"json": {"trajectory": [{"a": "é\\"]}"}, 2, null, [], {}]}}}',
  ' [ 1 , -2.5e3 , true , "x\\\\" , {"k": [[[]]]}, 12345678 ] \n',
  '{"__proto__": {"polluted": 1}, "constructor": 2}',
  '[]',
  '"just a string"',
] as const;

describe('parseJsonBytes', () => {
  it('gives what JSON.parse gives, for real logs and odd documents', () => {
    const texts = [
      readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), 'utf8'),
      ...realDocuments(),
      ...ODD_DOCUMENTS,
      `{"deep": ${'['.repeat(1000)}${']'.repeat(1000)}}`,
    ];
    for (const text of texts) expect(parseJsonBytes(bytes(text), 'f')).toEqual(JSON.parse(text));
    let deep = (
      parseJsonBytes(bytes(`{"deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`), 'f') as { deep: unknown }
    ).deep;
    let depth = 0;
    for (; Array.isArray(deep) && deep.length; deep = deep[0]) depth++;
    expect(depth).toBe(99_999);
    expect(Object.getPrototypeOf(parseJsonBytes(bytes(ODD_DOCUMENTS[2]), 'f'))).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the byte span of every element of the lists it split', () => {
    const text = '{"trajectory": [ {"id": 0, "note": "ünï"} ,\n {"id": 1} ]}';
    const document = bytes(text);
    const value = parseJsonBytes(document, 'f') as { trajectory: unknown[] };
    const spans = elementSpansOf(value.trajectory)!;
    expect([0, 1].map((i) => spans.span(i)!).map(({ start, end }) => decode(document.subarray(start, end)))).toEqual([
      '{"id": 0, "note": "ünï"}',
      '{"id": 1}',
    ]);
    expect(decode(spans.bytesOf(0)!)).toBe('{"id": 0, "note": "ünï"}');
    expect(spans.span(2)).toBeNull();
    expect(spans.bytesOf(2)).toBeNull();
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

  it('hands each element of a split list to the element hook as it is read, and keeps what it returns', () => {
    const text = JSON.stringify({
      trajectory: Array.from({ length: 120 }, (_, id) => ({ id, text: `}, {"id": ${id}` + 'é'.repeat(id % 5) })),
    });
    for (const pieceBytes of [1, 300, 4096]) {
      const seen: number[] = [];
      const lists: ListElements[] = [];
      const value = parseJsonBytes(bytes(text), 'f', {
        pieceBytes,
        element: (element, index, list) => {
          seen.push(index);
          lists.push(list);
          return { index, element };
        },
      }) as { trajectory: Array<{ index: number; element: unknown }> };
      const expected = (JSON.parse(text) as { trajectory: unknown[] }).trajectory;
      expect(seen).toEqual([...expected.keys()]);
      expect(value.trajectory.map((item) => item.element)).toEqual(expected);
      // Once the list is read, any element's members are parsed again from its bytes.
      expect(new Set(lists).size).toBe(1);
      for (const index of [119, 0, 57]) {
        const { id, text: member } = expected[index] as { id: number; text: string };
        expect([lists[0]!.parseMember(index, ['id']), lists[0]!.parseMember(index, ['text'])]).toEqual([id, member]);
      }
    }
    // Without spans there is nothing to read again from: the hook is not called.
    let calls = 0;
    parseJsonBytes(bytes(text), 'f', { keepSpans: false, element: (element) => (calls++, element) });
    expect(calls).toBe(0);
  });

  it('parses one member of an element alone, as JSON.parse of the whole element has it', () => {
    const elements = [
      // The last of two members of one name is JSON.parse's.
      '{"content": "first", "extras": {"screenshot": "data:image/png;base64,AAAA"}, "content": "last"}',
      // Names written with escapes or outside ASCII, and values of every kind around them.
      '{ "c\\u006fntent" : [1, {"a": "}"}], "n\\"x": null, "ünï": {"k": [true, false]}, "extras" : { "url": "u", "big": "x\\"y" } }',
      '{"other": 1}',
      '[1, 2]',
      '"text"',
    ];
    const text = `[${elements.join(', ')}]`;
    const value = parseJsonBytes(bytes(text), 'f') as unknown[];
    const spans = elementSpansOf(value)!;
    const paths = [
      ['content'],
      ['extras', 'screenshot'],
      ['extras', 'big'],
      ['n"x'],
      ['ünï', 'k'],
      ['extras', 'url', 'x'],
      ['missing'],
      [],
    ];
    elements.forEach((element, index) => {
      const whole = JSON.parse(element) as unknown;
      for (const path of paths) {
        let expected: unknown = whole;
        for (const key of path) {
          const members =
            typeof expected === 'object' && expected !== null && !Array.isArray(expected) ? expected : null;
          expected = members && Object.hasOwn(members, key) ? (members as Record<string, unknown>)[key] : undefined;
        }
        expect(spans.parseMember(index, path), `${element} ${path.join('.')}`).toEqual(expected);
      }
    });
    expect(spans.parseMember(0, ['content'])).toBe('last');
    expect(spans.parseMember(1, ['content'])).toEqual([1, { a: '}' }]);
    expect(spans.parseMember(elements.length, ['content'])).toBeUndefined();
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
        const document = bytes(text);
        const value = parseJsonBytes(document, 'f', { pieceBytes });
        expect(value).toEqual(expected);
        const list = (Array.isArray(value) ? value : (value as { trajectory: unknown[] }).trajectory) as unknown[];
        const spans = elementSpansOf(list)!;
        expect(spans.length).toBe(list.length);
        // Spans asked for out of order, some pieces scanned before others.
        for (const index of [list.length - 1, 0, ...list.keys()]) {
          const { start, end } = spans.span(index)!;
          expect(JSON.parse(decode(document.subarray(start, end)))).toEqual(list[index]);
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

  it('reads a streamed document as JSON.parse does, the file once and in order, whatever its blocks and pieces', () => {
    const texts = [
      ...realDocuments(),
      ...ODD_DOCUMENTS,
      // Cuts that look right but are not, a key that never comes again, long values past a block.
      JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, text: `}, {"id": ${id}, "x": "]"` }))),
      `{"trajectory": ${JSON.stringify(
        Array.from({ length: 200 }, (_, id) => ({
          id,
          more: 'é'.repeat(id % 7),
          long: 'y'.repeat(id % 50 === 0 ? 9000 : 3),
        })),
        null,
        2,
      )}, "after": [{"id": 1}, {"id": 2}]}`,
      JSON.stringify([{ first: 1 }, ...Array.from({ length: 300 }, (_, id) => ({ other: id }))]),
    ];
    for (const text of texts) {
      const expected = JSON.parse(text) as unknown;
      for (const [blockBytes, pieceBytes] of [
        [1, 1],
        [7, 50],
        [64, 700],
        [4096, 1000],
        [1 << 20, 1 << 20],
      ] as const) {
        const { source, reads } = streamOf(text);
        expect(parseJsonStream(source, 'f', { blockBytes, pieceBytes })).toEqual(expected);
        expect(readOnceInOrder(reads, source.size)).toBe(true);
        if (blockBytes < 64) continue;
        // A source that gives fewer bytes than asked (a pipe, a network file system) is read on, not taken as ended.
        const short = streamOf(text, { mostPerRead: blockBytes >> 3 });
        expect(parseJsonStream(short.source, 'f', { blockBytes, pieceBytes })).toEqual(expected);
        expect(readOnceInOrder(short.reads, source.size)).toBe(true);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the same element spans streamed as whole when the file stays readable, and calls the element hook', () => {
    const texts = [
      ...realDocuments(),
      JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, text: `}, {"id": ${id}, "x": "]"` }))),
      `{"trajectory": ${JSON.stringify(
        Array.from({ length: 200 }, (_, id) => ({
          id,
          more: 'é'.repeat(id % 7),
          long: 'y'.repeat(id % 50 ? 3 : 9000),
        })),
        null,
        2,
      )}, "after": [{"id": 1}, {"id": 2}]}`,
      JSON.stringify([{ first: 1 }, ...Array.from({ length: 300 }, (_, id) => ({ other: id }))]),
    ];
    const listOf = (value: unknown) =>
      (Array.isArray(value)
        ? value
        : ((value as Record<string, unknown>).trajectory ?? Object.values(value as object)[0])) as unknown[];
    for (const text of texts) {
      const document = bytes(text);
      const whole = listOf(parseJsonBytes(document, 'f', { pieceBytes: 700 }));
      const wholeSpans = elementSpansOf(whole)!;
      for (const [blockBytes, pieceBytes] of [
        [7, 50],
        [64, 700],
        [4096, 1000],
      ] as const) {
        const { source } = streamOf(text);
        const hooked: number[] = [];
        const value = parseJsonStream(source, 'f', {
          blockBytes,
          pieceBytes,
          kept: bytesInFile(document.length, (start, end) => document.slice(start, end), 256, 2),
          element: (item, index) => (hooked.push(index), item),
        });
        expect(value).toEqual(JSON.parse(text));
        const list = listOf(value);
        expect(hooked.slice(0, list.length)).toEqual([...list.keys()]);
        const spans = elementSpansOf(list)!;
        expect(spans.length).toBe(list.length);
        for (const index of [list.length - 1, 0, ...list.keys()]) {
          expect(spans.span(index)).toEqual(wholeSpans.span(index));
          expect(decode(spans.bytesOf(index)!)).toBe(decode(wholeSpans.bytesOf(index)!));
          expect(spans.parse(index)).toEqual(list[index]);
        }
      }
    }
  });

  it('holds a window of a streamed list, not the file: a few pieces and blocks, or the longest element', () => {
    const events = Array.from({ length: 3000 }, (_, id) => ({
      id,
      observation: 'run',
      content: 'z'.repeat(100 + (id % 90)),
    }));
    const text = JSON.stringify({ trajectory: events });
    const stream = streamOf(text);
    const value = parseJsonStream(stream.source, 'f', { blockBytes: 2000, pieceBytes: 1000 });
    expect(value).toEqual({ trajectory: events });
    expect(text.length).toBeGreaterThan(400_000);
    // The window: what a piece and the search for its cut read on (9 pieces), a block, and the byte kept before.
    expect(stream.largest()).toBeLessThan(9 * 1000 + 2 * 2000 + 400);
    // One element longer than everything else: the window grows to hold it, and shrinks after it.
    const long = [...events.slice(0, 500), { id: -1, content: 'w'.repeat(200_000) }, ...events.slice(500)];
    const longStream = streamOf(JSON.stringify(long));
    expect(parseJsonStream(longStream.source, 'f', { blockBytes: 2000, pieceBytes: 1000 })).toEqual(long);
    expect(longStream.largest()).toBeLessThan(2 * 200_000 + 9 * 1000 + 2 * 2000);
    expect(readOnceInOrder(longStream.reads, longStream.source.size)).toBe(true);
    // A first key that never comes again: no cut is ever found, and the window stays a few pieces long.
    const uncut = [{ first: 0 }, ...events];
    const uncutStream = streamOf(JSON.stringify(uncut));
    expect(parseJsonStream(uncutStream.source, 'f', { blockBytes: 2000, pieceBytes: 1000 })).toEqual(uncut);
    expect(uncutStream.largest()).toBeLessThan(4 * (9 * 1000 + 2 * 2000));
  });

  it('reads thousands of nested lists around a value too long for one piece as JSON.parse does, whole or streamed', () => {
    // Past 64 MiB a container is split; each level split scans what it holds again, so only the first few are.
    const depth = 4000;
    const long = 65 * 1024 * 1024;
    const document = new Uint8Array(2 * depth + long + 2);
    document.fill(0x5b, 0, depth);
    document[depth] = 0x22;
    document.fill(0x61, depth + 1, depth + 1 + long);
    document[depth + 1 + long] = 0x22;
    document.fill(0x5d, depth + 2 + long);
    const innermost = (value: unknown) => {
      let inner = value;
      for (let level = 0; level < depth; level++) {
        expect(inner).toHaveLength(1);
        inner = (inner as unknown[])[0];
      }
      return inner as string;
    };
    for (const value of [parseJsonBytes(document, 'f'), parseJsonStream(sourceOf(document), 'f')]) {
      const text = innermost(value);
      expect(text).toHaveLength(long);
      expect(text.startsWith('aaaa') && text.endsWith('aaaa')).toBe(true);
    }
  }, 60_000);

  it('parses each part of a list a bounded number of times when its only cut-like text is inside elements', () => {
    // Elements whose first key comes again only inside later elements, from a third of the way on.
    const small = Array.from({ length: 300 }, (_, z) => ({ z, text: 'a'.repeat(40) }));
    const big = Array.from({ length: 150 }, () => ({ z: [{ id: 1 }, { id: 2 }], text: 'b'.repeat(40) }));
    const list = [{ id: 0 }, ...small, ...big];
    const text = JSON.stringify(list, null, 1);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(parseJsonBytes(bytes(text), 'f', { pieceBytes: 100, keepSpans: false })).toEqual(list);
      const parsed = parse.mock.calls.reduce((sum, [part]) => sum + String(part).length, 0);
      // Each false cut is tried once, on at most CUT_SEARCH_PIECES pieces (it was the whole way to it, every piece).
      expect(parsed).toBeLessThan(10 * text.length);
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses a value too long to read once it is that long, not after reading the rest of the file', () => {
    const refusal = (text: string) => {
      const stream = streamOf(text);
      let message = '';
      try {
        parseJsonStream(stream.source, 'f.json', { blockBytes: 64, pieceBytes: 100, maxValueBytes: 1000 });
      } catch (error) {
        expect(error).toBeInstanceOf(LogFormatError);
        message = (error as Error).message;
      }
      const read = stream.reads.reduce((sum, part) => sum + part.length, 0);
      return { message, read, largest: stream.largest() };
    };
    // A string that goes on past the limit: refused as soon as it is longer, wherever it is.
    const string = refusal(`[{"id": 0}, {"id": 1, "content": "${'a'.repeat(100_000)}"}]`);
    expect(string.message).toBe(
      'f.json: a string (at line 1, column 34) is over 1000 bytes long, more than a JavaScript string can hold (1000 bytes); it cannot be read',
    );
    expect(string.read).toBeLessThan(1200);
    // One element that never ends, whatever it holds: refused once it fills the window (twice the limit).
    const element = refusal(`[{"id": 0}, [${'1,'.repeat(50_000)}`);
    expect(element.message).toBe(
      'f.json: a value from line 1, column 13 on is over 2000 bytes long, more than one value can be read',
    );
    expect(element.read).toBeLessThan(2100);
    expect(element.largest).toBeLessThanOrEqual(2000);
    // Below the limits the same shapes are read.
    const short = `[{"id": 0}, {"id": 1, "content": "${'a'.repeat(900)}"}, [${'1,'.repeat(400)}1]]`;
    expect(
      parseJsonStream(streamOf(short).source, 'f.json', { blockBytes: 64, pieceBytes: 100, maxValueBytes: 1000 }),
    ).toEqual(JSON.parse(short));
  });

  it('says how far a streamed read has got, up to the end of the file', () => {
    const text = JSON.stringify(Array.from({ length: 500 }, (_, id) => ({ id, text: 'x'.repeat(id % 40) })));
    const heard: Array<[number, number]> = [];
    const { source } = streamOf(text);
    parseJsonStream(source, 'f', {
      blockBytes: 300,
      pieceBytes: 1000,
      progress: (done, total) => heard.push([done, total]),
    });
    expect(heard.length).toBeGreaterThan(10);
    expect(heard.every(([done, total], k) => total === text.length && done > (heard[k - 1]?.[0] ?? 0))).toBe(true);
    expect(heard.at(-1)![0]).toBe(text.length);
  });

  it('names the line and column of a mistake in a streamed file too, long after the bytes before it were let go', () => {
    const stream = (text: string) => streamOf(text).source;
    const long = `[\n${Array.from({ length: 500 }, (_, id) => `  {"id": ${id}, "é": "ü"}`).join(',\n')},\n  {"id": 500 "x": 2}\n]`;
    for (const blockBytes of [5, 64, 4096]) {
      const options = { blockBytes, pieceBytes: 64 };
      expect(thrown(() => parseJsonStream(stream(long), 'log.json', options), LogFormatError).message).toBe(
        "log.json: invalid JSON at line 502, column 14 (Expected ',' or '}' after property value)",
      );
      expect(thrown(() => parseJsonBytes(bytes(long), 'log.json', { pieceBytes: 64 }), LogFormatError).message).toBe(
        "log.json: invalid JSON at line 502, column 14 (Expected ',' or '}' after property value)",
      );
      expect(
        thrown(() => parseJsonStream(stream('[\n {"id": 0},\n {"id": 1'), 'log.json', options), LogFormatError).message,
      ).toMatch(/ends before it is complete/);
      // Columns count the line as it decodes: two bad bytes are two replacement characters.
      const badBytes = new Uint8Array([...bytes('["'), 0x80, 0x80, ...bytes('", 1 x]')]);
      const badSource: ByteSource = {
        size: badBytes.length,
        read: (into, position) => {
          const part = badBytes.subarray(position, position + into.length);
          into.set(part);
          return part.length;
        },
      };
      for (const message of [
        thrown(() => parseJsonStream(badSource, 'log.json', options), LogFormatError).message,
        thrown(() => parseJsonBytes(badBytes, 'log.json'), LogFormatError).message,
      ])
        expect(message).toMatch(/^log\.json: invalid JSON at line 1, column 10 /);
      expect(thrown(() => parseJsonStream(stream('[1, 2] x'), 'log.json', options), LogFormatError).message).toBe(
        'log.json: invalid JSON at line 1, column 8 (unexpected text after the JSON value)',
      );
      expect(thrown(() => parseJsonStream(stream(' \n '), 'log.json', options), LogFormatError).message).toBe(
        'log.json: the file is empty',
      );
      // A file cut short while it is read (its size said more): a truncated file, not a riddle.
      const shrinking = streamOf(JSON.stringify([{ id: 1 }, { id: 2 }, { id: 3 }]), { shrinksTo: 20 }).source;
      expect(thrown(() => parseJsonStream(shrinking, 'log.json', options), LogFormatError).message).toMatch(
        /ends before it is complete/,
      );
    }
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

  it('names the column of a mistake after bytes that are not UTF-8 on its line as the whole-file reader does', () => {
    for (const after of ['', ', {"id": 2}']) {
      const document = new Uint8Array([
        ...bytes('[{"id": 1, "x": "'),
        0xff,
        0xff,
        0xff,
        ...bytes(`", "y": bad}${after}]`),
      ]);
      const whole = thrown(() => parseJson(decode(document), 'log.json'), LogFormatError).message;
      expect(whole).toBe("log.json: invalid JSON at line 1, column 29 (Unexpected token 'b')");
      expect(thrown(() => parseJsonBytes(document, 'log.json'), LogFormatError).message).toBe(whole);
      expect(thrown(() => parseJsonStream(sourceOf(document), 'log.json'), LogFormatError).message).toBe(whole);
    }
  });

  it('names a value left incomplete where it begins, not as a file that ends too soon, whole or streamed', () => {
    for (const [text, column] of [
      ['[1, tru]', 5],
      ['[1, -]', 5],
      ['{"a": 1., "trajectory": []}', 7],
    ] as const) {
      const expected = `log.json: invalid JSON at line 1, column ${column} (an incomplete value)`;
      expect(thrown(() => parseJsonBytes(bytes(text), 'log.json', { pieceBytes: 2 }), LogFormatError).message).toBe(
        expected,
      );
      const stream = streamOf(text).source;
      expect(
        thrown(() => parseJsonStream(stream, 'log.json', { pieceBytes: 2, blockBytes: 3 }), LogFormatError).message,
      ).toBe(expected);
    }
  });
});
