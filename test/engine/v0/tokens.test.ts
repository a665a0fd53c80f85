import { describe, expect, it } from 'vitest';
import { type ViewEntry, ViewTracker, viewOf, viewTokensInTurn } from '../../../src/engine/v0/index.ts';
import { Random, prng } from './fuzz/randomLog.ts';
import { build, cmd, cmdOut, cond, msg } from './factory.ts';

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

  it('counts only what a step added to the history, past the summary the views share', () => {
    const events = [msg(0), msg(1), msg(2), cond(3, { forgottenEventIds: [1], summary: 'so far', summaryOffset: 1 })];
    for (let id = 4; id < 30; id++) events.push(msg(id));
    const tracker = new ViewTracker(events.map((event) => event.id));
    let counted = 0;
    const count = viewTokensInTurn({
      event: (event) => (counted++, tokens.event(event)),
      text: (text) => (counted++, tokens.text(text)),
    });
    for (const event of events.slice(0, 5)) tracker.append(event);
    const first = tracker.view();
    count(first);
    counted = 0;
    for (const event of events.slice(5)) {
      tracker.append(event);
      const view = tracker.view();
      expect(view.entries[1]).toBe(first.entries[1]);
      expect(count(view)).toBe(summed(view.entries));
    }
    expect(counted).toBe(events.length - 5);
  });

  it('counts a masked view from where the mask moved on, without building it whole', () => {
    const events = Array.from({ length: 80 }, (_, id) => (id % 2 === 0 ? cmd(id) : cmdOut(id, id - 1)));
    const tracker = new ViewTracker(events.map((event) => event.id));
    const masking = build({ type: 'observation_masking', attention_window: 4 });
    let counted = 0;
    const count = viewTokensInTurn({
      event: (event) => (counted++, tokens.event(event)),
      text: (text) => (counted++, tokens.text(text)),
    });
    for (const event of events) {
      tracker.append(event);
      const view = masking.passThrough(tracker.view())!;
      const before = counted;
      expect(count(view)).toBe(summed(view.entries));
      // From the output the mask reached on: the attention window and the new event, whatever the view's length.
      expect(counted - before).toBeLessThanOrEqual(4 + 1);
    }
  });
});
