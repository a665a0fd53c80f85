/**
 * Base64 for the bytes of a log (archives) in the reproduction file, which stays JSON. Written here
 * because the pure core has neither Node's Buffer nor the browser's btoa (which takes a "binary
 * string" and is slow on megabytes). Both directions go through byte arrays of ASCII codes: a
 * gigabyte's worth is then seconds, not minutes.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
const EQUALS = 0x3d;
/** A character code's six bits, or 255 for a code outside the alphabet. */
const VALUES = new Uint8Array(256).fill(255);
CODES.forEach((code, value) => (VALUES[code] = value));
/** Every output byte is ASCII, which latin1 decodes one to one. */
const latin1 = new TextDecoder('latin1');

export function toBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  const whole = bytes.length - (bytes.length % 3);
  let k = 0;
  for (let i = 0; i < whole; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[k++] = CODES[triple >> 18]!;
    out[k++] = CODES[(triple >> 12) & 63]!;
    out[k++] = CODES[(triple >> 6) & 63]!;
    out[k++] = CODES[triple & 63]!;
  }
  if (whole < bytes.length) {
    const a = bytes[whole]!;
    const b = bytes[whole + 1];
    out[k++] = CODES[a >> 2]!;
    out[k++] = CODES[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out[k++] = b === undefined ? EQUALS : CODES[(b & 15) << 2]!;
    out[k++] = EQUALS;
  }
  return latin1.decode(out);
}

/** The bytes, or null when the text is not base64. */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  const body = text.length - (padding ? 4 : 0);
  let k = 0;
  for (let i = 0; i < body; i += 4) {
    const a = VALUES[text.charCodeAt(i)] ?? 255;
    const b = VALUES[text.charCodeAt(i + 1)] ?? 255;
    const c = VALUES[text.charCodeAt(i + 2)] ?? 255;
    const d = VALUES[text.charCodeAt(i + 3)] ?? 255;
    // Values are at most 63: an OR past that holds a character outside the alphabet.
    if ((a | b | c | d) > 63) return null;
    const triple = (a << 18) | (b << 12) | (c << 6) | d;
    bytes[k++] = triple >> 16;
    bytes[k++] = (triple >> 8) & 255;
    bytes[k++] = triple & 255;
  }
  if (padding) {
    const a = VALUES[text.charCodeAt(body)] ?? 255;
    const b = VALUES[text.charCodeAt(body + 1)] ?? 255;
    const c = padding === 1 ? (VALUES[text.charCodeAt(body + 2)] ?? 255) : 0;
    if ((a | b | c) > 63) return null;
    const triple = (a << 18) | (b << 12) | (c << 6);
    bytes[k++] = triple >> 16;
    if (padding === 1) bytes[k++] = (triple >> 8) & 255;
  }
  return bytes;
}
