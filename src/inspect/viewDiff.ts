import type { EventLives } from './eventLife.ts';
import type { EventId } from './types.ts';

type Runs = ReadonlyArray<readonly [number, number]>;

/** Per step (0-based), how many of the log's events one configuration's view keeps and the other's does not. */
export interface ViewsDiff {
  readonly steps: number;
  readonly onlyA: readonly number[];
  readonly onlyB: readonly number[];
}

/** The events one step's views differ by: kept by A only, kept by B only (in log order). */
export interface StepViewsDiff {
  readonly step: number;
  readonly onlyA: ReadonlyArray<{ readonly id: EventId; readonly index: number }>;
  readonly onlyB: ReadonlyArray<{ readonly id: EventId; readonly index: number }>;
}

/** An event is kept at a step when the view holds it, as itself or as a masking placeholder. */
function keptRuns({ inView, masked }: { readonly inView: Runs; readonly masked: Runs }): Runs {
  if (masked.length === 0) return inView;
  if (inView.length === 0) return masked;
  const sorted = [...inView, ...masked].sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Adds +1 over the steps of `runs` that `minus` does not cover, into a difference array. */
function addDifference(runs: Runs, minus: Runs, delta: Int32Array): void {
  for (const [from, to] of runs) {
    let start = from;
    for (const [cutFrom, cutTo] of minus) {
      if (cutTo <= start || cutFrom >= to) continue;
      if (cutFrom > start) {
        delta[start]! += 1;
        delta[cutFrom]! -= 1;
      }
      start = Math.max(start, cutTo);
      if (start >= to) break;
    }
    if (start < to) {
      delta[start]! += 1;
      delta[to]! -= 1;
    }
  }
}

function prefixSums(delta: Int32Array, steps: number): number[] {
  const counts = new Array<number>(steps);
  let running = 0;
  for (let step = 0; step < steps; step++) counts[step] = running += delta[step]!;
  return counts;
}

/**
 * Where two replays of one log keep different events, every step at once: built from each event's runs
 * of steps (EventLives), so it costs the log's events and their runs, never a walk of every whole view.
 */
export function viewsDiff(a: EventLives, b: EventLives, events: number, steps: number): ViewsDiff {
  const onlyA = new Int32Array(steps + 1);
  const onlyB = new Int32Array(steps + 1);
  const clip = (runs: Runs): Runs => runs.flatMap(([from, to]) => (from < steps ? [[from, Math.min(to, steps)]] : []));
  for (let index = 0; index < events; index++) {
    const runsA = clip(keptRuns(a.life(index)));
    const runsB = clip(keptRuns(b.life(index)));
    if (runsA.length === 0 && runsB.length === 0) continue;
    addDifference(runsA, runsB, onlyA);
    addDifference(runsB, runsA, onlyB);
  }
  return { steps, onlyA: prefixSums(onlyA, steps), onlyB: prefixSums(onlyB, steps) };
}

const holds = (runs: Runs, step: number) => runs.some(([from, to]) => from <= step && step < to);

/** The events A's view keeps at a step and B's does not, and the other way round. */
export function stepViewsDiff(a: EventLives, b: EventLives, events: number, step: number): StepViewsDiff {
  const onlyA: Array<{ id: EventId; index: number }> = [];
  const onlyB: Array<{ id: EventId; index: number }> = [];
  for (let index = 0; index < events; index++) {
    const lifeA = a.life(index);
    const inA = holds(keptRuns(lifeA), step);
    const inB = holds(keptRuns(b.life(index)), step);
    if (inA && !inB) onlyA.push({ id: lifeA.id, index });
    else if (inB && !inA) onlyB.push({ id: lifeA.id, index });
  }
  return { step, onlyA, onlyB };
}
