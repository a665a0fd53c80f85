/**
 * "Facts lost" over one replay (spec/quality.md), step by step: fed the log's events in order and each
 * step's view as a difference from the previous one, it gives what `quality_facts.py` gives, at a cost
 * that follows what changes (events seen, view items added or dropped), never the whole view or every
 * seen fact.
 *
 * Facts and their values are interned to integers once. A seen fact is in view while some event of the
 * view has it, or some text of the view (or join of two texts) holds its value: both are kept as
 * counts, so the number of facts in view is itself a count kept up to date.
 */
import { eventFactSet } from './facts.ts';
import { compareCodePoints } from './pythonText.ts';
import type { QualityViewItem, ViewDelta } from './viewDelta.ts';
import { ViewTexts } from './viewTexts.ts';

/** What one step shows (the trace's per-step `quality`). */
export interface StepQuality {
  readonly seen: number;
  readonly in_view: number;
  readonly missing_used: string[];
}

/** The run's figures (the trace's top-level `quality`). */
export interface QualityTotal {
  readonly missing_used: number;
  readonly steps_with_missing_used: number;
  readonly facts_seen: number;
}

const OTHER = 0;
const EVENT = 1;
const TEXT = 2;

function grown<T extends Int32Array | Uint8Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const larger = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2));
  larger.set(array);
  return larger;
}

export class QualityTracker {
  private readonly factIds = new Map<string, number>();
  private readonly factTexts: string[] = [];
  private factValue = new Int32Array(256);
  private readonly valueIds = new Map<string, number>();
  private readonly valueTexts: string[] = [];
  private readonly valueFacts: number[][] = [];

  /** Facts of event i: eventFacts[eventStart[i] .. eventStart[i + 1]). */
  private eventFacts = new Int32Array(1024);
  private eventStart = new Int32Array(256);
  private events = 0;

  private seen = new Uint8Array(256);
  /** Per fact: view events that have it. */
  private eventSupport = new Int32Array(256);
  /** Per value: view texts (and joins) that hold it. */
  private textSupport = new Int32Array(256);
  private valueSeen = new Uint8Array(256);
  private seenCount = 0;
  private inViewCount = 0;
  /** Events before this position are seen (it only moves forward, as in the reference). */
  private seenUpTo = 0;

  /** The view, as parallel stacks: what each item is, and its event index. */
  private readonly itemKinds: number[] = [];
  private readonly itemEvents: number[] = [];
  private readonly texts = new ViewTexts(
    (value) => this.valueTexts[value]!,
    (value, change) => this.changeTextSupport(value, change),
  );

  private missingTotal = 0;
  private stepsWithMissing = 0;

  /** How many events have been fed. */
  get eventCount(): number {
    return this.events;
  }

  /** Feeds the next event of the log (its JSON as logged). */
  addEvent(event: unknown): void {
    this.addEventFacts(eventFactSet(event));
  }

  /** Feeds the next event of the log by its facts (`kind:value` strings, as `eventFacts` gives them). */
  addEventFacts(facts: Iterable<string>): void {
    const ids = new Set<number>();
    for (const fact of facts) ids.add(this.internFact(fact));
    const start = this.eventStart[this.events]!;
    this.eventFacts = grown(this.eventFacts, start + ids.size);
    let end = start;
    for (const id of ids) this.eventFacts[end++] = id;
    this.events++;
    this.eventStart = grown(this.eventStart, this.events + 1);
    this.eventStart[this.events] = end;
  }

  /**
   * One step: the view changes by `delta`, then the quality at the step before event `before` (its
   * position in the log). `before` null changes the view only (a step the reference leaves out).
   */
  step(before: number | null, delta: ViewDelta): StepQuality | null {
    this.checkStep(before, delta);
    while (this.itemKinds.length > delta.keep) this.popItem();
    for (const item of delta.add) this.pushItem(item);
    if (before === null) return null;
    while (this.seenUpTo < before) this.seeEvent(this.seenUpTo++);
    const missing: string[] = [];
    for (let k = this.eventStart[before]!, end = this.eventStart[before + 1]!; k < end; k++) {
      const fact = this.eventFacts[k]!;
      if (this.seen[fact] && !this.isInView(fact)) missing.push(this.factTexts[fact]!);
    }
    missing.sort(compareCodePoints);
    this.missingTotal += missing.length;
    if (missing.length > 0) this.stepsWithMissing++;
    return { seen: this.seenCount, in_view: this.inViewCount, missing_used: missing };
  }

