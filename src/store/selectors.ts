import { type CondenserConfig } from '../engine/v0/index.ts';
import type { CondensationSummary, EventId, EventRow, ReplaySummary } from '../worker/index.ts';

/** Row indices the event table shows after the type, source and search filters. */
export function filterRows(
  rows: readonly EventRow[],
  types: readonly string[],
  sources: readonly string[],
  matches: Int32Array | null,
): number[] {
  const typeSet = new Set(types);
  const sourceSet = new Set(sources);
  const matchSet = matches ? new Set(matches) : null;
  const kept: number[] = [];
  for (const row of rows) {
    if (typeSet.size && !typeSet.has(rowType(row))) continue;
    if (sourceSet.size && !sourceSet.has(row.source ?? 'none')) continue;
    if (matchSet && !matchSet.has(row.index)) continue;
    kept.push(row.index);
  }
  return kept;
}

/** `action:run`, `observation:browse`...: the type filter's values. */
export function rowType(row: EventRow): string {
  return `${row.kind}:${row.type}`;
}
export interface SummaryHistoryEntry {
  readonly condensation: CondensationSummary;
  readonly beforeEventId: EventId;
  readonly forgottenRange: string;
  readonly previousSummary: string | null;
}

/** Every condensation that carries a summary, in order, with the summary before it. */
export function summaryHistory(summary: ReplaySummary): SummaryHistoryEntry[] {
  let previous: string | null = null;
  return summary.condensations.map((condensation) => {
    const entry: SummaryHistoryEntry = {
      condensation,
      beforeEventId: summary.steps[condensation.stepIndex]!.beforeEventId,
      forgottenRange: describeIds(condensation.forgottenEventIds, condensation.forgottenCount),
      previousSummary: previous,
    };
    if (condensation.summary !== null) previous = condensation.summary;
    return entry;
  });
}

/**
 * "7–49 (43 ids)", "4, 6–8 (4 ids)", "none"; SDK ids (strings) by count and first/last. `count` is how
 * many there are when `ids` lists only the first of them.
 */
export function describeIds(ids: readonly EventId[], count = ids.length): string {
  if (ids.length === 0) return 'none';
  if (ids.some((id) => typeof id === 'string')) {
    const short = (id: EventId) => String(id).slice(0, 8);
    return ids.length === 1
      ? `${short(ids[0]!)} (1 event)`
      : `${ids.length} events (${short(ids[0]!)} … ${short(ids[ids.length - 1]!)})`;
  }
  return describeNumbers(ids as readonly number[], count);
}

function describeNumbers(ids: readonly number[], count: number): string {
  const parts: string[] = [];
  let start = ids[0]!;
  let end = start;
  for (const id of ids.slice(1)) {
    if (id === end + 1) end = id;
    else {
      parts.push(start === end ? `${start}` : `${start}–${end}`);
      start = end = id;
    }
  }
  parts.push(start === end ? `${start}` : `${start}–${end}`);
  const shown = parts.length > 6 ? [...parts.slice(0, 5), '…'] : count > ids.length ? [...parts, '…'] : parts;
  return `${shown.join(', ')} (${count} id${count === 1 ? '' : 's'})`;
}

/** The max_size a chart should draw: the configuration's, or its first pipeline child's that has one. */
export function maxSizeOf(config: unknown): number | null {
  if (typeof config !== 'object' || config === null) return null;
  const record = config as CondenserConfig;
  if (typeof record.max_size === 'number') return record.max_size;
  if (typeof record.max_events === 'number') return record.max_events;
  if (Array.isArray(record.condensers)) {
    for (const child of record.condensers) {
      const found = maxSizeOf(child);
      if (found !== null) return found;
    }
  }
  return null;
}

const condensedSteps = new WeakMap<ReplaySummary, readonly number[]>();

/** Step indices that condensed, for "jump to next condensation" (found once per replay: keys ask on every press). */
export function condensationSteps(summary: ReplaySummary | null): readonly number[] {
  if (!summary) return [];
  let steps = condensedSteps.get(summary);
  if (!steps) {
    // From the condensations (in step order), not every step: a gigabyte log has 145,000 steps and 5,000 condensations.
    const found: number[] = [];
    for (const { stepIndex } of summary.condensations) if (found.at(-1) !== stepIndex) found.push(stepIndex);
    steps = found;
    condensedSteps.set(summary, steps);
  }
  return steps;
}

/** The first condensation step after `step` (of condensationSteps), if any. */
export function condensationAfter(marks: readonly number[], step: number): number | undefined {
  return marks.find((mark) => mark > step);
}

/** The last condensation step before `step` (of condensationSteps), if any. */
export function condensationBefore(marks: readonly number[], step: number): number | undefined {
  return marks.findLast((mark) => mark < step);
}

/** Where a configuration error points: `condensers.2.max_size: …` → ['condensers', 2, 'max_size']. */
export function configErrorPath(
  message: string | null,
): { readonly path: readonly (string | number)[]; readonly detail: string } | null {
  const match = message ? /^([A-Za-z_][\w]*(?:\.[\w]+)*): (.*)$/s.exec(message) : null;
  if (!match) return null;
  return { path: match[1]!.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), detail: match[2]! };
}

/** A configuration error as the form names things: `condensers.2.max_size` is "pipeline step 3, max_size". */
export function describeConfigError(message: string): string {
  return message
    .replace(/\bcondensers\.(\d+)\.?/g, (_all, index: string) => `pipeline step ${Number(index) + 1}, `)
    .replace(/, : /, ': ');
}
