import type uPlot from 'uplot';
import { type StepChartSpec, UNIT_LABELS, tickLabel, unitsOf } from './stepChartSpec.ts';

/** Colours resolved from the page's CSS (a canvas cannot read custom properties). */
export interface ChartColors {
  readonly series: readonly string[];
  readonly text: string;
  readonly grid: string;
  readonly mark: string;
  /** The marks of steps that used lost facts. */
  readonly lost: string;
}

export interface ChartCallbacks {
  /** The step (0-based) under the pointer, or null once it leaves the plot. */
  readonly onHover: (step: number | null) => void;
  /** The spec whose marks are drawn now: a chart kept across data changes draws the latest (default: the spec given). */
  readonly current?: () => StepChartSpec;
}

/** Steps are whole numbers: ticks at 1, 2, 5, 10, 20, 50... apart, never between two steps. */
const STEP_INCREMENTS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];
const FONT = '11px system-ui, sans-serif';

/**
 * Past DRAWN_WHOLE steps in view, a chart is given per column of steps (CHART_COLUMNS of them) only
 * the steps that shape each series: its first, lowest and highest step, and its first missing value.
 * At 1 GB uPlot took 54 ms to draw all 145,000 steps of three series, a frozen page; a 100 MB log's
 * 14,479 are drawn whole.
 */
export const CHART_COLUMNS = 2000;
const DRAWN_WHOLE = CHART_COLUMNS * 10;

/**
 * x is the step as shown (1-based); one array per series, nulls where a value is missing. Steps
 * [from, to) only (a zoom): beyond DRAWN_WHOLE of them, the steps that shape each series (above).
 */
export function chartData(spec: StepChartSpec, from = 0, to = spec.steps): uPlot.AlignedData {
  const first = Math.max(0, Math.floor(from));
  const end = Math.max(first, Math.min(spec.steps, Math.ceil(to)));
  if (end - first <= DRAWN_WHOLE) {
    const xs = new Float64Array(end - first);
    // A loop, not Float64Array.from with a mapper: that took 15 ms for a gigabyte log's 145,000 steps.
    for (let i = 0; i < xs.length; i++) xs[i] = first + i + 1;
    return [xs, ...spec.series.map((series) => series.values.slice(first, end) as (number | null)[])];
  }
  const steps = shapingSteps(spec, first, end);
  const xs = new Float64Array(steps.length);
  for (let k = 0; k < steps.length; k++) xs[k] = steps[k]! + 1;
  const seriesAt = (values: readonly (number | null)[]) => {
    const picked = new Array<number | null>(steps.length);
    for (let k = 0; k < steps.length; k++) picked[k] = values[steps[k]!] ?? null;
    return picked;
  };
  return [xs, ...spec.series.map((series) => seriesAt(series.values))];
}

/** Of steps [first, end), per column the first step and each series' lowest, highest and first missing one, in order. */
function shapingSteps(spec: StepChartSpec, first: number, end: number): Uint32Array {
  const kept = new Uint8Array(end - first);
  const perColumn = (end - first) / CHART_COLUMNS;
  for (let column = 0; column < CHART_COLUMNS; column++) {
    const start = first + Math.floor(column * perColumn);
    const stop = column === CHART_COLUMNS - 1 ? end : first + Math.floor((column + 1) * perColumn);
    kept[start - first] = 1;
    for (const { values } of spec.series) {
      let low = -1;
      let high = -1;
      let missing = -1;
      for (let i = start; i < stop; i++) {
        const value = values[i] ?? null;
        if (value === null) {
          if (missing < 0) missing = i;
        } else {
          if (low < 0 || value < values[low]!) low = i;
          if (high < 0 || value > values[high]!) high = i;
        }
      }
      for (const step of [low, high, missing]) if (step >= 0) kept[step - first] = 1;
    }
  }
  kept[end - first - 1] = 1;
  let total = 0;
  for (const keep of kept) total += keep;
  const steps = new Uint32Array(total);
  for (let i = 0, k = 0; i < kept.length; i++) if (kept[i]) steps[k++] = first + i;
  return steps;
}

/** The step (0-based) of a point of the plot's data. */
export const stepOfPoint = (u: uPlot, index: number): number => (u.data[0][index] as number) - 1;

/**
 * When a long chart's x range changes (a zoom, or back out), its data is made again for the steps in
 * view, so a zoom shows every step once few are in view. Data made for a range holds its first and
 * last step: data that already spans the range (a new replay's, given whole) is kept.
 */
function dataForRange(current: () => StepChartSpec) {
  return (u: uPlot, scale: string) => {
    const spec = current();
    if (scale !== 'x' || spec.steps <= DRAWN_WHOLE) return;
    const { min, max } = u.scales.x!;
    if (min === undefined || max === undefined) return;
    // One step beyond each edge, so the lines reach them.
    const from = Math.max(0, Math.floor(min) - 2);
    const to = Math.min(spec.steps, Math.ceil(max) + 1);
    const xs = u.data[0];
    if (xs[0] === from + 1 && xs[xs.length - 1] === to) return;
    u.setData(chartData(spec, from, to), false);
  };
}

