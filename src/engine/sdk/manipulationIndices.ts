import { SelectionError } from './errors.ts';

/**
 * The positions of a view's events where inserting an event, or deleting the events between two of
 * them, keeps the View properties intact. Index i sits just before events[i]; index N is the end.
 */
export class ManipulationIndices {
  /** allowed[i] = 1 when i is a manipulation index (length N + 1). */
  private readonly allowed: Uint8Array;

  constructor(allowed: Uint8Array) {
    this.allowed = allowed;
  }

  /** `ManipulationIndices.complete`: every index 0..N. */
  static complete(eventCount: number): ManipulationIndices {
    return new ManipulationIndices(new Uint8Array(eventCount + 1).fill(1));
  }

  has(index: number): boolean {
    return this.allowed[index] === 1;
  }

  remove(index: number): void {
    if (index >= 0 && index < this.allowed.length) this.allowed[index] = 0;
  }

  /** The smallest index at or after `target`; throws (a Python ValueError) when there is none. */
  findNext(target: number): number {
    for (let i = Math.max(0, target); i < this.allowed.length; i++) {
      if (this.allowed[i] === 1) return i;
    }
    throw new SelectionError(`No manipulation index found >= ${target}.`);
  }

  /** The indices in ascending order. */
  toArray(): number[] {
    const indices: number[] = [];
    this.allowed.forEach((flag, i) => {
      if (flag === 1) indices.push(i);
    });
    return indices;
  }
}
