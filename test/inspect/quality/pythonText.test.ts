/**
 * Python's string semantics, each against what Python 3.11 itself answered (the expected values were
 * printed by python3 for the same inputs).
 */
import { describe, expect, it } from 'vitest';
import {
  codePointPrefix,
  compareCodePoints,
  containsCodePoints,
  isPythonSpace,
  pythonStrip,
} from '../../../src/inspect/quality/pythonText.ts';

describe('pythonStrip', () => {
  it('strips what str.isspace() calls whitespace: \\x1c-\\x1f and \\x85 too', () => {
    // '\x1c\x85 a\u3000\x1f'.strip() == 'a'
    expect(pythonStrip('\x1c\x85 a\u3000\x1f')).toBe('a');
    expect('\x1c\x85 a\u3000\x1f'.trim()).not.toBe('a');
  });

  it('keeps \\ufeff and \\u200b, which Python does not call whitespace', () => {
    // '\ufeffa\ufeff'.strip() == '\ufeffa\ufeff'; '\u200b a'.strip() == '\u200b a'
    expect(pythonStrip('\ufeffa\ufeff')).toBe('\ufeffa\ufeff');
    expect(pythonStrip('\u200b a')).toBe('\u200b a');
  });

  it('agrees with str.isspace() on every BMP character', () => {
    // [hex(c) for c in range(0x110000) if chr(c).isspace()]
    const python = [
      0x9,
      0xa,
      0xb,
      0xc,
      0xd,
      0x1c,
      0x1d,
      0x1e,
      0x1f,
      0x20,
      0x85,
      0xa0,
      0x1680,
      ...Array.from({ length: 11 }, (_, k) => 0x2000 + k),
      0x2028,
      0x2029,
      0x202f,
      0x205f,
      0x3000,
    ];
    const ours = Array.from({ length: 0x10000 }, (_, unit) => unit).filter(isPythonSpace);
    expect(ours).toEqual(python);
  });
});

describe('codePointPrefix', () => {
  it('counts a surrogate pair as one character, as s[:n] does', () => {
    const text = 'ééé\u{1f600}\u{1f600}\u{1f600}';
    // s[:4] == 'ééé😀', s[:5] == 'ééé😀😀'
    expect(codePointPrefix(text, 4)).toBe('ééé\u{1f600}');
    expect(codePointPrefix(text, 5)).toBe('ééé\u{1f600}\u{1f600}');
    expect(text.slice(0, 5)).not.toBe(codePointPrefix(text, 5));
  });

  it('counts a lone surrogate as one character', () => {
    expect(codePointPrefix('\ud83da\ude00b', 3)).toBe('\ud83da\ude00');
  });
});

describe('compareCodePoints', () => {
  it('orders as sorted() does: an astral character after every BMP one, a lone surrogate before \\uffff', () => {
    // sorted(['b', 'a😀', 'a\uffff', 'a\ud800', 'a', 'ab']) == ['a', 'ab', 'a\ud800', 'a\uffff', 'a😀', 'b']
    const items = ['b', 'a\u{1f600}', 'a\uffff', 'a\ud800', 'a', 'ab'];
    expect([...items].sort(compareCodePoints)).toEqual(['a', 'ab', 'a\ud800', 'a\uffff', 'a\u{1f600}', 'b']);
    expect([...items].sort()).not.toEqual([...items].sort(compareCodePoints));
  });

  it('tells two lone high surrogates apart by what follows them', () => {
    expect(compareCodePoints('\ud800a', '\ud800b')).toBeLessThan(0);
    expect(compareCodePoints('\ud800b', '\ud800a')).toBeGreaterThan(0);
  });
});

describe('containsCodePoints', () => {
  it('finds no match that cuts a character in two', () => {
    // 'x\ud83d' in 'x😀' is False; '\ude00y' in '😀y' is False; '\ud83d' in '\ud83d' is True
    expect(containsCodePoints('x\u{1f600}', 'x\ud83d')).toBe(false);
    expect(containsCodePoints('\u{1f600}y', '\ude00y')).toBe(false);
    expect(containsCodePoints('\ud83d', '\ud83d')).toBe(true);
    expect(containsCodePoints('x\u{1f600} x\ud83d!', 'x\ud83d')).toBe(true);
  });

  it('matches across lines like any substring', () => {
    // 'a\nb' in 'xa\nby' is True
    expect(containsCodePoints('xa\nby', 'a\nb')).toBe(true);
  });
});
