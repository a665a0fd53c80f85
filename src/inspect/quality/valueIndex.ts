/**
 * Which of a log's fact values a text (a summary, a masking placeholder) holds: a prefix tree of all
 * the values finds them in one pass over the text, however many values there are, and the answer is
 * kept per distinct text (texts repeat: a summary stays for many steps, placeholders are mostly alike).
 * Also indexes the multi-line values by their lines, for occurrences across the joins of a view's texts.
 * Shared by every replay of the log; built only once a replay shows a text.
 */
import { grown } from './growable.ts';
import type { LogFacts } from './logFacts.ts';
import { PrefixTree } from './prefixTree.ts';
import { containsCodePoints } from './pythonText.ts';

/** A multi-line value that may run across a join: the join would be its newline at `newline`. */
export interface Crossing {
  readonly value: number;
  readonly newline: number;
}

interface TextValues {
  matches: number[];
  /** How many of the log's values `matches` accounts for. */
  checked: number;
}

/** Distinct texts whose values are kept, twice over (the recently used ones survive a turnover). */
const TEXTS_KEPT = 2048;
/** A text last searched this many values ago is searched whole again rather than value by value. */
const RESEARCH_AFTER = 16;

export function newlinesIn(text: string): number[] {
  const newlines: number[] = [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) newlines.push(at);
  return newlines;
}

export class ValueIndex {
  private readonly tree = new PrefixTree();
  private inTree = 0;
  private stamps: Int32Array<ArrayBuffer> = new Int32Array(64);
  private stamp = 0;
  private recent = new Map<string, TextValues>();
  private older = new Map<string, TextValues>();

  /** Multi-line values by the line after one of their newlines (when another newline follows it). */
  private readonly innerLines = new Map<string, Crossing[]>();
  /** Multi-line values by their last line, in a prefix tree (a text may begin with it). */
  private readonly lastLines = new PrefixTree();
  private readonly lastLineIds = new Map<string, number>();
  private readonly lastLineValues: Crossing[][] = [];
  private linesIndexed = 0;
  private multiLineCount = 0;

  constructor(private readonly facts: LogFacts) {}

  /** Every value of the log that occurs in `text` (each once). The list is the index's: do not change it. */
  valuesIn(text: string): readonly number[] {
    let found = this.recent.get(text);
    if (!found) {
      found = this.older.get(text);
      if (found) this.older.delete(text);
      else found = { matches: [], checked: 0 };
      this.remember(text, found);
    }
    const missed = this.facts.valueCount - found.checked;
    if (missed > RESEARCH_AFTER || (found.checked === 0 && missed > 0)) this.searchWhole(text, found);
    else if (missed > 0) {
      for (let value = found.checked; value < this.facts.valueCount; value++)
        if (containsCodePoints(text, this.facts.valueText(value))) found.matches.push(value);
      found.checked = this.facts.valueCount;
    }
    return found.matches;
  }

  /** Whether the log has a value with a newline (only those can run across a join). */
  hasMultiLineValues(): boolean {
    this.indexLines();
    return this.multiLineCount > 0;
  }

  /**
   * Multi-line values that may run across the join just before `text`: those with a line after a
   * newline equal to the text's first line, and those whose last line begins the text.
   */
  forEachCrossingInto(text: string, firstLine: string, visit: (crossing: Crossing) => void): void {
    this.indexLines();
    if (text.length > firstLine.length) this.innerLines.get(firstLine)?.forEach(visit);
    this.lastLines.forEachKeyAt(text, 0, (id) => this.lastLineValues[id]!.forEach(visit));
  }

  private remember(text: string, found: TextValues): void {
    if (this.recent.size >= TEXTS_KEPT) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(text, found);
  }

  private searchWhole(text: string, found: TextValues): void {
    for (; this.inTree < this.facts.valueCount; this.inTree++)
      this.tree.add(this.facts.valueText(this.inTree), this.inTree);
    const stamp = ++this.stamp;
    this.stamps = grown(this.stamps, this.facts.valueCount);
    const matches: number[] = [];
    this.tree.forEachKeyIn(text, (value) => {
      if (this.stamps[value] === stamp) return;
      this.stamps[value] = stamp;
      matches.push(value);
    });
    found.matches = matches;
    found.checked = this.facts.valueCount;
  }

  private indexLines(): void {
    for (; this.linesIndexed < this.facts.valueCount; this.linesIndexed++) {
      const value = this.linesIndexed;
      const content = this.facts.valueText(value);
      if (!content.includes('\n')) continue;
      this.multiLineCount++;
      newlinesIn(content).forEach((newline, k, newlines) => {
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
    }
  }
}
