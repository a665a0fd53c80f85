import { diffLines } from 'diff';

export interface DiffLine {
  readonly kind: 'same' | 'added' | 'removed';
  readonly text: string;
}

/** A line diff of two summaries (jsdiff's Myers diff: linear memory, unlike a full LCS table). */
export function lineDiff(before: string, after: string): DiffLine[] {
  return diffLines(before, after).flatMap((change) => {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    // A change holds whole lines, each ending in "\n" but perhaps the last.
    const lines = change.value.endsWith('\n') ? change.value.slice(0, -1).split('\n') : change.value.split('\n');
    return lines.map((text) => ({ kind, text }) as const);
  });
}
