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
import { grown } from './growable.ts';
import type { LogFacts } from './logFacts.ts';
import { compareCodePoints } from './pythonText.ts';
import type { ViewDelta } from './viewDelta.ts';
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

const isCount = (value: number) => Number.isInteger(value) && value >= 0;

/** View items are kept as numbers: an event's position, or one of these. */
const OTHER = -1;
const TEXT = -2;

export class QualityTracker {
  /** Per fact, how many events of the view have it. */
  private eventSupport = new Int32Array(256);
  /** Per value: how many texts of the view (and joins of two) hold it. */
  private textSupport = new Int32Array(256);
  /** Facts seen: those numbered below it (LogFacts numbers facts in the order the log first shows them). */
  private seenCount = 0;
  private inViewCount = 0;

  /**
   * The view: each item's event position, or OTHER or TEXT (the texts themselves are in `texts`), in
   * items[first .. first + itemCount): a window that slides on drops items near its start by moving
   * the few before them, not the many after.
   */
  private items = new Int32Array(256);
  private first = 0;
  private itemCount = 0;
  private readonly texts: ViewTexts;
  /** Room made by replaceItems, items[gapAt .. gapEnd), filled by the next items added. */
  private gapAt = 0;
  private gapEnd = 0;
  /** Texts after the replaced items, taken off the texts' stack until the room is filled. */
  private textsToRestore: string[] | null = null;
  /** How many texts after the room are still on the stack: taken off if a text is put in the room. */
  private textsAboveGap = 0;

  /** Per event, how many more times the view shows it since the step began; and which events those are. */
  private eventChanges = new Int32Array(256);
  private changedEvents = new Int32Array(64);
  private changedCount = 0;
  /**
   * Whether this step's event changes are queued to be netted (the step took items out that it may put
   * back); otherwise each is counted at once. Either way the figures are read only once the step ends.
   */
  private netting = false;

  /** How many of the log's events the arrays were last fitted to. */
  private eventsFitted = -1;
  private missingTotal = 0;
  private stepsWithMissing = 0;

  /** `facts` may still grow (events fed as the log is read), but only at its end. */
  constructor(private readonly facts: LogFacts) {
    this.texts = new ViewTexts(facts, (value, change) => this.changeTextSupport(value, change));
  }

  /**
   * One step: the view changes by `delta`, then the quality at the step before event `before` (its
   * position in the log). `before` null changes the view only (a step the reference leaves out).
   * A step that does not fit the log or the previous view is refused before anything changes.
   */
  step(before: number | null, delta: ViewDelta): StepQuality | null {
    this.checkStep(before, delta);
    this.keepItems(delta.keep);
    for (const item of delta.add) {
      if (item.kind === 'event') this.addEventItem(item.index);
      else if (item.kind === 'other') this.addOtherItem();
      else this.addTextItem(item.content);
    }
    return this.endStep(before);
  }

  /*
   * The same step item by item, for callers that walk a view without making item objects: keepItems,
   * then the added items in order, then endStep. A refused item leaves the items added before it.
   */

  /**
   * Begins a step: the view keeps the first `keep` items of the previous one. Also after replaceItems
   * in the same step (the rest re-listed from there on).
   */
  keepItems(keep: number): void {
    if (!isCount(keep) || keep > this.itemCount) {
      throw new RangeError(`the view keeps ${keep} items of the previous view, which has ${this.itemCount}`);
    }
    this.checkNoGap();
    this.fitFacts();
    this.netting = this.itemCount > keep;
    while (this.itemCount > keep) {
      const item = this.items[this.first + --this.itemCount]!;
      if (item >= 0) this.queueEventChange(item, -1);
      else if (item === TEXT) this.texts.pop();
    }
  }

