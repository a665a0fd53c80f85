import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a string's UTF-8 bytes, as hex. The SDK names the files it saves clipped tool output to
 * after this hash (`hashlib.sha256(text.encode("utf-8"))`), and the message quotes the file name.
 * @noble/hashes because it is synchronous and pure (the browser's crypto is async; Node's is not there).
 * Lone surrogates become U+FFFD, as TextEncoder encodes them (Python would refuse to encode them).
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
