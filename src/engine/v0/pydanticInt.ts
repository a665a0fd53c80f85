/**
 * pydantic 2's lax-mode `int` (pydantic-core `int_validator`), as OpenHands' config classes and the
 * llm_attention answer (`ImportantEventSelection.ids: list[int]`) read their integers. A port of
 * pydantic-core's `str_as_int` / `clean_int_str` / `float_as_int`, checked against pydantic 2.13
 * (pydantic-core 2.46) on random strings:
 * - `True`/`False` are 1/0;
 * - a float passes when it is integral and strictly inside the i64 range (`24.0` → 24; `24.5`, `1e20` fail);
 * - a string: `"24.0"` → 24, `"1_0"` → 10, `" +7 "` → 7, `"007"` → 7; `"1e2"`, `"24."`, `"_1"`, `"1__0"`
 *   fail; and pydantic-core's own oddities, `"0-5"` → -5 and `"0__1"` → 1.
 * JSON cannot tell `1e20` from `100000000000000000000` once parsed; both are read as the float.
 */

/** Rust's `char::is_whitespace`, which pydantic-core's `str::trim` removes (not JavaScript's `trim`). */
const RUST_WHITESPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const TRIM = new RegExp(`^${RUST_WHITESPACE}+|${RUST_WHITESPACE}+$`, 'g');
/** What jiter parses as an integer: JSON's grammar (no `+`, no leading zeros). */
const JSON_INT = /^-?(?:0|[1-9][0-9]*)$/;
/** 2 ** 63: floats at or beyond it (either sign) fail with `int_parsing_size`. */
const I64_LIMIT = 9_223_372_036_854_775_808;

/** The integer pydantic reads from `value` in lax mode, or null where it raises a ValidationError. */
export function pydanticLaxInt(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || Math.abs(value) >= I64_LIMIT) return null;
    return value === 0 ? 0 : value; // -0.0 is 0
  }
  if (typeof value !== 'string') return null;
  const text = JSON_INT.test(value) ? value : cleanIntString(value);
  if (text === null || !JSON_INT.test(text)) return null;
  const parsed = Number(text);
  return parsed === 0 ? 0 : parsed;
}

/** pydantic-core's `clean_int_str`: the string jiter parses a second time, or null. */
function cleanIntString(raw: string): string | null {
  let s = raw.replace(TRIM, '');
  if (s.startsWith('+')) {
    if (s.startsWith('+-')) return null;
    s = s.slice(1);
  }
  const negative = s.startsWith('-');
  if (negative) {
    if (s.startsWith('--') || s.startsWith('-+')) return null;
    s = s.slice(1);
  }
  const stripped = stripLeadingZeros(s);
  if (stripped === null) return null;
  s = stripped;
  const dot = s.indexOf('.');
  if (dot >= 0 && /^0+$/.test(s.slice(dot + 1))) s = s.slice(0, dot);
  const sign = negative ? '-' : '';
  if (!s.startsWith('_') && !s.endsWith('_') && s.includes('_') && !s.includes('__')) return sign + s.replace(/_/g, '');
  // Nothing was cleaned away: the first parse already failed on this very text.
  if (s.length === raw.length) return null;
  return sign + s;
}

/** pydantic-core's `strip_leading_zeros` (underscores among the zeros go too; `"-"` stops it). */
function stripLeadingZeros(s: string): string | null {
  const first = s[0];
  if (first === undefined) return null;
  if (first !== '0') return (first >= '1' && first <= '9') || first === '-' ? s : null;
  for (let i = 1; i < s.length; i++) {
    const c = s[i]!;
    if (c === '0' || c === '_') continue;
    if ((c >= '1' && c <= '9') || c === '-') return s.slice(i);
    if (c === '.') return s.slice(i - 1);
    return null;
  }
  return s.slice(-1);
}
