/**
 * What every size benchmark prints: medians of repeated runs with their spread, each figure beside its
 * floor (the same I/O done the plainest way, measured in the same run) and its target, and the
 * machine's load while it ran (a shared 2-core machine: the load says how far to trust a figure).
 */
import { cpus, loadavg } from 'node:os';

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly p95: number;
  readonly runs: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('no runs to summarize');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, p95: quantileOfSorted(sorted, 0.95), runs: sorted.length };
}

/** The value at fraction `q` (0.9: p90) of the runs, nearest-rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('no runs to summarize');
  return quantileOfSorted(
    [...values].sort((a, b) => a - b),
    q,
  );
}

function quantileOfSorted(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** "load 1.2/1.5 on 2 cores": the 1- and 5-minute load averages. */
export function machineLoad(): string {
  const [one, five] = loadavg();
  return `load ${one!.toFixed(1)}/${five!.toFixed(1)} on ${cpus().length} cores`;
}

export type Unit = 'ms' | 's' | 'MB' | '/s' | '';

export function format(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '–';
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  if (unit === 'ms') return `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  if (unit === 'MB') return `${value.toFixed(0)} MB`;
  if (unit === '/s') return `${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}/s`;
  return value.toFixed(2);
}

/** One line of a figures table. */
export interface Figure {
  readonly name: string;
  readonly unit: Unit;
  readonly measured: Spread;
  /** The floor it is measured against, and the ratio target (measured / floor at most this). */
  readonly floor?: { readonly measured: Spread; readonly ratios: readonly number[]; readonly target: number | null };
  /** An absolute target: the median (or p95 when `of` says so) at most this. */
  readonly limit?: { readonly value: number; readonly of: 'median' | 'p95' | 'max' };
  readonly note?: string;
}

/** Ratios of runs made side by side (run i of one against run i of the other): the load hits both alike. */
export function pairedRatios(measured: readonly number[], floor: readonly number[]): number[] {
  return measured.map((value, i) => value / floor[i]!);
}

function verdict(ok: boolean | null): string {
  return ok === null ? '' : ok ? 'met' : 'NOT MET';
}

export function printFigures(title: string, figures: readonly Figure[]): void {
  console.log(`\n${title} (${machineLoad()})`);
  const rows = figures.map((figure) => {
    const { measured, unit } = figure;
    const cells = [
      figure.name,
      `${format(measured.median, unit)}`,
      `${format(measured.min, unit)}–${format(measured.max, unit)} (${measured.runs} runs)`,
    ];
    let target = '';
    let ok: boolean | null = null;
    if (figure.floor) {
      const ratio = spread(figure.floor.ratios);
      cells.push(
        `floor ${format(figure.floor.measured.median, unit)}`,
        `${ratio.median.toFixed(2)}x (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})`,
      );
      if (figure.floor.target !== null) {
        target = `≤ ${figure.floor.target}x`;
        ok = ratio.median <= figure.floor.target;
      }
    } else cells.push('', '');
    if (figure.limit) {
      const value = figure.limit.of === 'median' ? measured.median : measured[figure.limit.of];
      target = `${figure.limit.of === 'median' ? '' : `${figure.limit.of} `}≤ ${format(figure.limit.value, unit)}`;
      // A target on the p95 shows the p95 measured beside it (the median is in the second column).
      if (figure.limit.of === 'p95') target = `p95 ${format(value, unit)}, target ${target}`;
      ok = value <= figure.limit.value;
    }
    cells.push(target, verdict(ok), figure.note ?? '');
    return cells;
  });
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(
      `  ${row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd()}`,
    );
}
