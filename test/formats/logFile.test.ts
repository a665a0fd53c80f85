import { describe, expect, it } from 'vitest';
import { LogFormatError, fileHead, readUnreadFile, unreadFileHead } from '../../src/formats/index.ts';
import { rejected } from '../helpers/thrown.ts';

describe('unread files', () => {
  it('reads the head of a file only as far as fileHead needs, and the whole file as bytes', async () => {
    const text = `\uFEFF["${'é'.repeat(10_000)}"]`;
    const file = { kind: 'unread' as const, path: 'log.json', blob: new Blob([text]) };
    const head = await unreadFileHead(file);
    expect(head.bytes!.length).toBeLessThan(new Blob([text]).size);
    const whole = await readUnreadFile(file);
    expect(whole).toEqual({ path: 'log.json', bytes: new TextEncoder().encode(text) });
    expect(fileHead(head)).toBe(fileHead(whole));
    expect(fileHead(head)).toMatch(/^\["é{2000}/);
  });

  it('says in one sentence that a file the browser cannot read may be short of memory', async () => {
    const blob = new Blob(['[]']);
    Object.defineProperty(blob, 'arrayBuffer', { value: () => Promise.reject(new Error('NotReadableError')) });
    const error = await rejected(readUnreadFile({ kind: 'unread', path: 'big.json', blob }), LogFormatError);
    expect(error.message).toBe(
      'big.json: the file (0.0 GB) could not be read into memory (NotReadableError); the browser may be short of memory: close other tabs, or replay it with npm run replay',
    );
  });
});
