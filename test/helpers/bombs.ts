import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip of `prefix` then `bytes` bytes of `unit` repeated, built in a moment without compressing them: one block of
 * 64 MiB of it is deflated with a sync flush (byte-aligned, not final) and repeated, then a final
 * empty block, the CRC-32 and the size field (modulo 4 GiB, as gzip writes it; `sizeField` forges it).
 */
export function gzipBomb(bytes: number, options: { unit?: string; sizeField?: number; prefix?: Buffer } = {}): Buffer {
  const block = 64 * 1024 ** 2;
  const unit = Buffer.from(options.unit ?? '\0');
  const plain = Buffer.alloc(block, unit);
  const deflated = deflateRawSync(plain, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const whole = Math.floor(bytes / block);
  const rest = plain.subarray(0, bytes - whole * block);
  const prefix = options.prefix ?? Buffer.alloc(0);
  let crc = crc32(prefix, 0);
  for (let i = 0; i < whole; i++) crc = crc32(plain, crc);
  crc = crc32(rest, crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((options.sizeField ?? prefix.length + bytes) % 2 ** 32, 4);
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const tail = deflateRawSync(rest, { level: 9 });
  const head = deflateRawSync(prefix, { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([header, head, ...new Array<Buffer>(whole).fill(deflated), tail, trailer]);
}

/** A tar header (ustar) for one file of `size` bytes: put before a bomb's bytes, it makes a .tar.gz bomb. */
export function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}
