import { describe, expect, it } from 'vitest';
import { textAt, textColumn } from '../../src/worker/textColumn.ts';
import { acrossThreads } from '../helpers/wire.ts';

describe('textColumn: many texts as UTF-8 bytes between the worker and the page', () => {
  it('gives back every text exactly, in order or not, across the chunks it decodes', () => {
    const samples = [
      '',
      'plain',
      'é and ü',
      '漢字 text',
      '😀 pair 😀😀',
      'a\u0000b\nc',
      '\u07ff\u0800\uffff',
      'x'.repeat(3000),
    ];
    const texts = Array.from({ length: 10_000 }, (_, i) => `${samples[i % samples.length]}${i % 3 ? ` #${i}` : ''}`);
    const column = textColumn(texts);
    expect(column.utf8).not.toBeNull();
    expect(column.text).toBeNull();
    expect(column.utf8!.length).toBe(column.byteEnds!.at(-1));
    const arrived = acrossThreads(column, [column.utf8!.buffer as ArrayBuffer, column.byteEnds!.buffer as ArrayBuffer]);
    const at = textAt(arrived);
    expect(texts.map((_, i) => at(i))).toEqual(texts);
    for (const i of [9_999, 0, 4_096, 4_095, 8_191, 12, 9_000]) expect(at(i)).toBe(texts[i]);
  });

  it('sends texts UTF-8 cannot carry (a lone surrogate) as one string, exactly', () => {
    const texts = ['fine', 'lone \ud800 high', 'lone \udc00 low', '😀'];
    const column = textColumn(texts);
    expect(column.utf8).toBeNull();
    expect(column.text).toBe(texts.join(''));
    const at = textAt(column);
    expect(texts.map((_, i) => at(i))).toEqual(texts);
  });
});
