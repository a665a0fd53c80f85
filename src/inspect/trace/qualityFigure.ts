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
  readonly facts = new LogFacts();
  /** For each log position, the reference's position of the event its id names. */
  readonly position: Int32Array;

  constructor(raw: RawEvents, ids: readonly EventId[], sortedFileNames: boolean) {
    const order = ids.map((_, index) => index);
    if (sortedFileNames) {
      const names = ids.map((id) => `${String(id)}.json`);
      order.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
    }
    const referencePosition = new Int32Array(ids.length);
    order.forEach((index, position) => {
      referencePosition[index] = position;
      this.facts.addEvent(raw.at(index));
    });
    const lastWithId = new Map<EventId, number>();
    ids.forEach((id, index) => lastWithId.set(id, referencePosition[index]!));
    this.position = Int32Array.from(ids, (id) => lastWithId.get(id)!);
  }
}

/** Below this many items re-listed, visiting them costs less than looking for a slide. */
const SLIDE_WORTH = 8;
/** How far on a view may have slid to be looked for (a step adds an action and its observation, or a few). */
const MAX_SLIDE = 16;

/**
 * How many items after the first `keep` the view dropped from `previous` while keeping the rest of it
 * (`previous[keep + d..]` is `view[keep..]`'s start, and more follows), or 0 when it did not slide so.
 */
function slidBy<Step, View>(encoder: TraceEncoder<Step, View>, previous: View, view: View, keep: number): number {
  const [before, length] = [encoder.viewLength(previous), encoder.viewLength(view)];
  for (let slid = 1; slid <= MAX_SLIDE && keep + slid < before; slid++) {
    if (!encoder.sameItems(previous, keep + slid, view, keep, 1)) continue;
    const kept = before - keep - slid;
    if (keep + kept > length) return 0;
    return encoder.sameItems(previous, keep + slid + 1, view, keep + 1, kept - 1) ? slid : 0;
  }
  return 0;
}

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
  const change = (view: View, keep: number) => {
    const length = encoder.viewLength(view);
    const earlier = previous;
    previous = view;
    // A window that slid on (`recent`, masking): the items it lost and the few it gained, not all it re-lists.
    if (earlier !== null && length - keep >= SLIDE_WORTH) {
      const slid = slidBy(encoder, earlier, view, keep);
      if (slid > 0 && tracker.dropItems(keep, slid)) {
        encoder.visitItems(view, encoder.viewLength(earlier) - slid, length, visit);
        return;
      }
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
      let list = '';
      if (missing) {
        list = quality.facts.factJson(missing[0]!);
        for (let k = 1; k < missing.length; k++) list += `,${quality.facts.factJson(missing[k]!)}`;
      }
      return `,"quality":{"seen":${tracker.seenFacts},"in_view":${tracker.inViewFacts},"missing_used":[${list}]}`;
    },
    total: () => ({ quality: tracker.total() }),
  };
}
