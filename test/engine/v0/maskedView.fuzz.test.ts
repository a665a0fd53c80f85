/**
 * Masked views against masking done the way OpenHands does it (the whole view, at every step), on seeded
 * random logs with condensations, summaries and requests, under both masking condensers alone and piped:
 * their entries, what consecutive views share, what changed in place, where an entry of one is in the
 * other, and their token sums, for views in order and asked for again out of order (as the app's step
 * view asks).
 */
import { describe, expect, it } from 'vitest';
import {
  type LogEvent,
  type View,
  type ViewEntry,
  type ViewPosition,
  ViewTracker,
  findEntry,
  isBrowserOutput,
  isObservation,
  maskedSince,
  sameEntry,
  sharedPrefix,
  viewAt,
  viewTokensInTurn,
} from '../../../src/engine/v0/index.ts';
import { browserObs, build, cmd, cmdOut, cond, msg, req } from './factory.ts';
import { Random, prng } from './fuzz/randomLog.ts';

function randomLog(random: Random, length: number): LogEvent[] {
  const events: LogEvent[] = [];
  for (let id = 0; id < length; id++) {
    const roll = random.next();
    if (roll < 0.05 && id > 5) {
      const summarized = random.chance(0.6);
      const forgottenEventIds = [random.int(0, id - 1), random.int(0, id - 1), random.int(0, id - 1)];
      events.push(
        cond(id, {
          forgottenEventIds,
          summary: summarized ? `so far ${id}` : null,
          summaryOffset: summarized ? random.int(0, 7) : null,
        }),
      );
    } else if (roll < 0.08) events.push(req(id));
    else if (roll < 0.3) events.push(browserObs(id, `page ${id}`, `https://example.com/${id}`));
    else if (roll < 0.55) events.push(cmdOut(id, id - 1));
    else if (roll < 0.8) events.push(cmd(id));
    else events.push(msg(id));
  }
  return events;
}

/** What OpenHands' masking gives for the whole view: a placeholder's text, or the entry itself. */
type Shown = ViewEntry | string;
const maskObservations = (entries: readonly Shown[], window: number): Shown[] =>
  entries.map((entry, i) =>
    // A placeholder an earlier masking made is an observation too (OpenHands' AgentCondensationObservation).
    (typeof entry === 'string' || isObservation(entry)) && i < entries.length - window ? '<MASKED>' : entry,
  );
function maskBrowserOutputs(entries: readonly Shown[], window: number): Shown[] {
  const shown = entries.slice();
  let kept = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (typeof entry === 'string' || !isBrowserOutput(entry)) continue;
    if (kept < window) kept++;
    else shown[i] = `Visited URL ${String(entry.extras.url)}\nContent omitted`;
  }
  return shown;
}
const shownAs = (entries: readonly ViewEntry[]): Shown[] =>
  entries.map((entry) => (entry.kind === 'masked' ? entry.content : entry));

type Config = [Record<string, unknown>, (entries: readonly ViewEntry[]) => Shown[]];
const configs: Config[] = [1, 2, 5, 30].flatMap((window): Config[] => [
  [{ type: 'observation_masking', attention_window: window }, (entries) => maskObservations(entries, window)],
  [{ type: 'browser_output_masking', attention_window: window }, (entries) => maskBrowserOutputs(entries, window)],
  [
    {
      type: 'pipeline',
      condensers: [
        { type: 'browser_output_masking', attention_window: window },
        { type: 'observation_masking', attention_window: window + 2 },
      ],
    },
    (entries) => maskObservations(maskBrowserOutputs(entries, window), window + 2),
  ],
  [
    {
      type: 'pipeline',
      condensers: [
        { type: 'observation_masking', attention_window: window + 3 },
        { type: 'observation_masking', attention_window: window },
      ],
    },
    (entries) => maskObservations(maskObservations(entries, window + 3), window),
  ],
]);

const tokens = { event: (event: { id: number }) => event.id + 1, text: (text: string) => text.length };
const summed = (view: View) =>
  view.entries.reduce(
    (total, entry) =>
      total + (entry.kind === 'summary' || entry.kind === 'masked' ? entry.content.length : entry.id + 1),
    0,
  );
const comparedPrefix = (a: View, b: View) => {
  let k = 0;
  while (k < Math.min(a.length, b.length) && sameEntry(a.entries[k]!, b.entries[k]!)) k++;
  return k;
};

describe('masked views against masking the whole view at every step', () => {
  it('show the same, share, change and hold entries where comparing says, and sum the same tokens, in order or not', () => {
    let told = 0;
    let replacedInPlace = 0;
    let foundEntries = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const random = new Random(prng(900 + seed));
      const log = randomLog(random, 100);
      const tracker = new ViewTracker(log.map((event) => event.id));
      const positions: ViewPosition[] = [];
      for (const event of log) {
        tracker.append(event);
        positions.push(tracker.position());
      }
      for (const [config, reference] of configs) {
        const condenser = build(config);
        const count = viewTokensInTurn(tokens);
        // Every step in order, then 60 asked again at random.
        const order = [...positions.keys(), ...Array.from({ length: 60 }, () => random.int(0, positions.length - 1))];
        let previous: View | null = null;
        for (const at of order) {
          const where = `seed ${900 + seed}, ${JSON.stringify(config)}, position ${at}`;
          const view = condenser.passThrough(viewAt(positions[at]!))!;
          expect(shownAs(view.entries), where).toEqual(reference(viewAt(positions[at]!).entries));
          expect(count(view), where).toBe(summed(view));
          if (previous) {
            const shared = sharedPrefix(previous, view);
            if (shared !== null) {
              told++;
              expect(shared, where).toBe(comparedPrefix(previous, view));
            }
            const at = random.int(0, view.length - 1);
            const from = random.int(0, previous.length);
            if (view.length > 0) {
              const last: View = previous;
              const found = last.entries.findIndex((entry, k) => k >= from && sameEntry(entry, view.entries[at]!));
              if (found >= 0) foundEntries++;
              expect(findEntry(previous, from, view.entries[at]!), where).toBe(found);
            }
            const replaced = maskedSince(previous, view);
            if (replaced !== null) {
              if (replaced.length > 0) replacedInPlace++;
              expect(view.length, where).toBeGreaterThanOrEqual(previous.length);
              const last: View = previous;
              expect(replaced, where).toEqual(
                last.entries.flatMap((entry, k) => (sameEntry(entry, view.entries[k]!) ? [] : [k])),
              );
            }
          }
          previous = view;
        }
      }
    }
    // Most consecutive views were told apart without comparing, and many changed in place.
    expect(told).toBeGreaterThan(10_000);
    expect(replacedInPlace).toBeGreaterThan(1_000);
    expect(foundEntries).toBeGreaterThan(5_000);
  });
});
