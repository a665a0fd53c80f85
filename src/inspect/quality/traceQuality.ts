/**
 * The reference's whole computation (`quality_facts.py LOG TRACE`) from a log's events and a replay
 * trace's steps, full (`view`) or compact (`view_delta`): for callers that hold a finished trace, and
 * for checking the tracker against the reference's own output.
 */
import { LogFacts } from './logFacts.ts';
import { type QualityTotal, QualityTracker, type StepQuality } from './tracker.ts';
import { type QualityViewItem, type ViewDelta, viewDelta } from './viewDelta.ts';

export interface TraceQuality {
  /** Per step of the trace: its quality, or null for a step the reference leaves out (no view, or an event the log lacks). */
  readonly steps: (StepQuality | null)[];
  readonly total: QualityTotal;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where each event id sits in the log (the last event with that id, as a Python dict built in order keeps). */
export function positionsById(events: readonly unknown[]): Map<unknown, number> {
  const positions = new Map<unknown, number>();
  events.forEach((event, index) => {
    const id = isObject(event) && Object.hasOwn(event, 'id') ? event.id : undefined;
    if (typeof id === 'number' || typeof id === 'string') positions.set(id, index);
  });
  return positions;
}

/** One item of a trace's view (`{"id"}`, `{"summary"}`, `{"masked", "content"}`), read as the reference reads it. */
export function traceViewItem(item: unknown, positions: ReadonlyMap<unknown, number>): QualityViewItem {
  if (!isObject(item)) return { kind: 'other' };
  const index = Object.hasOwn(item, 'id') ? positions.get(item.id) : undefined;
  if (index !== undefined) return { kind: 'event', index };
  if (Object.hasOwn(item, 'summary') && typeof item.summary === 'string')
    return { kind: 'summary', content: item.summary };
  if (Object.hasOwn(item, 'masked') && typeof item.content === 'string' && Object.hasOwn(item, 'content'))
    return { kind: 'masked', content: item.content };
  return { kind: 'other' };
}

function listAt(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`${where} is not a list`);
  return value;
}

/**
 * The step's view as a difference from `view` (which becomes the step's view), or null when the step
 * has none (a failed step). A compact step changes `view` in place: copying it would cost the whole view.
 */
function stepDelta(
  step: JsonObject,
  where: string,
  view: QualityViewItem[],
  positions: ReadonlyMap<unknown, number>,
): ViewDelta | null {
  if (Object.hasOwn(step, 'view')) {
    const next = listAt(step.view, `${where}.view`).map((item) => traceViewItem(item, positions));
    const delta = viewDelta(view, next);
    view.length = delta.keep;
    for (const item of delta.add) view.push(item);
    return delta;
  }
  if (!Object.hasOwn(step, 'view_delta')) return null;
  const delta = step.view_delta;
  if (!isObject(delta)) throw new TypeError(`${where}.view_delta is not an object`);
  const keep = delta.keep;
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 0 || keep > view.length) {
    throw new RangeError(
      `${where}.view_delta.keep is ${JSON.stringify(keep)}, not a whole number from 0 to ${view.length} (the previous view's length)`,
    );
  }
  const add = listAt(delta.add, `${where}.view_delta.add`).map((item) => traceViewItem(item, positions));
  view.length = keep;
  for (const item of add) view.push(item);
  return { keep, add };
}

/** The quality of every step of a trace of `events` (the log's events in order, as logged). */
export function traceQuality(events: readonly unknown[], steps: readonly unknown[]): TraceQuality {
  const positions = positionsById(events);
  const facts = new LogFacts();
  for (const event of events) facts.addEvent(event);
  const tracker = new QualityTracker(facts);
  const view: QualityViewItem[] = [];
  const qualities = steps.map((step, k) => {
    const where = `steps[${k}]`;
    if (!isObject(step)) throw new TypeError(`${where} is not an object`);
    const delta = stepDelta(step, where, view, positions);
    if (!delta) return null;
    const before = Object.hasOwn(step, 'before_event_id') ? positions.get(step.before_event_id) : undefined;
    return tracker.step(before ?? null, delta);
  });
  return { steps: qualities, total: tracker.total() };
}
