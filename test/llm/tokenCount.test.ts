import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { inPieces, loadTokenizer } from '../../src/llm/tokenCount.ts';

describe('token counts of long texts', () => {
  it('count ordinary text the same in pieces as whole', async () => {
    const count = await loadTokenizer();
    const text = 'The quick brown fox, jumps over\nthe lazy dog. Ünïcödé and 数字 123. '.repeat(2000);
    expect(count(text)).toBe(countTokens(text));
  });

  it('count a long run without spaces piece by piece (whole, BPE would take half a minute)', () => {
    const seen: number[] = [];
    const count = inPieces((text) => {
      seen.push(text.length);
      return countTokens(text);
    });
    expect(count('x'.repeat(200_000))).toBe(25_000);
    expect(Math.max(...seen)).toBeLessThanOrEqual(4096);
    // The 48 full pieces are one text: counted once, then remembered.
    expect(seen).toEqual([4096, 3392]);
  });

  it('never cut a surrogate pair', () => {
    const pieces: string[] = [];
    inPieces((text) => {
      pieces.push(text);
      return 0;
    })('😀'.repeat(5000));
    expect(pieces.every((piece) => !/[\uD800-\uDBFF]$/.test(piece) && !/^[\uDC00-\uDFFF]/.test(piece))).toBe(true);
  });

  it('count a text the same wherever it stands, its pieces counted once', () => {
    const block = Array.from(
      { length: 400 },
      (_, k) => `line ${k}: value = compute(${k * 7}); // ${'word '.repeat(k % 9)}\n${k % 3 ? '' : '  indented;\n'}`,
    ).join('');
    let counted = 0;
    const count = inPieces((text) => {
      counted += text.length;
      return countTokens(text);
    });
    const prompts = ['Summarize:\n', 'Another prefix of other length:\n\n', '(x)\n'].map(
      (prefix) => `${prefix}<EVENT id=1>\n${block}</EVENT>\n`,
    );
    for (const prompt of prompts) expect(count(prompt)).toBe(countTokens(prompt));
    // After the first prompt, only the few pieces before its content cuts meet again are counted.
    expect(counted).toBeLessThan(prompts[0]!.length * 1.2);
  });

  it('cut only where o200k would not join across the cut', () => {
    // Newlines before whitespace, '/' (which punctuation takes with it) or a non-ASCII character are never cut at.
    const lines = ['a;', '/usr/bin', ' spaced', '\tTabbed', 'é', '}', 'Word', '12', '\r', ''];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const count = inPieces(countTokens);
    for (let trial = 0; trial < 40; trial++) {
      const text = Array.from({ length: 600 }, () => lines[Math.floor(random() * lines.length)]!).join('\n');
      expect(count(text)).toBe(countTokens(text));
    }
  });
});
