/**
 * recorded ≈ slope · ours + intercept: the provider's tokenizer is not ours, and the tool schemas are
 * sent in the provider's own format, but on real logs the relation is a straight line. Fitted by least
 * squares, online, so that an estimate can be made from earlier steps only.
 */
export interface LinearMap {
  readonly slope: number;
  readonly intercept: number;
}

export const IDENTITY_MAP: LinearMap = { slope: 1, intercept: 0 };

export function applyMap(map: LinearMap, ours: number): number {
  return Math.max(0, Math.round(map.slope * ours + map.intercept));
}

export class OnlineLinearFit {
  private n = 0;
  private sumX = 0;
  private sumY = 0;
  private sumXX = 0;
  private sumXY = 0;

  get count(): number {
    return this.n;
  }

  add(x: number, y: number): void {
    this.n++;
    this.sumX += x;
    this.sumY += y;
    this.sumXX += x * x;
    this.sumXY += x * y;
  }

  /** The fit so far: none yet is the identity; one point, or points all alike, shift by the mean difference. */
  map(): LinearMap {
    if (this.n === 0) return IDENTITY_MAP;
    const meanX = this.sumX / this.n;
    const meanY = this.sumY / this.n;
    const varianceX = this.sumXX / this.n - meanX * meanX;
    // Points that barely differ in x say nothing about the slope.
    if (this.n < 2 || varianceX <= 1e-9 * Math.max(1, meanX * meanX)) return { slope: 1, intercept: meanY - meanX };
    const slope = (this.sumXY / this.n - meanX * meanY) / varianceX;
    return { slope, intercept: meanY - slope * meanX };
  }
}
