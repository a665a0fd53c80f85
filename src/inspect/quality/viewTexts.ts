/**
 * The texts of one replay's view (summaries, masking placeholders), as a stack in view order, and the
 * fact values they hold, reported as support changes as texts enter and leave the view.
 *
 * The reference looks for each value in the view's texts joined by '\n' (one blob). A value without
 * '\n' can only occur inside one text: the log's ValueIndex says which values a text holds. A value
 * with '\n' (a multi-line command) can also run across the joins: each such occurrence is credited to
 * the text it ends in, found when that text enters the view, and dropped with it (texts change only at
 * the end of the stack, so the texts before it are still those it was found with: a view changed in its
 * middle takes the texts after the change off and puts them back).
 */
import type { LogFacts } from './logFacts.ts';
import { isHighSurrogate, isLowSurrogate, containsCodePoints } from './pythonText.ts';
import { type Crossing, newlinesIn } from './valueIndex.ts';

const NEWLINE = 0x0a;

/** A distinct text in view, with the places (levels of the stack) where it shows. */
class ShownText {
  readonly levels: number[] = [];
  /** The values this text was counted as holding (a copy: the index's lists grow with the log). */
  counted: number[] = [];
  readonly firstLine: string;

  constructor(readonly content: string) {
    const newline = content.indexOf('\n');
    this.firstLine = newline < 0 ? content : content.slice(0, newline);
  }
}

/** a[aFrom, aFrom + length) === b[bFrom, bFrom + length), both in range. */
function sameUnits(a: string, aFrom: number, b: string, bFrom: number, length: number): boolean {
  if (aFrom < 0 || bFrom < 0 || aFrom + length > a.length || bFrom + length > b.length) return false;
  for (let k = 0; k < length; k++) if (a.charCodeAt(aFrom + k) !== b.charCodeAt(bFrom + k)) return false;
  return true;
}

export class ViewTexts {
  private readonly shown = new Map<string, ShownText>();
  /**
   * Texts that left the view during this step: their values still count until `settle`, so a text taken
   * out and put back in one step (the view changed before it) costs neither a search nor a recount.
   */
  private readonly leaving = new Map<string, ShownText>();
  /** The view's texts in order: the blob is their join. */
  private readonly levels: ShownText[] = [];
  /** Per level, the multi-line values with an occurrence that ends in its text and starts before it. */
  private readonly crossings: (number[] | null)[] = [];
  /** The log's values up to here have been accounted for in the texts in view. */
  private valuesKnown: number;

  constructor(
    private readonly facts: LogFacts,
    /** A value is held by one more (+1) or one fewer (-1) text or join of the view. */
    private readonly support: (value: number, change: 1 | -1) => void,
  ) {
    this.valuesKnown = facts.valueCount;
  }

  get depth(): number {
    return this.levels.length;
  }

  /** A text enters the view, after all the others. */
  push(content: string): void {
    let text = this.shown.get(content);
    if (!text) {
      text = this.leaving.get(content);
      if (text) this.leaving.delete(content);
      else {
        text = new ShownText(content);
        text.counted = this.facts.values.valuesIn(content).slice();
        for (const value of text.counted) this.support(value, 1);
      }
      this.shown.set(content, text);
    }
    const level = this.levels.length;
    this.levels.push(text);
    this.crossings.push(null);
    text.levels.push(level);
    if (level > 0 && this.facts.values.hasMultiLineValues()) {
      this.facts.values.forEachCrossingInto(content, text.firstLine, (crossing) => this.tryCrossing(level, crossing));
    }
  }

  /** The last text leaves the view. */
  pop(): void {
    const text = this.levels.pop();
    if (!text) throw new RangeError('no text to take out of the view');
    for (const value of this.crossings.pop() ?? []) this.support(value, -1);
    text.levels.pop();
    if (text.levels.length > 0) return;
    this.shown.delete(text.content);
    this.leaving.set(text.content, text);
  }

  /** The last `count` texts leave the view; their contents, in view order. */
  popLast(count: number): string[] {
    if (count > this.levels.length)
      throw new RangeError(`${count} texts to take out of a view that has ${this.levels.length}`);
    const contents = new Array<string>(count);
    for (let k = count - 1; k >= 0; k--) {
      contents[k] = this.levels[this.levels.length - 1]!.content;
      this.pop();
    }
    return contents;
  }

  /** Ends a step's changes: the values of texts that left the view and did not come back stop counting. */
  settle(): void {
    if (this.leaving.size === 0) return;
    for (const text of this.leaving.values()) for (const value of text.counted) this.support(value, -1);
    this.leaving.clear();
  }

  /** Values the log gained since (events fed after the replay began) are looked for in the texts in view. */
  catchUp(): void {
    this.settle();
    const from = this.valuesKnown;
    this.valuesKnown = this.facts.valueCount;
    for (let value = from; value < this.valuesKnown; value++) {
      const content = this.facts.valueText(value);
      for (const text of this.shown.values()) {
        if (!containsCodePoints(text.content, content)) continue;
        text.counted.push(value);
        this.support(value, 1);
      }
      if (content.includes('\n')) this.findCrossingsOf(value, content);
    }
  }

  private findCrossingsOf(value: number, content: string): void {
    const newlines = newlinesIn(content);
    for (const text of this.shown.values()) {
      for (const newline of newlines) {
        if (!this.beginsWithRest(text.content, content, newline)) continue;
        for (const level of text.levels)
          if (level > 0 && this.endsBefore(level, content, newline)) this.addCrossing(level, value);
      }
    }
  }

  private tryCrossing(level: number, { value, newline }: Crossing): void {
    if (value >= this.valuesKnown) return; // counted by catchUp
    const content = this.facts.valueText(value);
    if (this.beginsWithRest(this.levels[level]!.content, content, newline) && this.endsBefore(level, content, newline))
      this.addCrossing(level, value);
  }

  /** The text begins with what follows the value's newline at `newline` (whole code points). */
  private beginsWithRest(text: string, value: string, newline: number): boolean {
    const length = value.length - newline - 1;
    if (!sameUnits(text, 0, value, newline + 1, length)) return false;
    return !(isHighSurrogate(value.charCodeAt(value.length - 1)) && isLowSurrogate(text.charCodeAt(length)));
  }

  /** The blob before the join in front of `level` ends with value[0, newline) (whole code points). */
  private endsBefore(level: number, value: string, newline: number): boolean {
    let need = newline;
    for (let k = level - 1; ; k--) {
      // The occurrence begins right at a join.
      if (need === 0) return true;
      const text = this.levels[k]!.content;
      const take = Math.min(need, text.length);
      if (!sameUnits(text, text.length - take, value, need - take, take)) return false;
      need -= take;
      if (need === 0)
        return !(isLowSurrogate(value.charCodeAt(0)) && isHighSurrogate(text.charCodeAt(text.length - take - 1)));
      // The whole text is part of the occurrence, and so is the join before it, if there is one.
      if (k === 0 || value.charCodeAt(need - 1) !== NEWLINE) return false;
      need--;
    }
  }

  private addCrossing(level: number, value: number): void {
    const list = (this.crossings[level] ??= []);
    if (list.includes(value)) return;
    list.push(value);
    this.support(value, 1);
  }
}
