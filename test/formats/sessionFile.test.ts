import { describe, expect, it } from 'vitest';
import {
  LogFormatError,
  SESSION_FILE_VERSION,
  loadLog,
  parseSessionFile,
  writeSessionFile,
  writeSessionFileParts,
} from '../../src/formats/index.ts';
import { toBase64, fromBase64 } from '../../src/formats/base64.ts';
import { uiDownloadZip } from '../helpers/archives.ts';
import { thrown } from '../helpers/thrown.ts';

const session = {
  name: 'zip',
  notes: '',
  config: { kind: 'LLMSummarizingCondenser' },
  mode: 'resimulate',
  prompts: {},
  instance: null,
  step: 3,
} as const;

describe('the reproduction file with a log given as bytes', () => {
  it('carries the bytes as base64 in JSON, and gives them back exactly', async () => {
    const bytes = uiDownloadZip('v1_sdk_pr-restore-probe_conversation_11ev', { title: 'probe' });
    const text = writeSessionFile({
      appVersion: 'test',
      session,
      log: { kind: 'file', file: { path: 'probe.zip', bytes } },
      answers: {},
    });
    const json = JSON.parse(text) as { version: number; log: { file: Record<string, unknown> } };
    // Written as format 3 (older apps open it) while no log needs base64 pieces.
    expect(json.version).toBe(3);
    expect(Object.keys(json.log.file)).toEqual(['path', 'base64']);
    const file = parseSessionFile(text);
    expect(file.log.kind === 'file' && file.log.file.bytes).toEqual(bytes);
    expect((await loadLog(file.log)).shape).toBe('sdk-ui-download');
  });

  it('carries the session’s prices per model (format 5), and refuses a price that is not a price', () => {
    const prices = { 'gpt-4o': { input: 2.5, cacheRead: 1.25, cacheWrite: 0, output: 10 } };
    const text = writeSessionFile({
      appVersion: 'test',
      session: { ...session, prices },
      log: { kind: 'file', file: { path: 'a.json', text: '[]' } },
      answers: {},
    });
    expect((JSON.parse(text) as { version: number }).version).toBe(SESSION_FILE_VERSION);
    expect(SESSION_FILE_VERSION).toBe(5);
    expect(parseSessionFile(text).session.prices).toEqual(prices);
    const negative = text.replace('"output":10', '"output":-1');
    expect(thrown(() => parseSessionFile(negative), LogFormatError).message).toMatch(
      /^session file: session\.prices\.gpt-4o\.output: /,
    );
    const newer = text.replace('"version":5', '"version":6');
    expect(thrown(() => parseSessionFile(newer), LogFormatError).message).toMatch(
      /file format 6\); this version reads format 5/,
    );
  });

  it('keeps text logs as text, and refuses base64 that is not', () => {
    const text = writeSessionFile({
      appVersion: 'test',
      session,
      log: { kind: 'folder', name: 'f', files: [{ path: 'a.json', text: '[]' }] },
      answers: {},
    });
    expect(parseSessionFile(text).log).toEqual({ kind: 'folder', name: 'f', files: [{ path: 'a.json', text: '[]' }] });
    const bad = text.replace('"text":"[]"', '"base64":"not*base64"');
    expect(thrown(() => parseSessionFile(bad), LogFormatError).message).toBe(
      'session file: log.files[0].base64: not valid base64',
    );
  });

  it('refuses a configuration nested deeper than any condenser configuration, naming it', () => {
    const text = writeSessionFile({
      appVersion: 'test',
      session: { ...session, config: { type: 'llm', llm_config: { model: 'x', extra: [] } } },
      log: { kind: 'folder', name: 'f', files: [{ path: 'a.json', text: '[]' }] },
      answers: {},
    });
    const nested = (levels: number) => text.replace('"extra":[]', `"extra":${'['.repeat(levels)}${']'.repeat(levels)}`);
    expect(parseSessionFile(nested(20)).session.config).toMatchObject({ type: 'llm' });
    expect(thrown(() => parseSessionFile(nested(10_000)), LogFormatError).message).toBe(
      'session file: session.config: nested more than 32 levels deep; a condenser configuration never is',
    );
  });

  it('writes a long log as base64 pieces, never one string, and reads the file back from its bytes', () => {
    // 13 MB: three pieces of 6 MiB (the last one short).
    const bytes = Uint8Array.from({ length: 13_000_000 }, (_, i) => (i * 131 + (i >> 11)) % 256);
    const parts = writeSessionFileParts(
      {
        appVersion: 'test',
        session,
        log: { kind: 'file', file: { path: 'big.zip', bytes } },
        answers: { k: { content: 'a' } },
      },
      1_000_000,
    );
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(9_000_000);
    const fileBytes = new TextEncoder().encode(parts.join(''));
    const json = JSON.parse(parts.join('')) as { version: number; log: { file: { base64_pieces: string[] } } };
    expect(json.version).toBe(4);
    expect(json.log.file.base64_pieces).toHaveLength(3);
    const file = parseSessionFile(fileBytes);
    const back = file.log.kind === 'file' ? file.log.file.bytes! : new Uint8Array();
    // Compared byte by byte here: a deep equality of 13 MB takes minutes.
    expect(back.length).toBe(bytes.length);
    expect(back.every((byte, i) => byte === bytes[i])).toBe(true);
    expect(file.answers).toEqual({ k: { content: 'a' } });
    expect(file.session).toEqual(session);
    // A folder whose text file is long: it goes in as bytes.
    const folder = writeSessionFile(
      {
        appVersion: 'test',
        session,
        log: {
          kind: 'folder',
          name: 'f',
          files: [
            { path: 'a.json', text: '[]' },
            { path: 'b.json', text: `["${'é'.repeat(40)}"]` },
          ],
        },
        answers: {},
      },
      20,
    );
    const read = parseSessionFile(new TextEncoder().encode(folder)).log;
    expect(read.kind === 'folder' && read.files.map((f) => f.text ?? new TextDecoder().decode(f.bytes))).toEqual([
      '[]',
      `["${'é'.repeat(40)}"]`,
    ]);
    // With a byte-order mark, in UTF-8 and UTF-16, as text editors save them.
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(folder)]);
    expect(parseSessionFile(withBom).log).toEqual(read);
    const utf16 = new Uint8Array(2 + folder.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < folder.length; i++) {
      utf16[2 + 2 * i] = folder.charCodeAt(i) & 255;
      utf16[3 + 2 * i] = folder.charCodeAt(i) >> 8;
    }
    expect(parseSessionFile(utf16).log).toEqual(read);
    expect(parseSessionFile(`\ufeff${folder}`).log).toEqual(read);
    const broken = folder.replace(/"base64_pieces":\["/, '"base64_pieces":["*');
    expect(thrown(() => parseSessionFile(broken), LogFormatError).message).toBe(
      'session file: log.files[1].base64_pieces[0]: not valid base64',
    );
  });

  it('names where every problem is: the file itself for its top level, a refused record key by the key', () => {
    const text = writeSessionFile({
      appVersion: 'test',
      session: { ...session, prices: { 'gpt-4.1': { input: 2, cacheRead: 0.5, cacheWrite: 0, output: 8 } } },
      log: { kind: 'file', file: { path: 'a.json', text: '[]' } },
      answers: {},
    });
    const problem = (changed: string) => thrown(() => parseSessionFile(changed), LogFormatError).message;
    expect(problem(text.replace('{"format"', '{"extra":1,"format"'))).toBe('session file: Unrecognized key: "extra"');
    expect(problem(text.replace('"gpt-4.1"', '""'))).toBe(
      'session file: session.prices[""]: Invalid key in record (Too small: expected string to have >=1 characters)',
    );
    expect(problem(text.replace('"output":8', '"output":-1'))).toMatch(
      /^session file: session\.prices\["gpt-4\.1"\]\.output: /,
    );
  });

  it('keeps an answer recorded under the key "__proto__" (read as text or bytes, and written back), checked as any', () => {
    const text = writeSessionFile({
      appVersion: 'test',
      session,
      log: { kind: 'file', file: { path: 'a.json', text: '[]' } },
      answers: { k: { content: 'a' } },
    }).replace('"answers":{', '"answers":{"__proto__":{"content":"p"},');
    for (const source of [text, new TextEncoder().encode(text)]) {
      const { answers } = parseSessionFile(source);
      expect(Object.keys(answers)).toEqual(['__proto__', 'k']);
      expect(Object.getOwnPropertyDescriptor(answers, '__proto__')?.value).toEqual({ content: 'p' });
      expect(Object.getPrototypeOf(answers)).toBe(Object.prototype);
      const again = parseSessionFile(
        writeSessionFile({
          appVersion: 'test',
          session,
          log: { kind: 'file', file: { path: 'a.json', text: '[]' } },
          answers,
        }),
      );
      expect(Object.keys(again.answers)).toEqual(['__proto__', 'k']);
    }
    expect(thrown(() => parseSessionFile(text.replace('"content":"p"', '"content":1')), LogFormatError).message).toBe(
      'session file: answers.__proto__.content: Invalid input: expected string, received number',
    );
  });

  it('encodes and decodes base64 of every length as the standard alphabet does', () => {
    for (const bad of ['ab=c', 'a===', '*AAA', 'AAA', 'AA=A', 'A\u0100AA']) expect(fromBase64(bad)).toBeNull();
    for (let length = 0; length < 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) % 256);
      const encoded = toBase64(bytes);
      expect(encoded).toBe(btoa(String.fromCharCode(...bytes)));
      expect(fromBase64(encoded)).toEqual(bytes);
    }
  });
});
