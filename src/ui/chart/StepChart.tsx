import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './charts.css';
import { ChartLegend } from './ChartLegend.tsx';
import { chartData, chartOptions, stepOfPoint } from './stepChartOptions.ts';
import type { StepChartSpec } from './stepChartSpec.ts';
import { resolveColors, useColorScheme } from './useColorScheme.ts';

interface Props {
  readonly spec: StepChartSpec;
  /** The current step (0-based): a cursor line, and the legend's figures when the pointer is elsewhere. */
  readonly step: number;
  /** A click on the plot moves the step there. */
  readonly onStep: (step: number) => void;
  /** Plot and axes, in CSS pixels. */
  readonly height: number;
  readonly className?: string;
}

/** Where the current step's line goes: over the plot, moved without redrawing the canvas. */
function placeCursor(plot: uPlot, cursor: HTMLElement, step: number): void {
  const left = plot.valToPos(step + 1, 'x');
  // The plot's width from uPlot's own geometry (canvas pixels): reading the element's would force a layout.
  const inside = Number.isFinite(left) && left >= 0 && left <= plot.bbox.width / uPlot.pxRatio + 0.5;
  cursor.style.display = inside ? '' : 'none';
  cursor.style.transform = `translateX(${Math.round(left)}px)`;
}

/**
 * A chart of figures per step (uPlot, on a canvas): labelled axes with units, a scale per unit, the
 * condensations marked, the current step's line, the figures of the step under the pointer, a click
 * to go to a step and a drag to zoom in (double-click zooms out).
 */
export function StepChart({ spec, step, onStep, height, className }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const cursor = useRef<HTMLDivElement | null>(null);
  const plot = useRef<uPlot | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const scheme = useColorScheme();
  const stepNow = useRef(step);
  const onStepNow = useRef(onStep);
  const specNow = useRef(spec);
  /** The spec whose data the plot holds. */
  const plotted = useRef<StepChartSpec | null>(null);
  useEffect(() => {
    stepNow.current = step;
    onStepNow.current = onStep;
    specNow.current = spec;
  });
  // The plot is built again only when its lines or axes change; a new replay's figures are new data for
  // the same plot (building one resolves every colour from the page's styles, which costs a full style pass).
  const shape = useMemo(
    () =>
      JSON.stringify([
        spec.steps > 0,
        spec.series.map(({ label, unit, color, dashed }) => [label, unit, color, dashed]),
      ]),
    [spec],
  );

  useEffect(() => {
    const element = box.current;
    const spec = specNow.current;
    if (!element || spec.steps === 0) return;
    const [text, grid, mark, lost, ...series] = resolveColors(element, [
      '--muted',
      '--border',
      '--chart-condensed',
      '--chart-lost',
      ...spec.series.map((line) => line.color),
    ]);
    const colors = { series, text: text!, grid: grid!, mark: mark!, lost: lost! };
    const marker = document.createElement('div');
    marker.className = 'step-cursor';
    const options = chartOptions(spec, { width: Math.max(200, element.clientWidth), height }, colors, {
      onHover: setHovered,
      current: () => specNow.current,
    });
    options.hooks!.draw = [...(options.hooks!.draw ?? []), (u) => placeCursor(u, marker, stepNow.current)];
    const chart = new uPlot(options, chartData(spec), element);
    plotted.current = spec;
    chart.over.append(marker);
    cursor.current = marker;
    plot.current = chart;
    const click = () => {
      if (chart.cursor.idx != null) onStepNow.current(stepOfPoint(chart, chart.cursor.idx));
    };
    chart.over.addEventListener('click', click);
    const resize = new ResizeObserver(() => {
      if (element.clientWidth > 0 && element.clientWidth !== chart.width)
        chart.setSize({ width: element.clientWidth, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.over.removeEventListener('click', click);
      chart.destroy();
      plot.current = null;
      plotted.current = null;
      cursor.current = null;
      setHovered(null);
    };
  }, [shape, height, scheme]);

  useEffect(() => {
    const chart = plot.current;
    if (!chart || plotted.current === spec) return;
    plotted.current = spec;
    chart.setData(chartData(spec));
  }, [spec]);

  useEffect(() => {
    if (plot.current && cursor.current) placeCursor(plot.current, cursor.current, step);
  }, [step]);

  if (spec.steps === 0) return null;
  return (
    <figure className={`chart step-chart ${className ?? ''}`}>
      <figcaption>
        <span className="chart-title" title={spec.title}>
          {spec.title}
        </span>
        <ChartLegend spec={spec} step={hovered ?? step} hovered={hovered !== null} />
      </figcaption>
      <div ref={box} className="chart-plot" role="img" aria-label={spec.description} />
    </figure>
  );
}
