import { SequenceMatcher } from './difflib.ts';

/**
 * FileEditObservation's diff text for an LLM-based edit (`get_edit_groups` and `visualize_diff` in
 * openhands/events/observation/files.py at 156d068): each hunk of `SequenceMatcher.get_grouped_opcodes`
 * as numbered lines before and after.
 */

interface EditGroup {
  readonly before: string[];
  readonly after: string[];
}

/** `f'{n:>{width}}'`: the number right-aligned in `width` characters. */
function rightAligned(n: number, width: number): string {
  return String(n).padStart(width);
}

function editGroups(oldContent: string | null, newContent: string | null, context: number): EditGroup[] {
  if (oldContent === null || newContent === null) return [];
  const oldLines = oldContent.split('\n');
  const newLines = newContent.split('\n');
  return new SequenceMatcher(oldLines, newLines).getGroupedOpcodes(context).map((group) => {
    // OpenHands pads to the width of the last opcode's j1 (it means "the largest line number").
    const pad = String(group[group.length - 1]![3]).length + 1;
    const before: string[] = [];
    const after: string[] = [];
    for (const [tag, i1, i2, j1, j2] of group) {
      if (tag === 'equal') {
        oldLines.slice(i1, i2).forEach((line, k) => before.push(`${rightAligned(i1 + k + 1, pad)}|${line}`));
        newLines.slice(j1, j2).forEach((line, k) => after.push(`${rightAligned(j1 + k + 1, pad)}|${line}`));
        continue;
      }
      if (tag === 'replace' || tag === 'delete')
        oldLines.slice(i1, i2).forEach((line, k) => before.push(`-${rightAligned(i1 + k + 1, pad - 1)}|${line}`));
      if (tag === 'replace' || tag === 'insert')
        newLines.slice(j1, j2).forEach((line, k) => after.push(`+${rightAligned(j1 + k + 1, pad - 1)}|${line}`));
    }
    return { before, after };
  });
}

/** `visualize_diff(n_context_lines=2, change_applied=True)`; `cached` is the event's `_diff_cache`. */
export function visualizeDiff(
  path: string,
  oldContent: string | null,
  newContent: string | null,
  cached: string | null,
): string {
  if (cached !== null) return cached;
  if (oldContent === newContent)
    return '(no changes detected. Please make sure your edits change the content of the existing file.)\n';
  const groups = editGroups(oldContent, newContent, 2);
  const result = [`[Existing file ${path} is edited with ${groups.length} changes.]`];
  groups.forEach((group, i) => {
    if (i !== 0) result.push('-------------------------');
    result.push(
      `[begin of edit ${i + 1} / ${groups.length}]`,
      '(content before edit)',
      ...group.before,
      '(content after edit)',
      ...group.after,
      `[end of edit ${i + 1} / ${groups.length}]`,
    );
  });
  return result.join('\n');
}
