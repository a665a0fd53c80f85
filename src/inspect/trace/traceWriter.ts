import { type TraceEncoder, failureText } from '../flavor.ts';

/** What a trace step carries besides its view: messages, usage, quality... (written after the view, in order). */
export interface StepFigure<Step, View> {
  /** This step's fields; a failed step (no view) gets none. */
  step(step: Step, view: View): Readonly<Record<string, unknown>>;
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
  for (const key of Object.keys(fields)) if (fields[key] !== undefined) out += `,${JSON.stringify(key)}:${JSON.stringify(fields[key])}`;
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

  constructor(
    private readonly encoder: TraceEncoder<Step, View>,
    private readonly options: TraceWriterOptions<Step, View> = {},
  ) {
    this.figures = options.figures ?? [];
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
    if (failure || view === null) return `${head},"error":${JSON.stringify(failureText(failure) ?? 'the step has no view')}}`;
    const length = encoder.viewLength(view);
    let items: string;
    if (this.options.compact) {
      // Views mostly grow at their end or change near it: the first `keep` items of the previous view stay.
      const keep = this.previous === null ? 0 : encoder.sharedPrefix(this.previous, view);
      items = `"view_delta":{"keep":${keep},"add":[${encoder.itemsJson(view, keep, length).join(',')}]}`;
      this.previous = view;
    } else {
      items = `"view":[${encoder.itemsJson(view, 0, length).join(',')}]`;
    }
    const tokens = this.options.viewTokens ? `,"view_tokens":${encoder.viewTokens(step)}` : '';
    let figures = '';
    for (const figure of this.figures) figures += fieldsJson(figure.step(step, view));
    return `${head},${items},"unhandled_condensation_request":${encoder.unhandledCondensationRequest(step)}${tokens}${figures}}`;
  }

  /** The end of the trace, with the figures' run totals. */
  get end(): string {
    let totals = '';
    for (const figure of this.figures) if (figure.total) totals += fieldsJson(figure.total());
    return `]${totals}}\n`;
  }
}
