/** Expected values are what CPython 3.11's ast.literal_eval returns for the same text. */
import { describe, expect, it } from 'vitest';
import { NotALiteral, literalEval } from '../../../../src/engine/v0/prompts/pyLiteral.ts';
import { PyTuple, pyRepr } from '../../../../src/engine/v0/prompts/pythonRepr.ts';

describe('literalEval (ast.literal_eval for translated_ipython_code)', () => {
  it.each([
    ["{'command': 'view', 'path': '/w/a.py'}", "{'command': 'view', 'path': '/w/a.py'}"],
    ["{'view_range': (3, 9), 'flag': True, 'none': None}", "{'view_range': (3, 9), 'flag': True, 'none': None}"],
    ['\'a\' "b"', "'ab'"],
    ["'\\x41\\101\\u00e9\\n\\'q\\''", '"AAé\\n\'q\'"'],
    ["r'C:\\raw'", "'C:\\\\raw'"],
    ["'''tri'ple'''", '"tri\'ple"'],
    ['[1, -2, +3, 0x1F, 1_000, 1.5, .5, 1e-7]', '[1, -2, 3, 31, 1000, 1.5, 0.5, 1e-07]'],
    ['(1,)', '(1,)'],
    ['(1)', '1'],
    ['1, 2', '(1, 2)'],
    ['[1,\n2]', '[1, 2]'],
    ["'\\q'", "'\\\\q'"],
  ])('%s → %s', (text, repr) => {
    expect(pyRepr(literalEval(text))).toBe(repr);
  });

  it('tuples are PyTuple', () => {
    expect(literalEval('(1, 2)')).toEqual(new PyTuple([1, 2]));
  });

  it.each(['{bad syntax}', '007', '1\n,2', "f'x'", '- -1', "-'a'", ' \n 1', "'unterminated"])(
    '%j is refused, as Python refuses it',
    (text) => {
      expect(() => literalEval(text)).toThrow(NotALiteral);
    },
  );

  // Python reads these; OpenHands never wrote them into translated_ipython_code, and the engine does not.
  it.each(["b'x'", '1j', '{1, 2}', 'set()', "'\\N{BULLET}'"])(
    '%j is not read (bytes, complex, sets, named escapes)',
    (text) => {
      expect(() => literalEval(text)).toThrow(NotALiteral);
    },
  );
});
