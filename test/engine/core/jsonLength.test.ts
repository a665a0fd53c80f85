import { describe, expect, it } from 'vitest';
import { quotedJsonLength } from '../../../src/engine/core/jsonLength.ts';

const written = (value: unknown) => JSON.stringify(JSON.stringify(value)).length;

describe('quotedJsonLength', () => {
  it('measures every ASCII character, alone and among others, as JSON.stringify writes it twice', () => {
    for (let unit = 0; unit < 0x80; unit++) {
      const char = String.fromCharCode(unit);
      for (const text of [char, `a${char}b`, `${char}${char}`])
        expect([unit, quotedJsonLength([text])]).toEqual([unit, written([text])]);
    }
  });

  it('measures surrogates: a pair as it is, a lone one escaped, wherever it stands', () => {
    const pair = '\u{1f600}';
    for (const text of [
      pair,
      '\ud83d',
      '\ude00',
      '\ude00\ud83d',
      `x\ud83d`,
      `\ud83dx`,
      `${pair}\ud83d`,
      '\ud83d\ud83d\ude00',
    ])
      expect(quotedJsonLength([text])).toBe(written([text]));
  });

  it('measures what identities hold: nested lists, numbers, null, objects, and what a list cannot write', () => {
    const values: unknown[] = [
      [],
      [[]],
      ['template {events}\n"quoted" \\ back\tslash', 'previous summary', 200, [1, 2, 30]],
      ['sdk-1.43.1-summary', null, ['a1b2', 'c"3']],
      [Number.NaN, Number.POSITIVE_INFINITY, -0, 1.5e-7, -12, true, false, null, undefined, () => 1],
      [
        0,
        9,
        10,
        99,
        100,
        -1,
        -10,
        123_456_789,
        Number.MAX_SAFE_INTEGER,
        -Number.MAX_SAFE_INTEGER,
        2 ** 53,
        1e21,
        -1e21,
      ],
      [{ name: 'create_state_summary', parameters: { type: 'object', description: 'a "tool"\n' } }],
      // Long texts are measured once and remembered: twice in one value, and again below.
      ['a template of 300 "characters"\n\t\u0001\ud83d '.repeat(10), 'x'.repeat(256)],
      [
        'a template of 300 "characters"\n\t\u0001\ud83d '.repeat(10),
        'a template of 300 "characters"\n\t\u0001\ud83d '.repeat(10),
      ],
      'a string alone',
    ];
    for (const value of values) expect(quotedJsonLength(value)).toBe(written(value));
  });

  it('agrees with JSON.stringify on random texts of every kind of character', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const units = [0x00, 0x08, 0x0a, 0x1f, 0x22, 0x2f, 0x41, 0x5c, 0x7f, 0xe9, 0x2028, 0xd83d, 0xde00, 0xfffd];
    for (let round = 0; round < 500; round++) {
      const text = Array.from({ length: Math.floor(next() * 40) }, () =>
        String.fromCharCode(units[Math.floor(next() * units.length)]!),
      ).join('');
      const value = [text, Math.floor(next() * 1000), [text.slice(0, 3), round]];
      expect(quotedJsonLength(value)).toBe(written(value));
    }
  });
});
