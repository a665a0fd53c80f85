import { diff3Merge } from 'node-diff3';

/** Texts longer than this are not merged line by line (the work grows with their product): both are offered instead. */
const MAX_MERGED_LINES = 5000;

/**
 * Two edits of one text (this tab's, another tab's) made from the same `base`, merged line by line
 * (diff3, as git merges): the text with both, or null when they changed the same lines.
 */
export function mergeText(base: string, mine: string, theirs: string): string | null {
  if (mine === theirs || theirs === base) return mine;
  if (mine === base) return theirs;
  const lines = [mine, base, theirs].map((text) => text.split('\n'));
  if (lines.some((list) => list.length > MAX_MERGED_LINES)) return null;
  const merged: string[] = [];
  for (const region of diff3Merge(lines[0]!, lines[1]!, lines[2]!, { excludeFalseConflicts: true })) {
    if (region.conflict) return null;
    merged.push(...(region.ok ?? []));
  }
  return merged.join('\n');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const MISSING = Symbol('missing');

export type JsonMerge = { readonly merged: unknown } | { readonly conflicts: readonly string[] };

/** The settings both edits changed, differently, as paths (`condensers[2].max_size`). */
function mergeAt(base: unknown, mine: unknown, theirs: unknown, path: string, conflicts: string[]): unknown {
  if (same(mine, theirs) || same(theirs, base)) return mine;
  if (same(mine, base)) return theirs;
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const merged: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])) {
      const at = (object: Record<string, unknown>) => (key in object ? object[key] : MISSING);
      const value = mergeAt(at(base), at(mine), at(theirs), path ? `${path}.${key}` : key, conflicts);
      if (value !== MISSING) merged[key] = value;
    }
    return merged;
  }
  if (
    Array.isArray(base) &&
    Array.isArray(mine) &&
    Array.isArray(theirs) &&
    base.length === mine.length &&
    mine.length === theirs.length
  ) {
    return mine.map((item, index) => mergeAt(base[index], item, theirs[index], `${path}[${index}]`, conflicts));
  }
  conflicts.push(path || 'the whole configuration');
  return mine;
}

/**
 * Two edits of a configuration made from the same `base`, merged setting by setting: each side's
 * changes kept, or the settings both changed differently (offered to the user, never dropped).
 */
export function mergeJson(base: unknown, mine: unknown, theirs: unknown): JsonMerge {
  const conflicts: string[] = [];
  const merged = mergeAt(base, mine, theirs, '', conflicts);
  return conflicts.length ? { conflicts } : { merged };
}