  /**
   * Begins a step as keepItems does, for a view that changed in one place: it keeps the previous view
   * but the `count` items from `from`, and the next `inserting` items added take their place (those added
   * after them go at the end). So a window slides on (`recent`, amortized forgetting), a summary takes
   * the place of the one before it and of the events it summarized (`llm`), a placeholder takes an
   * observation's (masking): at the cost of what changed, not of all that follows it.
   */
  replaceItems(from: number, count: number, inserting: number): void {
    if (!isCount(from) || !isCount(count) || !isCount(inserting)) {
      throw new RangeError(
        `the view replaces ${count} items from item ${from} by ${inserting}: each must be a whole number from 0`,
      );
    }
    if (from + count > this.itemCount) {
      throw new RangeError(
        `the view replaces items ${from} to ${from + count} of the previous view, which has ${this.itemCount}`,
      );
    }
    this.checkNoGap();
    this.fitFacts();
    // What left does not come back (the view keeps the rest): nothing to net.
    this.netting = false;
    const items = this.items;
    const start = this.first + from;
    const end = start + count;
    const last = this.first + this.itemCount;
    let rangeTexts = 0;
    for (let k = start; k < end; k++) {
      const item = items[k]!;
      if (item >= 0) this.changeEventSupport(item, -1);
      else if (item === TEXT) rangeTexts++;
    }
    // The texts are a stack in view order: to take out those of the range, or to put texts in their
    // place, the texts after the range leave it, and come back after the inserted ones (the latter only
    // once a text is put in).
    if (rangeTexts > 0 || inserting > 0) {
      const tailTexts = this.textsAfter(start, end, last, rangeTexts);
      if (rangeTexts > 0) {
        if (tailTexts > 0) this.textsToRestore = this.texts.popLast(tailTexts);
        for (let k = 0; k < rangeTexts; k++) this.texts.pop();
      } else this.textsAboveGap = tailTexts;
    }
    this.gapAt = this.openGap(start, end, last, inserting);
    this.gapEnd = this.gapAt + inserting;
    this.itemCount += inserting - count;
    if (inserting === 0) this.restoreTexts();
  }

  /** How many texts items[end, last) hold: counted on the shorter side of the range. */
  private textsAfter(start: number, end: number, last: number, rangeTexts: number): number {
    const items = this.items;
    let count = 0;
    if (last - end <= start - this.first) {
      for (let k = end; k < last; k++) if (items[k] === TEXT) count++;
      return count;
    }
    for (let k = this.first; k < start; k++) if (items[k] === TEXT) count++;
    return this.texts.depth - count - rangeTexts;
  }

  /**
   * Makes items[start, end) room for `size` items, moving the shorter side (loops, not copyWithin: for
   * a few items the call's fixed cost dominates); where that room starts now.
   */
  private openGap(start: number, end: number, last: number, size: number): number {
    const shift = end - start - size;
    if (shift === 0) return start;
    if (shift > 0) {
      const items = this.items;
      if (start - this.first <= last - end) {
        for (let k = start - 1; k >= this.first; k--) items[k + shift] = items[k]!;
        this.first += shift;
        return start + shift;
      }
      for (let k = end; k < last; k++) items[k - shift] = items[k]!;
      return start;
    }
    const more = -shift;
    const roomAfter = last + more <= this.items.length;
    if (this.first >= more && (!roomAfter || start - this.first <= last - end)) {
      const items = this.items;
      for (let k = this.first; k < start; k++) items[k - more] = items[k]!;
      this.first -= more;
      return start - more;
    }
    if (!roomAfter) this.items = grown(this.items, last + more);
    const items = this.items;
    for (let k = last - 1; k >= end; k--) items[k + more] = items[k]!;
    return start;
  }

  private restoreTexts(): void {
    this.textsAboveGap = 0;
    const contents = this.textsToRestore;
    if (contents === null) return;
    this.textsToRestore = null;
    for (const content of contents) this.texts.push(content);
  }

  private checkNoGap(): void {
    if (this.gapAt < this.gapEnd)
      throw new Error(`the view still has ${this.gapEnd - this.gapAt} items to put in place of those it replaced`);
  }

