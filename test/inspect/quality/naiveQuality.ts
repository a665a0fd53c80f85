/**
 * The spec's definition computed directly, step by step, as `quality_facts.py` does: every step
 * rebuilds the view's facts and joins its texts into one blob. Slow and obviously right: the yardstick
 * for the incremental tracker.
 */
import { eventFacts } from '../../../src/inspect/quality/facts.ts';
import { compareCodePoints, containsCodePoints } from '../../../src/inspect/quality/pythonText.ts';
import type { QualityTotal, StepQuality } from '../../../src/inspect/quality/tracker.ts';
import type { QualityViewItem } from '../../../src/inspect/quality/viewDelta.ts';

export interface NaiveStep {
  /** Position of the event after the step; null for a step the reference leaves out. */
  readonly before: number | null;
  readonly view: readonly QualityViewItem[];
}

const valueOf = (fact: string) => fact.slice(fact.indexOf(':') + 1);

export function naiveQuality(
  events: readonly unknown[],
  steps: readonly NaiveStep[],
): { steps: (StepQuality | null)[]; total: QualityTotal } {
  const facts = events.map((event) => new Set(eventFacts(event)));
  const seen = new Set<string>();
  let upTo = 0;
  let missingTotal = 0;
  let withMissing = 0;
  const qualities = steps.map(({ before, view }) => {
    if (before === null) return null;
    for (; upTo < before; upTo++) for (const fact of facts[upTo]!) seen.add(fact);
    const kept = new Set<string>();
    const texts: string[] = [];
    for (const item of view) {
      if (item.kind === 'event') for (const fact of facts[item.index]!) if (seen.has(fact)) kept.add(fact);
      if (item.kind === 'summary' || item.kind === 'masked') texts.push(item.content);
    }
    if (texts.length > 0) {
      const blob = texts.join('\n');
      for (const fact of seen) if (!kept.has(fact) && containsCodePoints(blob, valueOf(fact))) kept.add(fact);
    }
    const missing = [...facts[before]!].filter((fact) => seen.has(fact) && !kept.has(fact)).sort(compareCodePoints);
    missingTotal += missing.length;
    if (missing.length > 0) withMissing++;
    return { seen: seen.size, in_view: kept.size, missing_used: missing };
  });
  const all = new Set<string>();
  for (const set of facts) for (const fact of set) all.add(fact);
  return {
    steps: qualities,
    total: { missing_used: missingTotal, steps_with_missing_used: withMissing, facts_seen: all.size },
  };
}