  total(): QualityTotal {
    return { missing_used: this.missingTotal, steps_with_missing_used: this.stepsWithMissing, facts_seen: this.factTexts.length };
  }

  /** Everything is checked before the view changes, so a bad step leaves the tracker as it was. */
  private checkStep(before: number | null, delta: ViewDelta): void {
    const isEvent = (index: number) => Number.isInteger(index) && index >= 0 && index < this.events;
    if (before !== null && !isEvent(before)) throw new RangeError(`the step is before event ${before}, but the log has ${this.events} events (positions from 0)`);
    if (!Number.isInteger(delta.keep) || delta.keep < 0 || delta.keep > this.itemKinds.length) {
      throw new RangeError(`the view keeps ${delta.keep} items of the previous view, which has ${this.itemKinds.length}`);
    }
    delta.add.forEach((item, k) => {
      if (item.kind === 'event' && !isEvent(item.index)) throw new RangeError(`view item ${delta.keep + k} is event ${item.index}, but the log has ${this.events} events (positions from 0)`);
    });
  }

  private internFact(fact: string): number {
    let id = this.factIds.get(fact);
    if (id !== undefined) return id;
    id = this.factTexts.length;
    this.factIds.set(fact, id);
    this.factTexts.push(fact);
    const colon = fact.indexOf(':');
    const value = colon < 0 ? fact : fact.slice(colon + 1);
    let valueId = this.valueIds.get(value);
    if (valueId === undefined) {
      valueId = this.valueTexts.length;
      this.valueIds.set(value, valueId);
      this.valueTexts.push(value);
      this.valueFacts.push([]);
      this.textSupport = grown(this.textSupport, valueId + 1);
      this.valueSeen = grown(this.valueSeen, valueId + 1);
    }
    this.valueFacts[valueId]!.push(id);
    this.factValue = grown(this.factValue, id + 1);
    this.factValue[id] = valueId;
    this.seen = grown(this.seen, id + 1);
    this.eventSupport = grown(this.eventSupport, id + 1);
    return id;
  }

  private isInView(fact: number): boolean {
    return this.eventSupport[fact]! > 0 || this.textSupport[this.factValue[fact]!]! > 0;
  }

  private seeEvent(index: number): void {
    for (let k = this.eventStart[index]!, end = this.eventStart[index + 1]!; k < end; k++) {
      const fact = this.eventFacts[k]!;
      if (this.seen[fact]) continue;
      this.seen[fact] = 1;
      this.seenCount++;
      if (this.isInView(fact)) this.inViewCount++;
      const value = this.factValue[fact]!;
      if (!this.valueSeen[value]) {
        this.valueSeen[value] = 1;
        this.texts.addValue(value);
      }
    }
  }

  private pushItem(item: QualityViewItem): void {
    if (item.kind === 'event') {
      this.itemKinds.push(EVENT);
      this.itemEvents.push(item.index);
      this.changeEventSupport(item.index, 1);
    } else if (item.kind === 'other') {
      this.itemKinds.push(OTHER);
      this.itemEvents.push(-1);
    } else {
      this.itemKinds.push(TEXT);
      this.itemEvents.push(-1);
      this.texts.push(item.content);
    }
  }

  private popItem(): void {
    const kind = this.itemKinds.pop();
    const index = this.itemEvents.pop()!;
    if (kind === EVENT) this.changeEventSupport(index, -1);
    else if (kind === TEXT) this.texts.pop();
  }

  private changeEventSupport(index: number, change: 1 | -1): void {
    for (let k = this.eventStart[index]!, end = this.eventStart[index + 1]!; k < end; k++) {
      const fact = this.eventFacts[k]!;
      const before = this.eventSupport[fact]!;
      this.eventSupport[fact] = before + change;
      // In view or out only when the count crosses zero, and only by events when no text holds it.
      if ((before === 0 || before + change === 0) && this.seen[fact] && this.textSupport[this.factValue[fact]!] === 0) this.inViewCount += change;
    }
  }

  private changeTextSupport(value: number, change: 1 | -1): void {
    const before = this.textSupport[value]!;
    this.textSupport[value] = before + change;
    if (before !== 0 && before + change !== 0) return;
    for (const fact of this.valueFacts[value]!) if (this.seen[fact] && this.eventSupport[fact] === 0) this.inViewCount += change;
  }
}
