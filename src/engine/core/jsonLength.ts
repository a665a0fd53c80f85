/**
 * How long a value's JSON would be, written as a JSON string in turn (JSON.stringify(JSON.stringify(value))),
 * without writing either: a request's key is the hash of a text that holds its identity so quoted, and
 * most requests are told apart from every recorded one by that text's length alone.
 */
import { lruMemo } from './boundedMemo.ts';

/** A JSON text's length, and how many of its characters are '"' or '\' (each takes two when it is quoted again). */
interface JsonMeasure {
  length: number;
  marks: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** \b \t \n \f \r: JSON.stringify writes these as a backslash and a letter, other controls as \u00XX. */
const isShortEscape = (unit: number) =>
  unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d;
const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Texts this long or longer are measured once (a summarizer's template is in every request of a replay). */
const REMEMBERED_FROM = 256;
/**
 * Characters of the texts whose measures are remembered: a replay's templates and summaries fit. The
 * memo serves every log of the process and holds its texts, so up to this much of a closed log's
 * summaries stays until newer texts push it out.
 */
const REMEMBERED_CHARS = 4_000_000;
const remembered = lruMemo<string, JsonMeasure>(REMEMBERED_CHARS, (_, text) => text.length);

function measureString(text: string, into: JsonMeasure): void {
  addMeasure(text.length < REMEMBERED_FROM ? scanString(text) : remembered.get(text, () => scanString(text)), into);
}

function addMeasure(measure: JsonMeasure, into: JsonMeasure): void {
  into.length += measure.length;
  into.marks += measure.marks;
}

/** JSON.stringify(text) measured: quotes, escapes (a lone surrogate is written \uXXXX, as a control is). */
function scanString(text: string): JsonMeasure {
  let length = 2;
  let marks = 2;
  for (let k = 0; k < text.length; k++) {
    const unit = text.charCodeAt(k);
    if (unit === QUOTE || unit === BACKSLASH) {
      length += 2;
      marks += 2;
    } else if (unit < 0x20) {
      length += isShortEscape(unit) ? 2 : 6;
      marks += 1;
    } else if (isHighSurrogate(unit) && k + 1 < text.length && isLowSurrogate(text.charCodeAt(k + 1))) {
      length += 2;
      k++;
    } else if (isHighSurrogate(unit) || isLowSurrogate(unit)) {
      length += 6;
      marks += 1;
    } else length += 1;
  }
  return { length, marks };
}

function measureText(json: string, into: JsonMeasure): void {
  into.length += json.length;
  for (let k = 0; k < json.length; k++) {
    const unit = json.charCodeAt(k);
    if (unit === QUOTE || unit === BACKSLASH) into.marks++;
  }
}

function measure(value: unknown, into: JsonMeasure): void {
  if (typeof value === 'string') return measureString(value, into);
  if (Array.isArray(value)) {
    into.length += value.length === 0 ? 2 : value.length + 1;
    for (const item of value as unknown[]) {
      // As JSON.stringify writes an array's items it cannot write.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') into.length += 4;
      else measure(item, into);
    }
    return;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    // Counted, not written: an identity lists its events' ids.
    into.length += integerLength(value);
    return;
  }
  // Other numbers, booleans, null and objects (tool schemas): written, then measured; they are short.
  measureText(JSON.stringify(value) ?? 'null', into);
}

/** String(value).length of a safe integer (-0 is written 0). */
function integerLength(value: number): number {
  let digits = 1;
  for (let rest = Math.abs(value); rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return value < 0 ? digits + 1 : digits;
}

/** JSON.stringify(JSON.stringify(value)).length, for a value JSON.stringify can write (no cycles, no BigInt). */
export function quotedJsonLength(value: unknown): number {
  const found = { length: 0, marks: 0 };
  measure(value, found);
  return 2 + found.length + found.marks;
}
