/**
 * Python's `repr()`, `str()` (f-string interpolation), `json.dumps` and a few `str` methods, for the
 * values OpenHands prints into prompts. Values are JSON values, plus `PyEnum` for enum members.
 * Integral numbers below 1e16 print as ints: JSON `1.0` has become `1` by the time JavaScript sees it.
 */

/** An enum member, e.g. `ActionSecurityRisk.UNKNOWN` (-1) or `ObservationType.MCP` ('mcp'). */
export class PyEnum {
  constructor(
    readonly enumName: string,
    readonly member: string,
    readonly value: string | number,
  ) {}
}

/** A tuple (only Python literals in old logs make them): `(1, 2)`, `(1,)`. */
export class PyTuple {
  constructor(readonly items: readonly unknown[]) {}
}

/** Characters `str.isprintable()` refuses (other than the ones with short escapes). */
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

function escapeChar(char: string, quote: string): string {
  switch (char) {
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case quote:
      return `\\${quote}`;
    case ' ':
      return char;
  }
  if (!NOT_PRINTABLE.test(char)) return char;
  const code = char.codePointAt(0)!;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/** `repr(str)`: single quotes unless the text has a single quote and no double quote. */
export function reprString(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of value) out += escapeChar(char, quote);
  return out + quote;
}

/** `repr(float)`: the shortest round-trip digits, in exponent form below 1e-4 and from 1e16. */
function reprFloat(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf';
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  const sign = value < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  return `${sign}${whole}.${digits.slice(exponent + 1) || '0'}`;
}

/**
 * Integral numbers print as ints below 1e16; from there a JSON number can only have been a float
 * (Python's json writes those as `1e+16`, and JavaScript has lost an int's digits by then anyway).
 */
function reprNumber(value: number): string {
  if (!Number.isInteger(value) || Math.abs(value) >= 1e16) return reprFloat(value);
  return String(value === 0 ? 0 : value);
}

export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return reprNumber(value);
  if (typeof value === 'string') return reprString(value);
  if (value instanceof PyEnum) return `<${value.enumName}.${value.member}: ${pyRepr(value.value)}>`;
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (value instanceof PyTuple)
    return value.items.length === 1 ? `(${pyRepr(value.items[0])},)` : `(${value.items.map(pyRepr).join(', ')})`;
  if (typeof value === 'object') {
    const items = Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => `${reprString(key)}: ${pyRepr(item)}`,
    );
    return `{${items.join(', ')}}`;
  }
  return String(value);
}

/** `f'{value}'`: strings print bare, enum members as `Enum.MEMBER` (Python 3.11+), the rest as repr. */
export function pyStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof PyEnum) return `${value.enumName}.${value.member}`;
  return pyRepr(value);
}

/** A JSON string as `json.dumps` writes it with `ensure_ascii`: everything outside ' '..'~' escaped. */
function jsonString(text: string): string {
  return JSON.stringify(text).replace(/[^ -~]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `json.dumps(value, indent=2)` (the default `ensure_ascii`, Python's float repr). */
export function pyJsonDumpsIndented(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number')
    return Number.isFinite(value)
      ? reprNumber(value)
      : reprFloat(value).replace('nan', 'NaN').replace('inf', 'Infinity');
  if (typeof value === 'string') return jsonString(value);
  if (value instanceof PyEnum) return pyJsonDumpsIndented(value.value, depth);
  if (value instanceof PyTuple) return pyJsonDumpsIndented(value.items, depth);
  const inner = '  '.repeat(depth + 1);
  const outer = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + pyJsonDumpsIndented(item, depth + 1)).join(',\n')}\n${outer}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${jsonString(key)}: ${pyJsonDumpsIndented(item, depth + 1)}`).join(',\n')}\n${outer}}`;
}

/** A dataclass repr: `ClassName(field=repr(value), …)`. */
export function dataclassRepr(className: string, fields: ReadonlyArray<readonly [string, unknown]>): string {
  return `${className}(${fields.map(([name, value]) => `${name}=${pyRepr(value)}`).join(', ')})`;
}

/** `text[start:end]` counted in code points, as Python counts (an emoji is one character). */
export function pySliceText(text: string, start: number, end?: number): string {
  if (!/[\uD800-\uDFFF]/.test(text)) return text.slice(start, end);
  return Array.from(text).slice(start, end).join('');
}

export { pyRstrip } from '../../core/index.ts';

/** Python's `json.dumps(value)`: `", "` and `": "` separators, non-ASCII escaped. */
export function pyJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const items = Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => `${jsonString(key)}: ${pyJsonDumps(item)}`,
    );
    return `{${items.join(', ')}}`;
  }
  // Scalars print as in the indented form.
  return pyJsonDumpsIndented(value);
}
