import type { RawEvents } from '../../formats/index.ts';
import type { TraceEncoder } from '../flavor.ts';
import { LogFacts, QualityTracker } from '../quality/index.ts';
import type { EventId } from '../types.ts';
import type { StepFigure } from './traceWriter.ts';

/**
 * A log's facts (spec/quality.md), found once and shared by every replay of it. "Log order" is the
 * reference's: for a folder of `events/<id>.json`, its file names sorted as text (10.json before 2.json);
 * an id names the last event that has it.
 */
export class LogQuality {
  private constructor(
    readonly facts: LogFacts,
    /** For each log position, the reference's position of the event its id names. */
    readonly position: Int32Array,
  ) {}

  /**
   * The log's facts, found an event at a time, pausing (a yield) every EVENTS_PER_PAUSE events: a 100 MB
   * log's take seconds, and the app's engine answers the step the user looks at between pauses.
   */
  static *find(raw: RawEvents, ids: readonly EventId[], sortedFileNames: boolean): Generator<void, LogQuality, void> {
    const facts = new LogFacts();
    const order = ids.map((_, index) => index);
    if (sortedFileNames) {
      const names = ids.map((id) => `${String(id)}.json`);
      order.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
    }
    const referencePosition = new Int32Array(ids.length);
    for (let position = 0; position < order.length; position++) {
      const index = order[position]!;
      referencePosition[index] = position;
      facts.addEvent(raw.at(index));
      if (position % EVENTS_PER_PAUSE === EVENTS_PER_PAUSE - 1) yield;
    }
    const lastWithId = new Map<EventId, number>();
    ids.forEach((id, index) => lastWithId.set(id, referencePosition[index]!));
    return new LogQuality(
      facts,
      Int32Array.from(ids, (id) => lastWithId.get(id)!),
    );
  }
}

/** Events whose facts are found between two pauses (about a millisecond's work). */
const EVENTS_PER_PAUSE = 32;

/** Below this many items re-listed, visiting them costs less than looking for what the view kept. */
const LOOK_WORTH = 8;
/** How many items a view may put in one place of those it took out, to be looked for (a summary, a placeholder). */
const MAX_INSERTED = 2;
/** How many places where a view changed are followed; past them, the rest is re-listed. */
const MAX_CHANGES = 4;

/** `quality`: per step the facts seen, those in view, and those the agent used that its view had lost; their totals at the end. */
export function qualityFigure<Step, View>(
  quality: LogQuality,
  encoder: TraceEncoder<Step, View>,
): StepFigure<Step, View> {
  const tracker = new QualityTracker(quality.facts);
  const { position } = quality;
  const visit = {
    event: (index: number) => tracker.addEventItem(position[index]!),
    text: (content: string) => tracker.addTextItem(content),
  };
  let previous: View | null = null;
  // The last step's `quality` JSON without missing facts, and the figures it shows.
  let lastJson = '';
  let lastSeen = -1;
  let lastInView = -1;
  /**
   * The view as the previous one changed in a few places: runs of it kept, items taken out between them
   * (a window slid on) or replaced by a few (a summary, a placeholder), items added at the end. The
   * tracker is told those changes, not all the items that follow the first one.
   */
  const changeInPlaces = (earlier: View, view: View, keep: number) => {
    const before = encoder.viewLength(earlier);
    const length = encoder.viewLength(view);
    // The step begins with all of the earlier view; the tracker holds view[0..j) then earlier[i..before).
    tracker.keepItems(before);
    let i = keep;
    let j = keep;
    for (let changes = 0; i < before; changes++) {
      const run = encoder.matchingRun(earlier, i, view, j, Math.min(before - i, length - j));
      i += run;
      j += run;
      if (i === before) break;
      // What follows the change: the first item of the view that comes after a few new ones and is in the rest.
      let rest = -1;
      let inserted = 0;
      if (changes < MAX_CHANGES) {
        for (; inserted <= MAX_INSERTED && j + inserted < length; inserted++) {
          rest = encoder.findItem(earlier, i, view, j + inserted);
          if (rest >= 0) break;
        }
      }
      if (rest < 0) {
        // Not found: the rest is re-listed (netted: what it takes out and puts back costs nothing).
        tracker.keepItems(j);
        break;
      }
      tracker.replaceItems(j, rest - i, inserted);
      if (inserted > 0) encoder.visitItems(view, j, j + inserted, visit);
      i = rest;
      j += inserted;
    }
    encoder.visitItems(view, j, length, visit);
  };
  /** The view as the earlier one with the items at `replaced` replaced one for one, and more appended. */
  const replaceInPlace = (view: View, before: number, replaced: readonly number[]) => {
    tracker.keepItems(before);
    for (const at of replaced) {
      tracker.replaceItems(at, 1, 1);
      encoder.visitItems(view, at, at + 1, visit);
    }
    encoder.visitItems(view, before, encoder.viewLength(view), visit);
  };
  const change = (view: View, keep: number) => {
    const length = encoder.viewLength(view);
    const earlier = previous;
    previous = view;
    if (earlier !== null && length - keep >= LOOK_WORTH) {
      const replaced = encoder.replacedItems?.(earlier, view);
      if (replaced) replaceInPlace(view, encoder.viewLength(earlier), replaced);
      else changeInPlaces(earlier, view, keep);
      return;
    }
    tracker.keepItems(keep);
    encoder.visitItems(view, keep, length, visit);
  };
  return {
    usesDelta: true,
    step(step, view, keep) {
      change(view, keep);
      return { quality: tracker.endStep(position[encoder.beforeEventIndex(step)]!) };
    },
    // What JSON.stringify writes for step()'s fields, without building them to walk them on every step.
    stepJson(step, view, keep) {
      change(view, keep);
      const missing = tracker.endStepMissingFacts(position[encoder.beforeEventIndex(step)]!);
      const seen = tracker.seenFacts;
      const inView = tracker.inViewFacts;
      // Nearly half the steps of a long run show the same figures as the step before, with none missing.
      if (!missing && seen === lastSeen && inView === lastInView) return lastJson;
      let list = '';
      if (missing) {
        list = quality.facts.factJson(missing[0]!);
        for (let k = 1; k < missing.length; k++) list += `,${quality.facts.factJson(missing[k]!)}`;
      }
      const json = `,"quality":{"seen":${seen},"in_view":${inView},"missing_used":[${list}]}`;
      if (!missing) {
        lastJson = json;
        lastSeen = seen;
        lastInView = inView;
      }
      return json;
    },
    total: () => ({ quality: tracker.total() }),
  };
}
