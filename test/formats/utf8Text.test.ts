import { describe, expect, it } from 'vitest';
import { characterStart, utf8Text } from '../../src/formats/utf8Text.ts';
import { prng } from '../engine/v0/fuzz/randomLog.ts';

const whole = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('utf8Text', () => {
  it('decodes characters of every length across every part boundary as the whole does', () => {
    // Each character starts once at each offset of a part, so every cut falls inside one of every length.
    for (const character of ['é', '€', '😀', '\uFEFF']) {
      for (let pad = 0; pad < 8; pad++) {
        const text = 'a'.repeat(pad) + character.repeat(3000);
        const bytes = new TextEncoder().encode(text);
        expect(utf8Text(bytes)).toBe(text);
      }
    }
  });

  it('keeps a byte-order mark where a part begins: it is text there', () => {
    const text = 'x'.repeat(2047) + '\uFEFF' + 'y'.repeat(5000);
    expect(utf8Text(new TextEncoder().encode(text))).toBe(text);
  });

  it('replaces bytes that are not UTF-8 exactly as the whole decode does', () => {
    const random = prng(7);
    // Bytes drawn mostly from lead and continuation bytes, so broken, overlong and cut sequences abound.
    const pool = [0x41, 0x80, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
    for (let round = 0; round < 40; round++) {
      const bytes = Uint8Array.from({ length: 9000 + round }, () => pool[Math.floor(random() * pool.length)]!);
      expect(utf8Text(bytes)).toBe(whole(bytes));
    }
  });

  it('replaces a run of stray continuation bytes across a boundary one for one', () => {
    const bytes = new Uint8Array(6000).fill(0x80);
    expect(utf8Text(bytes)).toBe('\uFFFD'.repeat(6000));
  });
});

describe('characterStart', () => {
  it('moves a cut back to the lead byte of the character it falls in', () => {
    const bytes = new TextEncoder().encode('ab😀c');
    // 'a' 'b' then F0 9F 98 80 then 'c'.
    expect([2, 3, 4, 5, 6].map((at) => characterStart(bytes, at))).toEqual([2, 2, 2, 2, 6]);
  });

  it('leaves a cut in a run of four continuation bytes where it is: no character holds four', () => {
    const bytes = Uint8Array.from([0x41, 0x80, 0x80, 0x80, 0x80, 0x41]);
    expect(characterStart(bytes, 4)).toBe(4);
    expect(characterStart(bytes, 3)).toBe(0);
  });
});
