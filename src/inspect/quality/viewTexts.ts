/**
 * Which seen fact values the texts of a view (summaries, masking placeholders) hold, kept up to date
 * as texts enter and leave the view and as values are first seen, without rereading the view.
 *
 * The reference looks for each value in the view's texts joined by '\n' (one blob). A value without
 * '\n' can only occur inside one text: each distinct text is searched once (with a prefix tree of the
 * values, so a new text costs its length, not the number of values) and the result is kept while the
 * text is in view or recently was. A value with '\n' (a multi-line command) can also run across the
 * joins: each such occurrence is credited to the text it ends in, found when that text enters the view
 * or when the value is first seen, and dropped with that text (the texts form a stack, as views change
 * at their end).
 */
import { PrefixTree } from './prefixTree.ts';
import { containsCodePoints, isHighSurrogate, isLowSurrogate } from './pythonText.ts';

const NEWLINE = 0x0a;
/** Texts that left the view whose search results are kept, most recent first out last. */
const DEAD_TEXTS_KEPT = 4096;
/** A text back in view is searched whole again when more values than this were seen since it left. */
const RESEARCH_AFTER = 16;

class ViewText {
  /** Levels (places in the stack of texts) showing this text, in order. */
  readonly levels: number[] = [];
  /** Values found in the text. */
  matches: number[] = [];
  /** How many dictionary values `matches` accounts for. */
  checked = 0;
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

/** Where a multi-line value can run across a join: after its newline at `newline`, the join's. */
interface Crossing {
  readonly value: number;
  readonly newline: number;
}

export class ViewTexts {
  private readonly texts = new Map<string, ViewText>();
  private readonly inView = new Set<ViewText>();
  private readonly left = new Set<ViewText>();
  /** The view's texts in order: the blob is their join. */
  private readonly levels: ViewText[] = [];
  /** Per level, the multi-line values with an occurrence that ends in its text and starts before it. */
  private readonly crossings: (number[] | null)[] = [];

  /** Every value seen so far, in the order seen. */
  private readonly dictionary: number[] = [];
  private readonly tree = new PrefixTree();
  private stamps: Int32Array<ArrayBuffer> = new Int32Array(64);
  private stamp = 0;

  /** Multi-line values by the line after one of their newlines (when another newline follows it). */
  private readonly innerLines = new Map<string, Crossing[]>();
  /** Multi-line values by their last line, in a prefix tree (a text may begin with it). */
  private readonly lastLines = new PrefixTree();
  private readonly lastLineIds = new Map<string, number>();
  private readonly lastLineValues: Crossing[][] = [];
  private readonly newlinesOf = new Map<number, number[]>();

  constructor(
    private readonly valueText: (value: number) => string,
    /** A value is held by one more (+1) or one fewer (-1) text or join of the view. */
    private readonly support: (value: number, change: 1 | -1) => void,
  ) {}

  get depth(): number {
    return this.levels.length;
  }

  /** A text enters the view, after all the others. */
  push(content: string): void {
    const text = this.textFor(content);
    const level = this.levels.length;
    this.levels.push(text);
    this.crossings.push(null);
    text.levels.push(level);
    if (text.levels.length === 1) {
      this.inView.add(text);
      for (const value of text.matches) this.support(value, 1);
    }
    if (level > 0 && this.newlinesOf.size > 0) this.findCrossingsInto(level);
  }

  /** The last text leaves the view. */
  pop(): void {
    const text = this.levels.pop();
    if (!text) throw new RangeError('no text to take out of the view');
    for (const value of this.crossings.pop() ?? []) this.support(value, -1);
    text.levels.pop();
    if (text.levels.length > 0) return;
    this.inView.delete(text);
    for (const value of text.matches) this.support(value, -1);
    this.left.add(text);
    if (this.left.size > DEAD_TEXTS_KEPT) {
      const oldest = this.left.values().next().value!;
      this.left.delete(oldest);
      this.texts.delete(oldest.content);
    }
  }