  /** The next item of the view is the event at position `index` of the log. */
  addEventItem(index: number): void {
    if (!this.isEvent(index))
      throw new RangeError(
        `view item ${this.gapAt < this.gapEnd ? this.gapAt - this.first : this.itemCount} is event ${index}, but the log has ${this.facts.eventCount} events (positions from 0)`,
      );
    this.pushItem(index);
    if (this.netting) this.queueEventChange(index, 1);
    else this.changeEventSupport(index, 1);
  }

  /** The next item of the view is a summary or a masking placeholder with this text. */
  addTextItem(content: string): void {
    if (this.textsAboveGap > 0 && this.gapAt < this.gapEnd) {
      this.textsToRestore = this.texts.popLast(this.textsAboveGap);
      this.textsAboveGap = 0;
    }
    // Before pushItem: the last item put in a gap brings back the texts after it.
    this.texts.push(content);
    this.pushItem(TEXT);
  }

  /** The next item of the view shows no fact (an id the log does not hold). */
  addOtherItem(): void {
    this.pushItem(OTHER);
  }

  private pushItem(item: number): void {
    if (this.gapAt < this.gapEnd) {
      this.items[this.gapAt++] = item;
      if (this.gapAt === this.gapEnd) this.restoreTexts();
      return;
    }
    if (this.first + this.itemCount === this.items.length) {
      if (this.first > 0) this.items.copyWithin(0, this.first, this.first + this.itemCount);
      else this.items = grown(this.items, this.itemCount + 1);
      this.first = 0;
    }
    this.items[this.first + this.itemCount++] = item;
  }

  /** Ends the step: its quality before event `before`, or null to change the view only. */
  endStep(before: number | null): StepQuality | null {
    if (before === null) {
      this.applyViewChanges();
      return null;
    }
    const missing = this.endStepMissing(before);
    return { seen: this.seenCount, in_view: this.inViewCount, missing_used: missing ?? [] };
  }

  /**
   * endStep(before) without its object: the missing facts (sorted), or null when none; the step's
   * other figures are `seenFacts` and `inViewFacts` until the next step.
   */
  endStepMissing(before: number): string[] | null {
    return this.endStepMissingFacts(before)?.map((fact) => this.facts.factText(fact)) ?? null;
  }

  /** endStepMissing as fact numbers, in the order of their texts. */
  endStepMissingFacts(before: number): number[] | null {
    if (!this.isEvent(before))
      throw new RangeError(
        `the step is before event ${before}, but the log has ${this.facts.eventCount} events (positions from 0)`,
      );
    this.applyViewChanges();
    // The facts first shown by the events up to `before` (seen facts only grow, as in the reference).
    for (const seen = this.facts.factsBefore(before); this.seenCount < seen; this.seenCount++)
      if (this.isInView(this.seenCount)) this.inViewCount++;
    let missing: number[] | null = null;
    const facts = this.facts.eventFacts();
    for (let k = this.facts.eventStart(before), end = this.facts.eventEnd(before); k < end; k++) {
      const fact = facts[k]!;
      if (fact < this.seenCount && !this.isInView(fact)) (missing ??= []).push(fact);
    }
    if (!missing) return null;
    if (missing.length > 1) this.sortByText(missing);
    this.missingTotal += missing.length;
    this.stepsWithMissing++;
    return missing;
  }

  /** Facts in the order of their texts: an insertion sort, as a step lists a few (Array.sort's calls cost more). */
  private sortByText(facts: number[]): void {
    for (let k = 1; k < facts.length; k++) {
      const fact = facts[k]!;
      const text = this.facts.factText(fact);
      let at = k;
      for (; at > 0 && compareCodePoints(this.facts.factText(facts[at - 1]!), text) > 0; at--)
        facts[at] = facts[at - 1]!;
      facts[at] = fact;
    }
  }

  /** Facts seen up to the last step ended. */
  get seenFacts(): number {
    return this.seenCount;
  }

  /** Of those, the facts its view held. */
  get inViewFacts(): number {
    return this.inViewCount;
  }

