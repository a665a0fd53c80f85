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
  const change = (view: View, keep: number) => {
    tracker.keepItems(keep);
    encoder.visitItems(view, keep, encoder.viewLength(view), visit);
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
      const missing = tracker.endStepMissing(position[encoder.beforeEventIndex(step)]!);
      let list = '';
      if (missing) for (const fact of missing) list += `${list ? ',' : ''}${JSON.stringify(fact)}`;
      return `,"quality":{"seen":${tracker.seenFacts},"in_view":${tracker.inViewFacts},"missing_used":[${list}]}`;
    },
    total: () => ({ quality: tracker.total() }),
  };
}
