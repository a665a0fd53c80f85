/** Expected texts are CPython 3.11's repr(), str() and json.dumps(..., indent=2) of the same values. */
import { describe, expect, it } from 'vitest';
import {
  PyEnum,
  pyJsonDumpsIndented,
  pyRepr,
  pyRstrip,
  pySliceText,
  pyStr,
} from '../../../../src/engine/v0/prompts/pythonRepr.ts';

describe('pyRepr', () => {
  it.each([
    [1e16, '1e+16'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [123456.789, '123456.789'],
    [-2.5e-7, '-2.5e-07'],
    [1.5e300, '1.5e+300'],
    [42, '42'],
    [-0, '0'],
  ])('the number %d → %s', (value, text) => {
    expect(pyRepr(value)).toBe(text);
  });

  it('escapes what str.isprintable() refuses, as \\x, \\u or \\U', () => {
    expect(pyRepr('\x00\x7f\xa0\xad\u200b\u2028\u3000\ud800é😀\u{e0001}')).toBe(
      "'\\x00\\x7f\\xa0\\xad\\u200b\\u2028\\u3000\\ud800é😀\\U000e0001'",
    );
  });

  it('picks double quotes for a text with a single quote only', () => {
    expect(pyRepr("it's")).toBe('"it\'s"');
    expect(pyRepr('both \' and "')).toBe("'both \\' and \"'");
  });

  it('enum members: <Enum.MEMBER: value> in a repr, Enum.MEMBER in an f-string', () => {
    const risk = new PyEnum('ActionSecurityRisk', 'UNKNOWN', -1);
    expect(pyRepr(risk)).toBe('<ActionSecurityRisk.UNKNOWN: -1>');
    expect(pyStr(risk)).toBe('ActionSecurityRisk.UNKNOWN');
    expect(pyRepr({ k: [true, null, new PyEnum('ObservationType', 'MCP', 'mcp')] })).toBe(
      "{'k': [True, None, <ObservationType.MCP: 'mcp'>]}",
    );
  });
});

describe('pyJsonDumpsIndented', () => {
  it('ensure_ascii escapes everything outside space..~, astral characters as surrogate pairs', () => {
    expect(pyJsonDumpsIndented({ a: 'wü\x7f😀', b: [], c: {}, d: [1, null] })).toBe(
      '{\n  "a": "w\\u00fc\\u007f\\ud83d\\ude00",\n  "b": [],\n  "c": {},\n  "d": [\n    1,\n    null\n  ]\n}',
    );
  });
});

describe('Python string methods', () => {
  it('rstrip removes what str.isspace() calls space (\\x1c, \\x85), not \\ufeff', () => {
    expect(pyRstrip('a \x1c\x85\u3000\n')).toBe('a');
    expect(pyRstrip('a\ufeff')).toBe('a\ufeff');
  });

  it('slices count code points: text[:2] of two emoji', () => {
    expect(pySliceText('😀😀😀', 0, 2)).toBe('😀😀');
  });
});
