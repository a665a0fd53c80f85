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
 * Two replays of one log set side by side: each event's kept runs of steps in both, read once from their
 * EventLives, so that every step's counts cost the events and their runs, never a walk of every whole
 * view, and one step's events cost a pass over the runs without building anything.
 */
export class ComparedViews {
  private readonly keptA: Runs[] = [];
  private readonly keptB: Runs[] = [];

  constructor(
    private readonly a: EventLives,
    b: EventLives,
    events: number,
    readonly steps: number,
  ) {
    const clip = (runs: Runs): Runs =>
      runs.flatMap(([from, to]) => (from < steps ? [[from, Math.min(to, steps)] as const] : []));
    for (let index = 0; index < events; index++) {
      this.keptA.push(clip(keptRuns(a.life(index))));
      this.keptB.push(clip(keptRuns(b.life(index))));
    }
  }

  /** Per step, how many events only A keeps and only B keeps. */
  counts(): ViewsDiff {
    const onlyA = new Int32Array(this.steps + 1);
    const onlyB = new Int32Array(this.steps + 1);
    this.keptA.forEach((runsA, index) => {
      const runsB = this.keptB[index]!;
      if (runsA.length === 0 && runsB.length === 0) return;
      addDifference(runsA, runsB, onlyA);
      addDifference(runsB, runsA, onlyB);
    });
    return { steps: this.steps, onlyA: prefixSums(onlyA, this.steps), onlyB: prefixSums(onlyB, this.steps) };
  }

  /** The events A's view keeps at a step and B's does not, and the other way round. */
  at(step: number): StepViewsDiff {
    const onlyA: Array<{ id: EventId; index: number }> = [];
    const onlyB: Array<{ id: EventId; index: number }> = [];
    this.keptA.forEach((runsA, index) => {
      const inA = holds(runsA, step);
      const inB = holds(this.keptB[index]!, step);
      if (inA && !inB) onlyA.push({ id: this.a.life(index).id, index });
      else if (inB && !inA) onlyB.push({ id: this.a.life(index).id, index });
    });
    return { step, onlyA, onlyB };
  }
}

const holds = (runs: Runs, step: number) => runs.some(([from, to]) => from <= step && step < to);
