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
  const advance = (step: Step, view: View, keep: number) => {
    tracker.keepItems(keep);
    encoder.visitItems(view, keep, encoder.viewLength(view), visit);
    return tracker.endStep(position[encoder.beforeEventIndex(step)]!);
  };
  return {
    usesDelta: true,
    step: (step, view, keep) => ({ quality: advance(step, view, keep) }),
    // What JSON.stringify writes for step()'s fields, without its walk over them on every step.
    stepJson(step, view, keep) {
      const figures = advance(step, view, keep);
      if (figures === null) return ',"quality":null';
      let missing = '';
      for (const fact of figures.missing_used) missing += `${missing ? ',' : ''}${JSON.stringify(fact)}`;
      return `,"quality":{"seen":${figures.seen},"in_view":${figures.in_view},"missing_used":[${missing}]}`;
    },
    total: () => ({ quality: tracker.total() }),
  };
}