  total(): QualityTotal {
    return {
      missing_used: this.missingTotal,
      steps_with_missing_used: this.stepsWithMissing,
      facts_seen: this.facts.factCount,
    };
  }

  private isEvent(index: number): boolean {
    // An integer from 0 (`>>> 0` changes any other number).
    return index >>> 0 === index && index < this.facts.eventCount;
  }

  /** Everything is checked before the view changes, so a bad step leaves the tracker as it was. */
  private checkStep(before: number | null, delta: ViewDelta): void {
    if (before !== null && !this.isEvent(before))
      throw new RangeError(
        `the step is before event ${before}, but the log has ${this.facts.eventCount} events (positions from 0)`,
      );
    if (!isCount(delta.keep) || delta.keep > this.itemCount) {
      throw new RangeError(`the view keeps ${delta.keep} items of the previous view, which has ${this.itemCount}`);
    }
    for (let k = 0; k < delta.add.length; k++) {
      const item = delta.add[k]!;
      if (item.kind === 'event' && !this.isEvent(item.index)) {
        throw new RangeError(
          `view item ${delta.keep + k} is event ${item.index}, but the log has ${this.facts.eventCount} events (positions from 0)`,
        );
      }
    }
  }

  /**
   * Events leaving and entering the view are netted before their facts are counted: a view that keeps
   * few items and adds most of them back (`recent`) then costs what really changed. Texts are netted
   * the same way (ViewTexts.settle).
   */
  private queueEventChange(index: number, change: 1 | -1): void {
    if (index >= this.eventChanges.length) this.eventChanges = grown(this.eventChanges, index + 1);
    if (this.eventChanges[index] === 0) {
      if (this.changedCount === this.changedEvents.length)
        this.changedEvents = grown(this.changedEvents, this.changedCount + 1);
      this.changedEvents[this.changedCount++] = index;
    }
    this.eventChanges[index] = this.eventChanges[index]! + change;
  }

  private applyViewChanges(): void {
    this.checkNoGap();
    this.texts.settle();
    for (let k = 0; k < this.changedCount; k++) {
      const index = this.changedEvents[k]!;
      const change = this.eventChanges[index]!;
      this.eventChanges[index] = 0;
      if (change !== 0) this.changeEventSupport(index, change);
    }
    this.changedCount = 0;
  }

  /** Room for facts and values the log gained, and their place in the texts already in view. */
  private fitFacts(): void {
    if (this.facts.eventCount === this.eventsFitted) return;
    this.eventsFitted = this.facts.eventCount;
    this.eventSupport = grown(this.eventSupport, this.facts.factCount);
    this.textSupport = grown(this.textSupport, this.facts.valueCount);
    this.eventChanges = grown(this.eventChanges, this.facts.eventCount);
    this.texts.catchUp();
  }

  private isInView(fact: number): boolean {
    return this.eventSupport[fact]! > 0 || this.textSupport[this.facts.valueOf(fact)]! > 0;
  }

  private changeEventSupport(index: number, change: number): void {
    const facts = this.facts.eventFacts();
    for (let k = this.facts.eventStart(index), end = this.facts.eventEnd(index); k < end; k++) {
      const fact = facts[k]!;
      const before = this.eventSupport[fact]!;
      const after = before + change;
      this.eventSupport[fact] = after;
      // In view or out only when the count leaves or reaches zero, and only by events when no text holds it.
      if ((before === 0) !== (after === 0) && fact < this.seenCount && this.textSupport[this.facts.valueOf(fact)] === 0)
        this.inViewCount += after === 0 ? -1 : 1;
    }
  }

  private changeTextSupport(value: number, change: 1 | -1): void {
    const before = this.textSupport[value]!;
    this.textSupport[value] = before + change;
    if (before !== 0 && before + change !== 0) return;
    for (const fact of this.facts.factsWithValue(value))
      if (fact < this.seenCount && this.eventSupport[fact] === 0) this.inViewCount += change;
  }
}
