import { describe, expect, it } from 'vitest';
import { LogFormatError, parseJson } from '../../src/formats/errors.ts';
import { thrown } from '../helpers/thrown.ts';

describe('parseJson: one line naming where and what, never quoting the input', () => {
  it('leaves out the input JSON.parse quotes, also when it shortens the quote at either end', () => {
    const message = (text: string) => thrown(() => parseJson(text, 'log.json'), LogFormatError).message;
    // V8 quotes `"{"a": tru, "traject"...` and `..."d": 2, "x": é}]"` here.
    expect(message('{"a": tru, "trajectory": [1, 2, 3, 4, 5, 6, 7, 8, 9]}')).toBe(
      "log.json: invalid JSON at line 1, column 7 (Unexpected token ',')",
    );
    expect(message('[{"id": 1, "name": "first"}\n, {"id": 2, "x": é}]')).toBe(
      "log.json: invalid JSON at line 2, column 18 (Unexpected token 'é')",
    );
    expect(message('[1, 2] x')).toBe(
      'log.json: invalid JSON at line 1, column 8 (Unexpected non-whitespace character after JSON)',
    );
  });
});
