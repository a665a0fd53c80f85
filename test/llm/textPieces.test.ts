import { describe, expect, it } from 'vitest';
import { PIECE, pieceEnd, rememberedCounts, textHash } from '../../src/llm/textPieces.ts';

describe('text pieces', () => {
  it('remember a piece’s count by its hash, up to a bound, and count short texts as they are', () => {
    const counted: string[] = [];
    const count = rememberedCounts((text) => {
      counted.push(text);
      return text.length;
    }, 2);
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => letter.repeat(100));
    expect([count(a!), count(a!), count(b!), count(a!)]).toEqual([100, 100, 100, 100]);
    expect(counted).toEqual([a, b]);
    // A third piece starts the memory again.
    count(c!);
    count(a!);
    expect(counted).toEqual([a, b, c, a]);
    count('short');
    count('short');
    expect(counted.filter((text) => text === 'short')).toHaveLength(2);
  });

  it('hash texts that differ in one unit, or only in length, apart', () => {
    const text = 'x'.repeat(500);
    expect(textHash(text)).toBe(textHash('x'.repeat(500)));
    expect(textHash(text)).not.toBe(textHash(`${text.slice(0, 250)}y${text.slice(251)}`));
    expect(textHash(text)).not.toBe(textHash(`${text}\0`));
    expect(Number.isSafeInteger(textHash(text))).toBe(true);
  });

  it('end every piece within PIECE units, and the last at the text’s end', () => {
    const text = `${'word '.repeat(3000)}\n${'line of text\n'.repeat(800)}${'z'.repeat(9000)}`;
    const ends: number[] = [];
    for (let start = 0; start < text.length; start = ends.at(-1)!) ends.push(pieceEnd(text, start));
    expect(ends.at(-1)).toBe(text.length);
    ends.forEach((end, k) => expect(end - (ends[k - 1] ?? 0)).toBeLessThanOrEqual(PIECE));
    expect(ends.every((end, k) => end > (ends[k - 1] ?? 0))).toBe(true);
  });
});
