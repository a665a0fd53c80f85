/**
 * Python's `difflib.SequenceMatcher` (CPython 3.11/3.12, `isjunk=None`, `autojunk=True`): the matching
 * blocks and opcodes OpenHands' FileEditObservation turns into its diff text. A line-for-line port,
 * including the "popular element" heuristic (for 200+ items, an item occurring in more than 1% + 1
 * of `b` is never used to start a match), so the hunks come out exactly as Python's.
 * Items are compared with SameValueZero (Map keys), which is Python's `==` for strings and numbers.
 */

export type OpcodeTag = 'replace' | 'delete' | 'insert' | 'equal';

/** `(tag, i1, i2, j1, j2)`: `a[i1:i2]` becomes `b[j1:j2]`. */
export type Opcode = readonly [tag: OpcodeTag, i1: number, i2: number, j1: number, j2: number];

/** `(i, j, size)`: `a[i:i+size] == b[j:j+size]`. */
export type MatchingBlock = readonly [i: number, j: number, size: number];

const NOTHING: readonly number[] = [];

export class SequenceMatcher<T> {
  private readonly a: readonly T[];
  private readonly b: readonly T[];
  /** Where each item of `b` occurs, popular items removed. */
  private readonly b2j = new Map<T, number[]>();
  private matchingBlocks: MatchingBlock[] | null = null;
  private opcodes: Opcode[] | null = null;

  constructor(a: readonly T[], b: readonly T[]) {
    this.a = a;
    this.b = b;
    b.forEach((item, j) => {
      const indices = this.b2j.get(item);
      if (indices) indices.push(j);
      else this.b2j.set(item, [j]);
    });
    const n = b.length;
    if (n >= 200) {
      const ntest = Math.floor(n / 100) + 1;
      const popular = [...this.b2j].filter(([, indices]) => indices.length > ntest).map(([item]) => item);
      for (const item of popular) this.b2j.delete(item);
    }
  }

  /** The longest matching block in `a[alo:ahi]` and `b[blo:bhi]`, earliest in `a` then `b` on ties. */
  findLongestMatch(alo: number, ahi: number, blo: number, bhi: number): MatchingBlock {
    const { a, b, b2j } = this;
    let [besti, bestj, bestsize] = [alo, blo, 0];
    let j2len = new Map<number, number>();
    for (let i = alo; i < ahi; i++) {
      const newj2len = new Map<number, number>();
      for (const j of b2j.get(a[i]!) ?? NOTHING) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        newj2len.set(j, k);
        if (k > bestsize) [besti, bestj, bestsize] = [i - k + 1, j - k + 1, k];
      }
      j2len = newj2len;
    }
    // No item is junk here (isjunk is None), so Python's two junk-extension loops never run; popular
    // items are not junk either, so these loops may extend a match over them.
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1])
      [besti, bestj, bestsize] = [besti - 1, bestj - 1, bestsize + 1];
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
    return [besti, bestj, bestsize];
  }

  getMatchingBlocks(): readonly MatchingBlock[] {
    if (this.matchingBlocks) return this.matchingBlocks;
    const [la, lb] = [this.a.length, this.b.length];
    const queue: Array<[number, number, number, number]> = [[0, la, 0, lb]];
    const found: MatchingBlock[] = [];
    while (queue.length) {
      const [alo, ahi, blo, bhi] = queue.pop()!;
      const match = this.findLongestMatch(alo, ahi, blo, bhi);
      const [i, j, k] = match;
      if (k) {
        found.push(match);
        if (alo < i && blo < j) queue.push([alo, i, blo, j]);
        if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
      }
    }
    found.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
    // Collapse adjacent blocks.
    let [i1, j1, k1] = [0, 0, 0];
    const blocks: MatchingBlock[] = [];
    for (const [i2, j2, k2] of found) {
      if (i1 + k1 === i2 && j1 + k1 === j2) {
        k1 += k2;
      } else {
        if (k1) blocks.push([i1, j1, k1]);
        [i1, j1, k1] = [i2, j2, k2];
      }
    }
    if (k1) blocks.push([i1, j1, k1]);
    blocks.push([la, lb, 0]);
    this.matchingBlocks = blocks;
    return blocks;
  }

  getOpcodes(): readonly Opcode[] {
    if (this.opcodes) return this.opcodes;
    let [i, j] = [0, 0];
    const answer: Opcode[] = [];
    for (const [ai, bj, size] of this.getMatchingBlocks()) {
      const tag: OpcodeTag | '' = i < ai && j < bj ? 'replace' : i < ai ? 'delete' : j < bj ? 'insert' : '';
      if (tag) answer.push([tag, i, ai, j, bj]);
      [i, j] = [ai + size, bj + size];
      if (size) answer.push(['equal', ai, i, bj, j]);
    }
    this.opcodes = answer;
    return answer;
  }

  /** Hunks of changes with up to `n` lines of context (`get_grouped_opcodes`). */
  getGroupedOpcodes(n = 3): Opcode[][] {
    const codes: Opcode[] = [...this.getOpcodes()];
    if (codes.length === 0) codes.push(['equal', 0, 1, 0, 1]);
    const first = codes[0]!;
    if (first[0] === 'equal')
      codes[0] = ['equal', Math.max(first[1], first[2] - n), first[2], Math.max(first[3], first[4] - n), first[4]];
    const last = codes[codes.length - 1]!;
    if (last[0] === 'equal')
      codes[codes.length - 1] = [
        'equal',
        last[1],
        Math.min(last[2], last[1] + n),
        last[3],
        Math.min(last[4], last[3] + n),
      ];
    const nn = n + n;
    const groups: Opcode[][] = [];
    let group: Opcode[] = [];
    for (const [tag, i1Start, i2, j1Start, j2] of codes) {
      let [i1, j1] = [i1Start, j1Start];
      if (tag === 'equal' && i2 - i1 > nn) {
        group.push([tag, i1, Math.min(i2, i1 + n), j1, Math.min(j2, j1 + n)]);
        groups.push(group);
        group = [];
        [i1, j1] = [Math.max(i1, i2 - n), Math.max(j1, j2 - n)];
      }
      group.push([tag, i1, i2, j1, j2]);
    }
    if (group.length && !(group.length === 1 && group[0]![0] === 'equal')) groups.push(group);
    return groups;
  }
}
