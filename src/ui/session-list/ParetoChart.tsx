import type { KeyboardEvent } from 'react';
import { formatCost, formatCount } from '../shared/format.ts';
import { type ConfigPoint, type PlacedPoint, paretoFrontier, placed } from './sweepFrontier.ts';
import './ParetoChart.css';

const WIDTH = 640;
const HEIGHT = 300;
const MARGIN = { left: 56, right: 16, top: 12, bottom: 40 };
const TICKS = 4;

/** Round ticks (steps of 1, 2 or 5 times a power of ten) from at or below `min` to at or past `max`. */
function ticks(min: number, max: number): number[] {
  const span = max - min || Math.abs(max) || 1;
  const raw = span / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * power).find((candidate) => candidate >= raw)!;
  const out: number[] = [];
  for (let k = Math.floor(min / step); out.length < 2 || out.at(-1)! < max; k++)
    out.push(Number((k * step).toPrecision(12)));
  return out;
}

const rank = (point: PlacedPoint, frontier: readonly PlacedPoint[]) =>
  point.recorded ? 2 : frontier.includes(point) ? 1 : 0;

const pointLabel = (point: PlacedPoint, onFrontier: boolean) =>
  `${point.name}: ${formatCost(point.cost)}, ${formatCount(point.missingFacts)} missing facts` +
  `${point.recorded ? ', the recorded run' : ''}${onFrontier ? ', on the frontier' : ''}`;

/**
 * The cost–quality frontier of a sweep (issue 19): each configuration's estimated dollars against the
 * facts its views lost that the agent used, the Pareto frontier drawn through the ones nothing beats,
 * the recorded run marked. A point opens its configuration. A plain SVG: uPlot is not on main yet.
 */
export function ParetoChart({
  points,
  onOpen,
}: {
  readonly points: readonly ConfigPoint[];
  readonly onOpen: (row: number) => void;
}) {
  const shown = placed(points);
  const left = points.filter((point) => !shown.includes(point as PlacedPoint));
  if (shown.length === 0)
    return (
      <p className="pareto-empty">
        No configuration has both an estimated cost and a missing-facts count, so there is no frontier to draw (a sweep
        written before missing facts were counted has none).
      </p>
    );
  const frontier = paretoFrontier(shown);
  // Dollars from near the cheapest (the spread matters), missing facts from 0 (none lost is the goal).
  let [cheapest, dearest, mostMissing] = [Infinity, -Infinity, 1];
  for (const { cost, missingFacts } of shown) {
    cheapest = Math.min(cheapest, cost);
    dearest = Math.max(dearest, cost);
    mostMissing = Math.max(mostMissing, missingFacts);
  }
  const xTicks = ticks(cheapest, dearest);
  const yTicks = ticks(0, mostMissing);
  const [xMin, xMax, yMax] = [xTicks[0]!, xTicks.at(-1)!, yTicks.at(-1)!];
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (cost: number) => MARGIN.left + ((cost - xMin) / (xMax - xMin)) * plotWidth;
  const y = (missing: number) => MARGIN.top + plotHeight - (missing / yMax) * plotHeight;
  // A staircase: from each frontier point, as many facts lost until the next one is reached.
  const stairs = frontier
    .map((point, k) => {
      const here = `${x(point.cost)},${y(point.missingFacts)}`;
      const next = frontier[k + 1];
      return next ? `${here} ${x(next.cost)},${y(point.missingFacts)}` : here;
    })
    .join(' ');
  const open = (point: PlacedPoint) => onOpen(point.row);
  const onKey = (event: KeyboardEvent, point: PlacedPoint) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open(point);
  };
  return (
    <figure className="pareto">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="group"
        aria-label="Estimated dollars against missing facts, one point per configuration"
      >
        {xTicks.map((tick) => (
          <g key={`x${tick}`} className="pareto-tick">
            <line x1={x(tick)} x2={x(tick)} y1={MARGIN.top} y2={MARGIN.top + plotHeight} />
            <text x={x(tick)} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
              {formatCost(tick)}
            </text>
          </g>
        ))}
        {yTicks.map((tick) => (
          <g key={`y${tick}`} className="pareto-tick">
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text x={MARGIN.left - 6} y={y(tick) + 4} textAnchor="end">
              {formatCount(tick)}
            </text>
          </g>
        ))}
        <text className="pareto-axis" x={MARGIN.left + plotWidth / 2} y={HEIGHT - 6} textAnchor="middle">
          Estimated dollars (with cache)
        </text>
        <text
          className="pareto-axis"
          transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          Missing facts
        </text>
        <polyline className="pareto-frontier" points={stairs} />
        {/* Drawn last on top: the frontier, then the recorded run. */}
        {[...shown]
          .sort((a, b) => rank(a, frontier) - rank(b, frontier))
          .map((point) => {
            const onFrontier = frontier.includes(point);
            const [cx, cy] = [x(point.cost), y(point.missingFacts)];
            return (
              <g
                key={point.name}
                className={`pareto-point${onFrontier ? ' frontier' : ''}${point.recorded ? ' recorded' : ''}`}
                role="button"
                tabIndex={0}
                aria-label={`Open ${pointLabel(point, onFrontier)}`}
                data-config={point.name}
                data-cost={point.cost}
                data-missing-facts={point.missingFacts}
                onClick={() => open(point)}
                onKeyDown={(event) => onKey(event, point)}
              >
                <title>{pointLabel(point, onFrontier)}</title>
                {point.recorded ? (
                  <rect x={cx - 7} y={cy - 7} width={14} height={14} transform={`rotate(45 ${cx} ${cy})`} />
                ) : (
                  <circle cx={cx} cy={cy} r={5} />
                )}
              </g>
            );
          })}
      </svg>
      <figcaption>
        <span className="pareto-key frontier">●</span> on the frontier (nothing is cheaper and loses fewer facts){' '}
        <span className="pareto-key">●</span> beaten <span className="pareto-key recorded">◆</span> the recorded run
        {points.some((point) => point.recorded) ? '' : ' (not in this sweep: add --config recorded)'}. Click a point to
        open its configuration.
        {left.length > 0 && (
          <> Not placed (no estimated cost or no missing-facts count): {left.map((point) => point.name).join(', ')}.</>
        )}
      </figcaption>
    </figure>
  );
}
