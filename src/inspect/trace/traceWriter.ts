import { type TraceEncoder, failureText } from '../flavor.ts';

/** What a trace step carries besides its view: messages, usage, quality... (written after the view, in order). */
export interface StepFigure<Step, View> {
  /** True when the figure reads the view as a change from the previous step's (`keep`). */
  readonly usesDelta?: boolean;
  /**
   * This step's fields; a failed step (no view) gets none. `keep`: how many first items of the
   * previous step's view this view shares (0 unless some figure usesDelta, or the trace is compact).
   */
  step(step: Step, view: View, keep: number): Readonly<Record<string, unknown>>;
  /**
   * The same step's fields already as JSON text (`,"name":value` for each), which the writer takes
   * instead of step()'s: a figure on every step of a long log then skips building objects to encode.
   */
  stepJson?(step: Step, view: View, keep: number): string;
  /** Top-level fields written after the steps, once the replay is over. */
  total?(): Readonly<Record<string, unknown>>;
}

export interface TraceWriterOptions<Step, View> {
  /** Each step's view as a difference from the previous one (`view_delta`), so the trace grows with the log, not its square. */
  readonly compact?: boolean;
  /** Each step's token count (`view_tokens`). */
  readonly viewTokens?: boolean;
  readonly figures?: readonly StepFigure<Step, View>[];
}

const fieldsJson = (fields: Readonly<Record<string, unknown>>) => {
  let out = '';
  for (const key of Object.keys(fields))
    if (fields[key] !== undefined) out += `,${JSON.stringify(key)}:${JSON.stringify(fields[key])}`;
  return out;
};

/**
 * Writes the replay trace (spec/replay.md §6) of either engine as JSON text, a step at a time, so a long
 * trace is never held in memory: `start`, then `step` for each step in order, then `end`.
 */
export class TraceWriter<Step, View> {
  private count = 0;
  /** The view of the last step that had one, for `view_delta`. */
  private previous: View | null = null;
  private readonly figures: readonly StepFigure<Step, View>[];
  private readonly deltas: boolean;

  constructor(
    private readonly encoder: TraceEncoder<Step, View>,
    private readonly options: TraceWriterOptions<Step, View> = {},
  ) {
    this.figures = options.figures ?? [];
    this.deltas = Boolean(options.compact) || this.figures.some((figure) => figure.usesDelta);
  }

  get start(): string {
    return this.options.compact ? '{"format":"compact","steps":[' : '{"steps":[';
  }

  /** One step, with the view it handed the agent (null for a failed step). */
  step(step: Step, view: View | null): string {
    const { encoder } = this;
    const separator = this.count++ ? ',' : '';
    const head = `${separator}{"before_event_id":${encoder.beforeEventIdJson(step)},"condensations":${encoder.condensationsJson(step)}`;
    const failure = encoder.failure(step);
    if (failure || view === null)
      return `${head},"error":${JSON.stringify(failureText(failure) ?? 'the step has no view')}}`;
    const length = encoder.viewLength(view);
    // Views mostly grow at their end or change near it: the first `keep` items of the previous view stay.
    let keep = 0;
    if (this.deltas) {
      keep = this.previous === null ? 0 : encoder.sharedPrefix(this.previous, view);
      this.previous = view;
    }
    const items = this.options.compact
      ? `"view_delta":{"keep":${keep},"add":[${encoder.itemsJson(view, keep, length).join(',')}]}`
      : `"view":[${encoder.itemsJson(view, 0, length).join(',')}]`;
    const tokens = this.options.viewTokens ? `,"view_tokens":${encoder.viewTokens(step)}` : '';
    let figures = '';
    for (const figure of this.figures)
      figures += figure.stepJson ? figure.stepJson(step, view, keep) : fieldsJson(figure.step(step, view, keep));
    return `${head},${items},"unhandled_condensation_request":${encoder.unhandledCondensationRequest(step)}${tokens}${figures}}`;
  }

  /** The end of the trace, with the figures' run totals. */
  get end(): string {
    let totals = '';
    for (const figure of this.figures) if (figure.total) totals += fieldsJson(figure.total());
    return `]${totals}}\n`;
  }
}
