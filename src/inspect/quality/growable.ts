/** `array` if it holds `size` items, else a copy at least twice as long (amortised growth of typed arrays). */
export function grown<T extends Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>>(array: T, size: number): T {
  if (size <= array.length) return array;
  const larger = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2));
  larger.set(array);
  return larger;
}
