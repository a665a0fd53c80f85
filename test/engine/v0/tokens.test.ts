import { describe, expect, it } from 'vitest';
import { type ViewEntry, viewOf, viewTokensInTurn } from '../../../src/engine/v0/index.ts';
import { Random, prng } from './fuzz/randomLog.ts';
import { cmd, cmdOut } from './factory.ts';

const tokens = {
  event: (event: { id: number }) => event.id + 1,
  text: (text: string) => text.length,
};
const summed = (entries: readonly ViewEntry[]) =>
  entries.reduce(
    (total, entry) =>
      total +
      (entry.kind === 'action' || entry.kind === 'observation' ? tokens.event(entry) : tokens.text(entry.content)),
    0,
  );

describe('viewTokensInTurn', () => {
  it('counts each view as its entries add up, whether it repeats the start of the last one or not', () => {
    const random = new Random(prng(7));
    const events = Array.from({ length: 60 }, (_, id) => (id % 2 === 0 ? cmd(id) : cmdOut(id, id - 1)));
    const texts: ViewEntry[] = Array.from({ length: 5 }, (_, k) => ({
      kind: 'summary',
      content: 'x'.repeat(k * 7),
      condensationId: k,
    }));
    const count = viewTokensInTurn(tokens);
    let entries: ViewEntry[] = [];
    let repeated = 0;
    for (let step = 0; step < 300; step++) {
      const keep = random.chance(0.7) ? entries.length : random.int(0, entries.length);
      if (keep > 0) repeated++;
      entries = entries.slice(0, keep);
      for (let added = random.int(0, 4); added > 0; added--)
        entries.push(random.chance(0.2) ? random.pick(texts) : random.pick(events));
      expect(count(viewOf(entries.slice())), `step ${step}`).toBe(summed(entries));
    }
    expect(repeated).toBeGreaterThan(200);
  });
});