/** The condensations as dashed vertical lines under the series. */
function drawMarks(current: () => StepChartSpec, color: string) {
  return (u: uPlot) => {
    const { marks } = current();
    if (marks.length === 0) return;
    const { ctx, bbox } = u;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(1, devicePixelRatio);
    ctx.setLineDash([3 * devicePixelRatio, 3 * devicePixelRatio]);
    ctx.beginPath();
    // One line per pixel column (hundreds of condensations on a long log).
    const drawn = new Set<number>();
    for (const mark of marks) {
      const x = Math.round(u.valToPos(mark + 1, 'x', true));
      if (drawn.has(x) || x < bbox.left || x > bbox.left + bbox.width) continue;
      drawn.add(x);
      ctx.moveTo(x, bbox.top);
      ctx.lineTo(x, bbox.top + bbox.height);
    }
    ctx.stroke();
    ctx.restore();
  };
}

/** The steps that used lost facts: a small triangle pointing down at the top of the plot, over the step. */
function drawLostFacts(current: () => StepChartSpec, color: string) {
  return (u: uPlot) => {
    const { lostFacts } = current();
    if (!lostFacts?.some((count) => count > 0)) return;
    const { ctx, bbox } = u;
    const half = 4 * devicePixelRatio;
    ctx.save();
    ctx.fillStyle = color;
    ctx.beginPath();
    // One triangle per pixel column: a long log has thousands of such steps on a few hundred pixels.
    let drawnAt = Number.NaN;
    lostFacts.forEach((count, step) => {
      if (count === 0) return;
      const x = Math.round(u.valToPos(step + 1, 'x', true));
      if (x === drawnAt || x < bbox.left || x > bbox.left + bbox.width) return;
      drawnAt = x;
      ctx.moveTo(x - half, bbox.top);
      ctx.lineTo(x + half, bbox.top);
      ctx.lineTo(x, bbox.top + 1.6 * half);
      ctx.closePath();
    });
    ctx.fill();
    ctx.restore();
  };
}

/** uPlot's options for a spec: x in steps, a scale per unit (the first on the left, the second on the right). */
export function chartOptions(
  spec: StepChartSpec,
  size: { readonly width: number; readonly height: number },
  colors: ChartColors,
  callbacks: ChartCallbacks,
): uPlot.Options {
  const units = unitsOf(spec);
  const current = callbacks.current ?? (() => spec);
  const scales: uPlot.Scales = { x: { time: false } };
  for (const unit of units) scales[unit] = { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] };
  const axis = (unit: (typeof units)[number], side: 1 | 3): uPlot.Axis => ({
    scale: unit,
    side,
    label: UNIT_LABELS[unit],
    labelSize: 14,
    labelFont: FONT,
    font: FONT,
    size: 42,
    gap: 3,
    stroke: colors.text,
    values: (_u, splits) => splits.map((value) => tickLabel(unit, value)),
    grid: { show: side === 3, stroke: colors.grid, width: 1 },
    ticks: { show: false },
  });
  return {
    width: size.width,
    height: size.height,
    padding: [6, units.length > 1 ? 0 : 12, 0, 0],
    legend: { show: false },
    scales,
    cursor: {
      y: false,
      points: { size: 6 },
      drag: { x: true, y: false, dist: 8 },
    },
    series: [
      { label: 'step' },
      ...spec.series.map((series, i): uPlot.Series => ({
        label: series.label,
        scale: series.unit,
        stroke: colors.series[i] ?? colors.text,
        width: 1.5,
        ...(series.dashed ? { dash: [5, 3] } : {}),
        points: { show: false },
        spanGaps: false,
      })),
    ],
    axes: [
      {
        scale: 'x',
        label: 'step',
        labelSize: 14,
        labelFont: FONT,
        font: FONT,
        size: 22,
        gap: 2,
        stroke: colors.text,
        incrs: STEP_INCREMENTS,
        values: (_u, splits) => splits.map((value) => String(value)),
        grid: { show: false },
        ticks: { show: true, stroke: colors.grid, size: 3 },
      },
      ...(units[0] ? [axis(units[0], 3)] : []),
      ...(units[1] ? [axis(units[1], 1)] : []),
    ],
    hooks: {
      drawAxes: [drawMarks(current, colors.mark)],
      draw: [drawLostFacts(current, colors.lost)],
      setScale: [dataForRange(current)],
      setCursor: [
        (u) => {
          const over = u.cursor.left !== undefined && u.cursor.left >= 0 && u.cursor.idx != null;
          callbacks.onHover(over ? stepOfPoint(u, u.cursor.idx!) : null);
        },
      ],
    },
  };
}
