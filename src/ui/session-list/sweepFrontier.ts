import type { SweepRow } from '../../store/index.ts';

/** One configuration of a sweep, over every instance it ran on: a point of the cost–quality chart. */
export interface ConfigPoint {
  readonly name: string;
  /** The first row of this configuration (what a click opens). */
  readonly row: number;
  readonly replays: number;
  readonly errors: number;
  readonly condensations: number;
  /** Estimated dollars over its instances; null when no row of it was priced. */
  readonly cost: number | null;
  /** Rows without an estimated cost: the total leaves them out. */
  readonly unpriced: number;
  /** Facts used although lost, over its instances; null when no row of it counted them (an older sweep). */
  readonly missingFacts: number | null;
  /** The log's own run ("recorded"), the one the others are read against. */
  readonly recorded: boolean;
}

/** Each configuration's totals, in the order the sweep first lists them. */
export function configPoints(rows: readonly SweepRow[]): ConfigPoint[] {
  const points = new Map<
    string,
    {
      row: number;
      replays: number;
      errors: number;
      condensations: number;
      cost: number | null;
      unpriced: number;
      missing: number | null;
    }
  >();
  rows.forEach((row, index) => {
    let point = points.get(row.config);
    if (!point) {
      point = { row: index, replays: 0, errors: 0, condensations: 0, cost: null, unpriced: 0, missing: null };
      points.set(row.config, point);
    }
    point.replays++;
    if (row.error !== null) point.errors++;
    point.condensations += row.condensations ?? 0;
    if (row.estimated_cost_usd === null) point.unpriced++;
    else point.cost = (point.cost ?? 0) + row.estimated_cost_usd;
    if (row.missing_facts !== null) point.missing = (point.missing ?? 0) + row.missing_facts;
  });
  return [...points].map(([name, point]) => ({
    name,
    row: point.row,
    replays: point.replays,
    errors: point.errors,
    condensations: point.condensations,
    cost: point.cost,
    unpriced: point.unpriced,
    missingFacts: point.missing,
    recorded: name === 'recorded',
  }));
}

export type PlacedPoint = ConfigPoint & { readonly cost: number; readonly missingFacts: number };

/** The points the chart can place: priced and counted. */
export const placed = (points: readonly ConfigPoint[]): PlacedPoint[] =>
  points.filter((point): point is PlacedPoint => point.cost !== null && point.missingFacts !== null);

/**
 * The Pareto frontier: the configurations no other beats on both dollars and missing facts (as cheap
 * and as complete, better on one), from the cheapest to the most complete.
 */
export function paretoFrontier(points: readonly PlacedPoint[]): PlacedPoint[] {
  const sorted = [...points].sort((a, b) => a.cost - b.cost || a.missingFacts - b.missingFacts);
  const frontier: PlacedPoint[] = [];
  for (const point of sorted) {
    const last = frontier.at(-1);
    if (!last || point.missingFacts < last.missingFacts) frontier.push(point);
  }
  return frontier;
}
