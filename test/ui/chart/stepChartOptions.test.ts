import { describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';
import { CHART_COLUMNS, chartData, chartOptions } from '../../../src/ui/chart/stepChartOptions.ts';
import type { StepChartSpec } from '../../../src/ui/chart/stepChartSpec.ts';

const spec: StepChartSpec = {
  title: 'View size per step',
  description: '',
  steps: 3,
  marks: [1],
  series: [
    { label: 'events', unit: 'events', values: [3, 1, 2], color: '--chart-events' },
    { label: 'tokens', unit: 'tokens', values: [300, null, 250], color: '--chart-tokens', dashed: true },
  ],
};
const colors = { series: ['red', 'blue'], text: 'black', grid: 'gray', mark: 'silver', lost: 'purple' };

/** A plot 300 px wide where step x sits at 100·x − 100, and a canvas that notes where each path starts. */
function fakePlot() {
  const starts: number[] = [];
  const ctx = {
    save: () => {},
    restore: () => {},
    beginPath: () => {},
    closePath: () => {},
    stroke: () => {},
    setLineDash: () => {},
    fill: vi.fn(),
    moveTo: (x: number) => void starts.push(x),
    lineTo: () => {},
    fillStyle: '',
  };
  const u = { ctx, bbox: { left: 0, top: 0, width: 300, height: 100 }, valToPos: (x: number) => x * 100 - 100 };
  return { u, ctx, starts };
}

describe('chartOptions', () => {
  it('gives x the steps as shown (1-based) and keeps missing values missing', () => {
    const [xs, events, tokens] = chartData(spec);
    expect([...xs!]).toEqual([1, 2, 3]);
    expect(events).toEqual([3, 1, 2]);
    expect(tokens).toEqual([300, null, 250]);
  });

  it('labels the step axis and one axis per unit, each on its own scale starting at 0', () => {
    const options = chartOptions(spec, { width: 600, height: 100 }, colors, { onHover: () => undefined });
    expect(options.axes!.map((axis) => [axis.scale, axis.label, axis.side ?? 2])).toEqual([
      ['x', 'step', 2],
      ['events', 'events', 3],
      ['tokens', 'tokens', 1],
    ]);
    expect(options.series.slice(1).map((s) => [s.scale, s.stroke, s.dash ?? null])).toEqual([
      ['events', 'red', null],
      ['tokens', 'blue', [5, 3]],
    ]);
    const range = options.scales!.tokens!.range as uPlot.Range.Function;
    expect(range({} as uPlot, 250, 300, 'tokens')).toEqual([0, 324]);
    const ticks = options.axes![2]!.values as uPlot.Axis.DynamicValues;
    expect(ticks({} as uPlot, [0, 1500], 2, 0, 0)).toEqual(['0', '1.5k']);
  });

  it('tells the step under the pointer, and null once the pointer leaves', () => {
    const onHover = vi.fn();
    const hook = chartOptions(spec, { width: 600, height: 100 }, colors, { onHover }).hooks!.setCursor![0]!;
    const data = chartData(spec);
    hook({ cursor: { left: 40, idx: 2 }, data } as unknown as uPlot);
    hook({ cursor: { left: -10, idx: null }, data } as unknown as uPlot);
    expect(onHover.mock.calls).toEqual([[2], [null]]);
  });

  it('marks the steps that used lost facts at the top of the plot, one triangle each, none where nothing was lost', () => {
    const draw = (lostFacts: readonly number[]) => {
      const { u, ctx, starts: tips } = fakePlot();
      chartOptions({ ...spec, lostFacts }, { width: 300, height: 100 }, colors, { onHover: () => undefined }).hooks!
        .draw![0]!(u as unknown as uPlot);
      return { tips, fillStyle: ctx.fillStyle, filled: ctx.fill.mock.calls.length };
    };
    const half = 4 * devicePixelRatio;
    // Steps 1 and 3 (0-based 0 and 2) used lost facts: x at 0 and 200, each triangle starting half a width left.
    expect(draw([2, 0, 1])).toEqual({ tips: [0 - half, 200 - half], fillStyle: 'purple', filled: 1 });
    expect(draw([0, 0, 0])).toEqual({ tips: [], fillStyle: '', filled: 0 });
  });

  it('draws one triangle and one condensation line per pixel column, however many steps share it', () => {
    const { u, starts } = fakePlot();
    // 3,000 steps on 300 pixels: ten steps to a pixel.
    const crowded = { ...u, valToPos: (x: number) => (x - 1) / 10 };
    const many: StepChartSpec = {
      ...spec,
      steps: 3000,
      marks: Array.from({ length: 600 }, (_, k) => k * 5),
      lostFacts: Array.from({ length: 3000 }, (_, k) => k % 3),
    };
    const hooks = chartOptions(many, { width: 300, height: 100 }, colors, { onHover: () => undefined }).hooks!;
    hooks.drawAxes![0]!(crowded as unknown as uPlot);
    expect(starts).toEqual(Array.from({ length: 301 }, (_, x) => x));
    starts.length = 0;
    hooks.draw![0]!(crowded as unknown as uPlot);
    const half = 4 * devicePixelRatio;
    expect(starts).toEqual(Array.from({ length: 301 }, (_, x) => x - half));
  });

  it('draws the marks of the spec it is given now, so a kept plot shows a new replay’s condensations', () => {
    let current: StepChartSpec = spec;
    const { u, starts: lines } = fakePlot();
    const hook = chartOptions(spec, { width: 300, height: 100 }, colors, {
      onHover: () => undefined,
      current: () => current,
    }).hooks!.drawAxes![0]!;
    hook(u as unknown as uPlot);
    current = { ...spec, marks: [0, 2] };
    hook(u as unknown as uPlot);
    expect(lines).toEqual([100, 0, 200]);
  });
});

describe('chartData of a long replay', () => {
  const STEPS = 100_000;
  const events = Array.from({ length: STEPS }, (_, i) => 50 + (i % 37));
  events[54_321] = 900;
  events[12_345] = 1;
  const cost = Array.from({ length: STEPS }, (_, i): number | null => (i === 77_777 ? null : i / 10));
  const long: StepChartSpec = {
    ...spec,
    steps: STEPS,
    series: [
      { label: 'events', unit: 'events', values: events, color: '--chart-events' },
      { label: 'tokens', unit: 'tokens', values: cost, color: '--chart-tokens' },
    ],
  };

  it('keeps per column the steps that shape each series: peaks, dips, a missing value, both ends', () => {
    const [xs, eventsDrawn, costDrawn] = chartData(long);
    const steps = [...xs!].map((x) => x - 1);
    expect(steps.length).toBeLessThanOrEqual(CHART_COLUMNS * 7 + 1);
    expect(steps.length).toBeGreaterThanOrEqual(CHART_COLUMNS);
    expect(steps[0]).toBe(0);
    expect(steps.at(-1)).toBe(STEPS - 1);
    expect(steps.every((step, k) => k === 0 || step > steps[k - 1]!)).toBe(true);
    expect(steps).toEqual(expect.arrayContaining([54_321, 12_345, 77_777]));
    // Every point is the step's own value, a missing one still missing (a gap in the line).
    expect(eventsDrawn).toEqual(steps.map((step) => events[step]));
    expect(costDrawn).toEqual(steps.map((step) => cost[step]));
    expect(costDrawn![steps.indexOf(77_777)]).toBeNull();
  });

  it('gives every step of a zoomed-in range, and the range’s shaping steps when it is still long', () => {
    const [xs, eventsDrawn] = chartData(long, 50_000, 50_100);
    expect([...xs!]).toEqual(Array.from({ length: 100 }, (_, k) => 50_001 + k));
    expect(eventsDrawn).toEqual(events.slice(50_000, 50_100));
    const [wide] = chartData(long, 10_000, 90_000);
    expect(wide![0]).toBe(10_001);
    expect(wide!.at(-1)).toBe(90_000);
    expect(wide!.length).toBeLessThan(80_000 / 5);
  });

  it('makes the data again for the steps in view when the x range of a long chart changes, once per range', () => {
    const options = chartOptions(long, { width: 600, height: 100 }, colors, { onHover: () => undefined });
    const onScale = options.hooks!.setScale![0]!;
    // One plot: the data set is the data it holds from then on.
    const held = { scales: { x: { min: 0, max: 0 } }, data: [[1]] as uPlot.AlignedData, setData: vi.fn() };
    held.setData.mockImplementation((data: uPlot.AlignedData) => (held.data = data));
    const { setData } = held;
    const plot = (min: number, max: number) => {
      held.scales.x = { min, max };
      return held as unknown as uPlot;
    };
    onScale(plot(50_001, 50_100), 'x');
    onScale(plot(50_001, 50_100), 'x');
    onScale(plot(50_001, 50_100), 'events');
    expect(setData).toHaveBeenCalledTimes(1);
    const [data, resetScales] = setData.mock.calls[0]!;
    expect(resetScales).toBe(false);
    // One step beyond each edge of steps 50,001–50,100 (as shown).
    expect(data[0][0]).toBe(50_000);
    expect(data[0].at(-1)).toBe(50_101);
    onScale(plot(1, STEPS), 'x');
    expect(setData).toHaveBeenCalledTimes(2);
    // A short chart keeps the data it was given.
    const short = chartOptions(spec, { width: 600, height: 100 }, colors, { onHover: () => undefined });
    short.hooks!.setScale![0]!(plot(1, 2), 'x');
    expect(setData).toHaveBeenCalledTimes(2);
  });
});
