import { describe, expect, it } from 'vitest';
import { isPythonWordChar } from '../../../src/inspect/quality/pythonWord.ts';

describe('isPythonWordChar: Python 3.11’s word characters (Unicode 14)', () => {
  it('counts letters, digits, numerals and _ of any script, and nothing else', () => {
    for (const char of ['a', 'Z', '0', '_', 'é', 'ж', '中', '\u0663', '\u2160', '²', '\u{20000}'])
      expect(isPythonWordChar(char.codePointAt(0)!), char).toBe(true);
    for (const char of ['.', '-', ' ', ':', '\u3000', '\u{1f600}', '\ud800', '\u0301'])
      expect(isPythonWordChar(char.codePointAt(0)!), char).toBe(false);
  });

  it('leaves out the letters later Unicode versions added', () => {
    // Kawi (Unicode 15), U+1C89 and U+0C5C (Unicode 16): letters to this JavaScript engine, not to Python 3.11.
    for (const codePoint of [0x11f04, 0x1c89, 0x0c5c]) {
      expect(/[\p{L}\p{N}]/u.test(String.fromCodePoint(codePoint))).toBe(true);
      expect(isPythonWordChar(codePoint)).toBe(false);
    }
  });

  it('counts only what the JavaScript engine’s own Unicode (14 or later) counts as a letter, a number or _', () => {
    const engineWord = /[\p{L}\p{N}_]/u;
    let counted = 0;
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (!isPythonWordChar(codePoint)) continue;
      counted++;
      if (!engineWord.test(String.fromCodePoint(codePoint))) expect.fail(`U+${codePoint.toString(16)}`);
    }
    expect(counted).toBeGreaterThan(100_000);
  });
});
