import type { StepWalk, TraceEncoder } from './flavor.ts';
import type { CondensationSummary, EventId, EventLanes, EventLife, LifeLane, StepSummary } from './types.ts';

type Runs = ReadonlyArray<readonly [number, number]>;

/** Open runs are marked with this end until the step that closes them. */
const OPEN = -1;

/**
 * Where every event stood across a replay's steps: in the view as itself, as a masking placeholder, or
 * not at all. Built from each view's change to the next (the trace's keep/add), never a walk of every
 * whole view: a step costs what changed in it, so a 100k-event log costs about its events plus its
 * condensations' re-added views.
 */
export class EventLives {
  /** Per event, flat [from, to, from, to…) runs of steps; to = OPEN while the run lasts. */
  private readonly shown: Array<number[] | undefined>;
  private readonly maskedRuns: Array<number[] | undefined>;
  /** The condensations by the step they ran before. */
  private readonly condensationsAt = new Map<number, Array<Omit<CondensationSummary, 'placeholder'>>>();

  constructor(
    private readonly ids: readonly EventId[],
    private readonly steps: readonly StepSummary[],
    condensations: ReadonlyArray<Omit<CondensationSummary, 'placeholder'>>,
    walkRuns: { shown: Array<number[] | undefined>; masked: Array<number[] | undefined> },
  ) {
    this.shown = walkRuns.shown;
    this.maskedRuns = walkRuns.masked;
    for (const condensation of condensations) {
      const here = this.condensationsAt.get(condensation.stepIndex);
      if (here) here.push(condensation);
      else this.condensationsAt.set(condensation.stepIndex, [condensation]);
    }
  }

  life(index: number): EventLife {
    const inView = pairs(this.shown[index]);
    const masked = pairs(this.maskedRuns[index]);
    let [entered, left]: [number | null, number | null] = [null, null];
    for (const [from, to] of [...inView, ...masked]) {
      entered = entered === null ? from : Math.min(entered, from);
      left = left === null ? to : Math.max(left, to);
    }
    return {
      index,
      id: this.ids[index]!,
      inView,
      masked,
      entered,
      forgotten: left === null || left >= this.steps.length ? null : this.forgettingAt(left, this.ids[index]!),
    };
  }

  /**
   * Every event as a lane. Neighbours fold into one lane when their lives are the same, or when one
   * condensation forgot them all after one stay each (a run forgotten together): that lane's stay runs
   * from the first one's entry to the cut.
   */
  lanes(): EventLanes {
    const lanes: LifeLane[] = [];
    for (let index = 0; index < this.ids.length; index++) {
      const life = this.life(index);
      const last = lanes[lanes.length - 1];
      if (last && sameLane(last, life)) {
        const inView = last.forgotten && last.inView.length === 1 ? foldedStay(last, life) : last.inView;
        lanes[lanes.length - 1] = { ...last, inView, last: index, count: last.count + 1 };
        continue;
      }
      const { inView, masked, forgotten } = life;
      lanes.push({ first: index, last: index, count: 1, inView, masked, forgotten });
    }
    const cuts = this.steps.filter((step) => step.condensationIds.length > 0).map((step) => step.index);
    return { steps: this.steps.length, cuts, lanes };
  }

  /** The condensation that ran before `step` and dropped the event: the one listing it, else the step's last. */
  private forgettingAt(step: number, id: EventId): EventLife['forgotten'] {
    const here = this.condensationsAt.get(step);
    if (!here) return null;
    const listing = here.find((c) => c.forgottenEventIds.includes(id)) ?? here[here.length - 1]!;
    return { condensationId: listing.id, step, summary: listing.summary !== null };
  }
}

const sameRuns = (a: Runs, b: Runs) =>
  a.length === b.length && a.every(([from, to], k) => from === b[k]![0] && to === b[k]![1]);

function sameLane(lane: LifeLane, life: EventLife): boolean {
  if (!sameRuns(lane.masked, life.masked)) return false;
  if (sameRuns(lane.inView, life.inView) && lane.forgotten?.condensationId === life.forgotten?.condensationId)
    return true;
  // Forgotten together after one stay each, entered at different steps.
  return (
    lane.forgotten !== null &&
    life.forgotten !== null &&
    lane.forgotten.condensationId === life.forgotten.condensationId &&
    lane.masked.length === 0 &&
    lane.inView.length === 1 &&
    life.inView.length === 1
  );
}

function foldedStay(lane: LifeLane, life: EventLife): Runs {
  return [[Math.min(lane.inView[0]![0], life.inView[0]![0]), Math.max(lane.inView[0]![1], life.inView[0]![1])]];
}

function pairs(flat: readonly number[] | undefined): Runs {
  if (!flat) return [];
  const runs: Array<readonly [number, number]> = [];
  for (let k = 0; k < flat.length; k += 2) runs.push([flat[k]!, flat[k + 1]!]);
  return runs;
}

/** Opens a run at `step`, or reopens the one that closed at `step` (an item dropped and re-added by one change). */
function open(runs: Array<number[] | undefined>, index: number, step: number) {
  const flat = (runs[index] ??= []);
  if (flat.length > 0 && flat[flat.length - 1] === step) flat[flat.length - 1] = OPEN;
  else flat.push(step, OPEN);
}

function close(runs: Array<number[] | undefined>, index: number, step: number) {
  const flat = runs[index];
  if (flat && flat[flat.length - 1] === OPEN) flat[flat.length - 1] = step;
}

/** Walks a replay's views as changes from one step to the next (the trace's keep/add) into every event's runs. */
export function eventLives<Step, View>(
  walk: StepWalk<Step, View>,
  encoder: TraceEncoder<Step, View>,
  ids: readonly EventId[],
  steps: readonly StepSummary[],
  condensations: ReadonlyArray<Omit<CondensationSummary, 'placeholder'>>,
): EventLives {
  const shown = new Array<number[] | undefined>(ids.length);
  const masked = new Array<number[] | undefined>(ids.length);
  // How many times each view holds an event: OpenHands' `recent` repeats the first events in a short
  // view, so a run opens at the first copy and closes when the last copy leaves.
  const shownCopies = new Uint32Array(ids.length);
  const maskedCopies = new Uint32Array(ids.length);
  let step = 0;
  const closing = {
    event: (index: number) => {
      if (--shownCopies[index]! === 0) close(shown, index, step);
    },
    masked: (index: number) => {
      if (--maskedCopies[index]! === 0) close(masked, index, step);
    },
    text: () => {},
  };
  const opening = {
    event: (index: number) => {
      if (shownCopies[index]!++ === 0) open(shown, index, step);
    },
    masked: (index: number) => {
      if (maskedCopies[index]!++ === 0) open(masked, index, step);
    },
    text: () => {},
  };
  let previous: View | null = null;
  for (; step < walk.steps.length; step++) {
    const view = walk.view(step);
    // A failed step has no view: the runs go on through it.
    if (view === null) continue;
    const keep = previous === null ? 0 : encoder.sharedPrefix(previous, view);
    if (previous !== null) encoder.visitItems(previous, keep, encoder.viewLength(previous), closing);
    encoder.visitItems(view, keep, encoder.viewLength(view), opening);
    previous = view;
  }
  for (const runs of [shown, masked])
    for (const flat of runs) if (flat && flat[flat.length - 1] === OPEN) flat[flat.length - 1] = walk.steps.length;
  return new EventLives(ids, steps, condensations, { shown, masked });
}
