/**
 * "Facts lost" over one replay (spec/quality.md), step by step: given the log's facts and each step's
 * view as a difference from the previous one, it gives what `quality_facts.py` gives, at a cost that
 * follows what changes (events seen, view items added or dropped), never the whole view or every seen
 * fact.
 *
 * A seen fact is in view while some event of the view has it, or some text of the view (or join of
 * two texts) holds its value. Both are kept as counts per fact and per value, whether the fact is seen
 * yet or not, so the number of seen facts in view is itself a count kept up to date.
 */
import type { LogFacts } from './logFacts.ts';
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
  /** Per fact: seen yet, and how many events of the view have it. */
  private seen = new Uint8Array(256);
  private eventSupport = new Int32Array(256);
  /** Per value: how many texts of the view (and joins of two) hold it. */
  private textSupport = new Int32Array(256);
  private seenCount = 0;
  private inViewCount = 0;
  /** Events before this position are seen (it only moves forward, as in the reference). */
  private seenUpTo = 0;

  /** The view, as parallel stacks: what each item is, and its event position. */
  private readonly itemKinds: number[] = [];
  private readonly itemEvents: number[] = [];
  private readonly texts: ViewTexts;

  private missingTotal = 0;
  private stepsWithMissing = 0;

  /** `facts` may still grow (events fed as the log is read), but only at its end. */
  constructor(private readonly facts: LogFacts) {
    this.texts = new ViewTexts(facts, (value, change) => this.changeTextSupport(value, change));
  }

  /**
   * One step: the view changes by `delta`, then the quality at the step before event `before` (its
   * position in the log). `before` null changes the view only (a step the reference leaves out).
   */
  step(before: number | null, delta: ViewDelta): StepQuality | null {
    this.checkStep(before, delta);
    this.fitFacts();
    while (this.itemKinds.length > delta.keep) this.popItem();
    for (const item of delta.add) this.pushItem(item);
    if (before === null) return null;
    while (this.seenUpTo < before) this.seeEvent(this.seenUpTo++);
    const missing: string[] = [];
    const facts = this.facts.eventFacts();
    for (let k = this.facts.eventStart(before), end = this.facts.eventEnd(before); k < end; k++) {
      const fact = facts[k]!;
      if (this.seen[fact] && !this.isInView(fact)) missing.push(this.facts.factText(fact));
    }
    missing.sort(compareCodePoints);
    this.missingTotal += missing.length;
    if (missing.length > 0) this.stepsWithMissing++;
    return { seen: this.seenCount, in_view: this.inViewCount, missing_used: missing };
  }

  total(): QualityTotal {
    return { missing_used: this.missingTotal, steps_with_missing_used: this.stepsWithMissing, facts_seen: this.facts.factCount };
  }

  /** Everything is checked before the view changes, so a bad step leaves the tracker as it was. */
  private checkStep(before: number | null, delta: ViewDelta): void {
    const events = this.facts.eventCount;
    const isEvent = (index: number) => Number.isInteger(index) && index >= 0 && index < events;
    if (before !== null && !isEvent(before)) throw new RangeError(`the step is before event ${before}, but the log has ${events} events (positions from 0)`);
    if (!Number.isInteger(delta.keep) || delta.keep < 0 || delta.keep > this.itemKinds.length) {
      throw new RangeError(`the view keeps ${delta.keep} items of the previous view, which has ${this.itemKinds.length}`);
    }
    for (let k = 0; k < delta.add.length; k++) {
      const item = delta.add[k]!;
      if (item.kind === 'event' && !isEvent(item.index)) throw new RangeError(`view item ${delta.keep + k} is event ${item.index}, but the log has ${events} events (positions from 0)`);
    }
  }

  /** Room for facts and values the log gained, and their place in the texts already in view. */
  private fitFacts(): void {
    this.seen = grown(this.seen, this.facts.factCount);
    this.eventSupport = grown(this.eventSupport, this.facts.factCount);
    this.textSupport = grown(this.textSupport, this.facts.valueCount);
    this.texts.catchUp();
  }

  private isInView(fact: number): boolean {
    return this.eventSupport[fact]! > 0 || this.textSupport[this.facts.valueOf(fact)]! > 0;
  }

  private seeEvent(index: number): void {
    const facts = this.facts.eventFacts();
    for (let k = this.facts.eventStart(index), end = this.facts.eventEnd(index); k < end; k++) {
      const fact = facts[k]!;
      if (this.seen[fact]) continue;
      this.seen[fact] = 1;
      this.seenCount++;
      if (this.isInView(fact)) this.inViewCount++;
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
    const facts = this.facts.eventFacts();
    for (let k = this.facts.eventStart(index), end = this.facts.eventEnd(index); k < end; k++) {
      const fact = facts[k]!;
      const before = this.eventSupport[fact]!;
      this.eventSupport[fact] = before + change;
      // In view or out only when the count crosses zero, and only by events when no text holds it.
      if ((before === 0 || before + change === 0) && this.seen[fact] && this.textSupport[this.facts.valueOf(fact)] === 0) this.inViewCount += change;
    }
  }

  private changeTextSupport(value: number, change: 1 | -1): void {
    const before = this.textSupport[value]!;
    this.textSupport[value] = before + change;
    if (before !== 0 && before + change !== 0) return;
    for (const fact of this.facts.factsWithValue(value)) if (this.seen[fact] && this.eventSupport[fact] === 0) this.inViewCount += change;
  }
}
