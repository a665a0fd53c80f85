import type { LifeLane } from '../../store/index.ts';

interface Props {
  readonly life: Pick<LifeLane, 'inView' | 'masked'>;
  readonly steps: number;
  /** The steps a condensation ran before: drawn as cuts. */
  readonly cuts: readonly number[];
  /** The step shown now, marked; null for none. */
  readonly current: number | null;
  readonly label: string;
}

/** One event's steps as a strip: in view, masked, and the condensations as cuts (one unit per step). */
export function LifeStrip({ life, steps, cuts, current, label }: Props) {
  const width = Math.max(1, steps);
  return (
    <svg className="life-strip" viewBox={`0 0 ${width} 10`} preserveAspectRatio="none" role="img" aria-label={label}>
      {life.inView.map(([from, to]) => (
        <rect key={`v${from}`} className="life-in-view" x={from} y={2} width={to - from} height={6} />
      ))}
      {life.masked.map(([from, to]) => (
        <rect key={`m${from}`} className="life-masked" x={from} y={2} width={to - from} height={6} />
      ))}
      {cuts.map((step) => (
        <line key={`c${step}`} className="life-cut" x1={step} x2={step} y1={0} y2={10} />
      ))}
      {current !== null && <line className="life-current" x1={current + 0.5} x2={current + 0.5} y1={0} y2={10} />}
    </svg>
  );
}

/** Runs of 0-based steps [from, to) as the app numbers steps (1-based, inclusive): "steps 3–39, 41". */
export function stepRuns(runs: ReadonlyArray<readonly [number, number]>): string {
  const parts = runs.map(([from, to]) => (to - from === 1 ? `${from + 1}` : `${from + 1}–${to}`));
  const one = runs.length === 1 && runs[0]![1] - runs[0]![0] === 1;
  return `${one ? 'step' : 'steps'} ${parts.join(', ')}`;
}
