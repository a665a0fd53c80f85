import { type MouseEvent, useMemo } from 'react';
import { formatDollars, pricesFor, stepCost } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { polyline } from './ViewSizeChart.tsx';
import './chart.css';

const WIDTH = 600;
const HEIGHT = 150;
const PAD = { left: 36, right: 44, top: 10, bottom: 18 };

/** Recorded values exist only for some steps: the line skips the others. */
function withGaps(values: ReadonlyArray<number | null>): number[] {
  let last = 0;
  return values.map((value) => (value === null ? last : (last = value)));
}

const kilo = (value: number) => (value >= 1000 ? `${Math.round(value / 1000)}k` : String(value));

/** Per step: estimated and recorded prompt tokens and cache reads, and the run's cost so far. */
export function UsageChart() {
  const usage = useAppState((s) => s.usage);
  const summary = useAppState((s) => s.summary);
  const step = useAppState((s) => s.step);
  const overrides = useAppState((s) => s.prices);
  const progress = useAppState((s) => s.usageProgress);
  const { setStep } = useActions();
  const drawing = useMemo(() => {
    if (!usage || usage.error || usage.steps.length === 0) return null;
    const steps = usage.steps;
    const prices = pricesFor(usage.model, overrides)?.prices ?? null;
    const estimated = steps.map((s) => s.estimate?.promptTokens ?? 0);
    const hasRecorded = steps.some((s) => s.recorded);
    const recorded = withGaps(steps.map((s) => s.recorded?.promptTokens ?? null));
    const reads = steps.map((s) => s.estimate?.cacheReadTokens ?? 0);
    const recordedReads = withGaps(steps.map((s) => s.recorded?.cacheReadTokens ?? null));
    const tokenMax = Math.max(1, ...estimated, ...(hasRecorded ? recorded : []));
    let running = 0;
    const cumulative = prices ? steps.map((s) => (running += stepCost(s, prices).estimated ?? 0)) : [];
    const condensed = (summary?.condensations ?? []).map((c) => c.stepIndex);
    const x = (i: number) =>
      (PAD.left + (steps.length <= 1 ? 0 : (i / (steps.length - 1)) * (WIDTH - PAD.left - PAD.right))).toFixed(1);
    return {
      n: steps.length,
      tokenMax,
      hasRecorded,
      cost: running,
      estimated: polyline(estimated, tokenMax),
      recorded: hasRecorded ? polyline(recorded, tokenMax) : '',
      reads: polyline(reads, tokenMax),
      recordedReads: hasRecorded ? polyline(recordedReads, tokenMax) : '',
      cumulative: prices && running > 0 ? polyline(cumulative, running) : '',
      condensedPath: condensed.map((i) => `M${x(i)} ${PAD.top}V${HEIGHT - PAD.bottom}`).join(''),
    };
  }, [usage, summary, overrides]);
  if (!usage)
    return progress ? (
      <p className="muted chart-note">
        Estimating usage: step {progress.done} of {progress.total}…
      </p>
    ) : null;
  if (usage.error) return <p className="muted chart-note">{usage.error}</p>;
  if (!drawing) return null;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const cursorX = PAD.left + (drawing.n <= 1 ? 0 : (step / (drawing.n - 1)) * plotW);
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const xPos = ((event.clientX - box.left) / box.width) * WIDTH;
    setStep(Math.round(((xPos - PAD.left) / plotW) * (drawing.n - 1)));
  };
  const description = `Prompt tokens per step, estimated${drawing.hasRecorded ? ' and recorded' : ''}, with cache reads; up to ${drawing.tokenMax.toLocaleString('en-US')} tokens${drawing.cumulative ? `; the run costs about ${formatDollars(drawing.cost)}` : ''}.`;
  return (
    <figure className="chart usage-chart">
      <figcaption>
        Prompt per step: <span className="legend prompt">estimated</span>
        {drawing.hasRecorded && <span className="legend prompt-recorded">recorded</span>}
        <span className="legend reads">cache read</span>
        {drawing.hasRecorded && <span className="legend reads-recorded">recorded read</span>}
        {drawing.cumulative && <span className="legend cost">cost so far ({formatDollars(drawing.cost)})</span>}
        <span className="muted">
          {usage.calibration === 'earlier-steps'
            ? 'each step estimated from the steps before it'
            : 'calibrated on the whole log'}
        </span>
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
        <polyline className="prompt-line" points={drawing.estimated} />
        {drawing.recorded && <polyline className="prompt-recorded-line" points={drawing.recorded} />}
        <polyline className="reads-line" points={drawing.reads} />
        {drawing.recordedReads && <polyline className="reads-recorded-line" points={drawing.recordedReads} />}
        {drawing.cumulative && <polyline className="cost-line" points={drawing.cumulative} />}
        <line className="cursor" x1={cursorX} x2={cursorX} y1={PAD.top} y2={PAD.top + plotH} />
        <text className="axis" x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">
          {kilo(drawing.tokenMax)}
        </text>
        <text className="axis" x={PAD.left - 4} y={PAD.top + plotH} textAnchor="end">
          0
        </text>
        {drawing.cumulative && (
          <text className="axis cost" x={WIDTH - PAD.right + 4} y={PAD.top + 8}>
            {formatDollars(drawing.cost)}
          </text>
        )}
      </svg>
    </figure>
  );
}