  /** A value is seen for the first time: the texts in view that hold it now support it. */
  addValue(value: number): void {
    const content = this.valueText(value);
    this.dictionary.push(value);
    this.tree.add(content, value);
    for (const text of this.inView) {
      if (containsCodePoints(text.content, content)) {
        text.matches.push(value);
        this.support(value, 1);
      }
      text.checked = this.dictionary.length;
    }
    if (content.includes('\n')) this.addMultiLine(value, content);
  }

  private textFor(content: string): ViewText {
    let text = this.texts.get(content);
    if (!text) {
      text = new ViewText(content);
      this.texts.set(content, text);
      this.searchWhole(text);
    } else if (text.levels.length === 0) {
      this.left.delete(text);
      this.catchUp(text);
    }
    return text;
  }

  private searchWhole(text: ViewText): void {
    const stamp = ++this.stamp;
    const matches: number[] = [];
    this.tree.forEachKeyIn(text.content, (value) => {
      if (value >= this.stamps.length) this.stamps = growTo(this.stamps, value + 1);
      if (this.stamps[value] === stamp) return;
      this.stamps[value] = stamp;
      matches.push(value);
    });
    text.matches = matches;
    text.checked = this.dictionary.length;
  }

  /** Brings a text that was out of view up to the values seen since. */
  private catchUp(text: ViewText): void {
    const missed = this.dictionary.length - text.checked;
    if (missed === 0) return;
    if (missed > RESEARCH_AFTER) {
      this.searchWhole(text);
      return;
    }
    for (let k = text.checked; k < this.dictionary.length; k++) {
      const value = this.dictionary[k]!;
      if (containsCodePoints(text.content, this.valueText(value))) text.matches.push(value);
    }
    text.checked = this.dictionary.length;
  }

  private addMultiLine(value: number, content: string): void {
    const newlines: number[] = [];
    for (let at = content.indexOf('\n'); at >= 0; at = content.indexOf('\n', at + 1)) newlines.push(at);
    this.newlinesOf.set(value, newlines);
    newlines.forEach((newline, k) => {
      const next = newlines[k + 1];
      if (next !== undefined) {
        const line = content.slice(newline + 1, next);
        const list = this.innerLines.get(line);
        if (list) list.push({ value, newline });
        else this.innerLines.set(line, [{ value, newline }]);
        return;
      }
      const lastLine = content.slice(newline + 1);
      if (lastLine === '') return;
      let id = this.lastLineIds.get(lastLine);
      if (id === undefined) {
        id = this.lastLineValues.length;
        this.lastLineIds.set(lastLine, id);
        this.lastLineValues.push([]);
        this.lastLines.add(lastLine, id);
      }
      this.lastLineValues[id]!.push({ value, newline });
    });
    // Occurrences across joins already in view.
    for (const text of this.inView) {
      for (const newline of newlines) {
        if (!this.beginsWithRest(text.content, content, newline)) continue;
        for (const level of text.levels) if (level > 0 && this.endsBefore(level, content, newline)) this.addCrossing(level, value);
      }
    }
  }

  /** Occurrences of multi-line values that end in the text at `level` and start in an earlier text. */
  private findCrossingsInto(level: number): void {
    const text = this.levels[level]!;
    const tryCrossing = ({ value, newline }: Crossing) => {
      const content = this.valueText(value);
      if (this.beginsWithRest(text.content, content, newline) && this.endsBefore(level, content, newline)) this.addCrossing(level, value);
    };
    if (text.content.length > text.firstLine.length) this.innerLines.get(text.firstLine)?.forEach(tryCrossing);
    this.lastLines.forEachKeyAt(text.content, 0, (id) => this.lastLineValues[id]!.forEach(tryCrossing));
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
      if (need === 0) return !(isLowSurrogate(value.charCodeAt(0)) && isHighSurrogate(text.charCodeAt(text.length - take - 1)));
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

function growTo(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(size, array.length * 2));
  grown.set(array);
  return grown;
}
