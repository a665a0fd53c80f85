import { type MouseEvent, useMemo } from 'react';
import { maxSizeOf } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import './chart.css';

const WIDTH = 600;
const HEIGHT = 150;
const PAD = { left: 36, right: 44, top: 10, bottom: 18 };

/**
 * The line through the values, at most two points per horizontal unit of the chart: the lowest and
 * highest value of each slice, so peaks and condensation drops survive on logs of many thousand steps.
 */
export function polyline(values: readonly number[], max: number): string {
  const n = values.length;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const point = (i: number, value: number) =>
    `${(PAD.left + (n <= 1 ? 0 : (i / (n - 1)) * plotW)).toFixed(1)},${(PAD.top + plotH - (max === 0 ? 0 : (value / max) * plotH)).toFixed(1)}`;
  if (n <= plotW * 2) return values.map((value, i) => point(i, value)).join(' ');
  const points: string[] = [];
  const perSlice = n / plotW;
  for (let slice = 0; slice < plotW; slice++) {
    const from = Math.floor(slice * perSlice);
    const to = Math.min(n, Math.floor((slice + 1) * perSlice));
    let low = from;
    let high = from;
    for (let i = from; i < to; i++) {
      if (values[i]! < values[low]!) low = i;
      if (values[i]! > values[high]!) high = i;
    }
    for (const i of low <= high ? [low, high] : [high, low]) points.push(point(i, values[i]!));
  }
  return points.join(' ');
}

/** View size per step, in events (and tokens once counted), with max_size and the condensations drawn in. */
export function ViewSizeChart() {
  const summary = useAppState((s) => s.summary);
  const step = useAppState((s) => s.step);
  // The settings the replay ran with: a value being typed (or refused) does not redraw the chart.
  const config = useAppState((s) => s.appliedConfig);
  const mode = useAppState((s) => s.mode);
  const { setStep } = useActions();
  const maxSize = mode === 'resimulate' ? maxSizeOf(config) : null;
  // Everything but the cursor depends on the replay alone: computed once per replay, not per step.
  const drawing = useMemo(() => {
    const steps = summary?.steps ?? [];
    const events = steps.map((s) => s.viewLength);
    const tokens = steps.map((s) => s.viewTokens);
    const peak = events.reduce((a, b) => Math.max(a, b), 0);
    const eventMax = Math.max(peak, 1, maxSize ?? 0);
    const tokenMax = tokens.reduce((a, b) => Math.max(a, b), 0);
    const condensed = steps.filter((s) => s.condensationIds.length > 0).map((s) => s.index);
    const x = (i: number) =>
      (PAD.left + (steps.length <= 1 ? 0 : (i / (steps.length - 1)) * (WIDTH - PAD.left - PAD.right))).toFixed(1);
    const condensedPath = condensed.map((i) => `M${x(i)} ${PAD.top}V${HEIGHT - PAD.bottom}`).join('');
    return {
      n: steps.length,
      peak,
      eventMax,
      tokenMax,
      condensed,
      condensedPath,
      eventPoints: polyline(events, eventMax),
      tokenPoints: tokenMax > 0 ? polyline(tokens, tokenMax) : '',
    };
  }, [summary, maxSize]);
  const { n, peak, eventMax, tokenMax, condensed } = drawing;
  if (n === 0) return null;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const xOf = (i: number) => PAD.left + (n <= 1 ? 0 : (i / (n - 1)) * plotW);
  const yOf = (value: number) => PAD.top + plotH - (value / eventMax) * plotH;

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    setStep(Math.round(((x - PAD.left) / plotW) * (n - 1)));
  };

  const description = `View size over ${n} steps: up to ${peak} events${tokenMax ? ` and ${tokenMax.toLocaleString('en-US')} tokens` : ''}; ${condensed.length} steps condensed${maxSize ? `; max_size ${maxSize}` : ''}.`;
  return (
    <figure className="chart">
      <figcaption>
        View size per step: <span className="legend events">events</span>
        {tokenMax > 0 && <span className="legend tokens">tokens</span>}
        {maxSize !== null && <span className="legend max">max_size {maxSize}</span>}
        <span className="legend condensed">condensation</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={description}
        onClick={onClick}
      >
        <title>{description}</title>
        <path className="condensed-mark" d={drawing.condensedPath} />
        {maxSize !== null && (
          <line className="max-line" x1={PAD.left} x2={PAD.left + plotW} y1={yOf(maxSize)} y2={yOf(maxSize)} />
        )}
        {tokenMax > 0 && <polyline className="tokens-line" points={drawing.tokenPoints} />}
        <polyline className="events-line" points={drawing.eventPoints} />
        <line className="cursor" x1={xOf(step)} x2={xOf(step)} y1={PAD.top} y2={PAD.top + plotH} />
        <text className="axis" x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">
          {eventMax}
        </text>
        <text className="axis" x={PAD.left - 4} y={PAD.top + plotH} textAnchor="end">
          0
        </text>
        {tokenMax > 0 && (
          <text className="axis tokens" x={WIDTH - PAD.right + 4} y={PAD.top + 8}>
            {tokenMax >= 1000 ? `${(tokenMax / 1000).toFixed(0)}k` : tokenMax}
          </text>
        )}
        <text className="axis" x={PAD.left} y={HEIGHT - 4}>
          step 1
        </text>
        <text className="axis" x={PAD.left + plotW} y={HEIGHT - 4} textAnchor="end">
          {n}
        </text>
      </svg>
    </figure>
  );
}
