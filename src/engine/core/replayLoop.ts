import type { LlmAnswer, LlmWork } from './llm.ts';
import { MAX_CONDENSER_CALLS_PER_STEP, type ReplayFailure } from './steps.ts';

/** The condenser as the loop drives it, whatever the engine. */
export interface LoopCondenser<View, Condensation> {
  condense(view: View): LlmWork<View | Condensation>;
  isCondensation(result: View | Condensation): result is Condensation;
  /** The view `condense` would hand on, when that is known without condensing or asking an LLM; else null. */
  passThrough?(view: View): View | null;
}

/** The agent's history as the loop drives it: its view now, and what enters it. */
export interface LoopHistory<Event, View, Condensation, Made> {
  view(): View;
  append(event: Event): void;
  /** Appends a condensation the condenser made at step `stepIndex`; what the step records of it. May throw as OpenHands would. */
  condensed(condensation: Condensation, stepIndex: number, llmCall: number | null): Made;
}

const NO_CONDENSATIONS: readonly never[] = Object.freeze([]);

/** What one step came to. */
export interface LoopStep<View, Made> {
  readonly index: number;
  readonly eventIndex: number;
  /** The view the agent got; null when the step failed. */
  readonly view: View | null;
  /** The history's own view at the step's last condenser call (the condenser's input); null when the step failed. */
  readonly base: View | null;
  readonly condensations: readonly Made[];
  readonly failure: ReplayFailure | null;
}

export interface LoopInput<Event, View, Condensation, Made> {
  readonly events: readonly Event[];
  /** stepBefore[i] = 1 when an agent LLM call happens just before events[i]. */
  readonly stepBefore: Uint8Array;
  /** inHistory[i] = 1 when events[i] enters the agent's history. */
  readonly inHistory: Uint8Array;
  readonly history: LoopHistory<Event, View, Condensation, Made>;
  /** Null as recorded: the history's own view is the agent's. */
  readonly condenser: LoopCondenser<View, Condensation> | null;
  /** What a thrown error means at a step; `fromLlm` when an LLM call raised it. */
  readonly failureOf: (error: unknown, fromLlm: boolean) => ReplayFailure;
  /** Who keeps condensing when the condenser never hands a view ("OpenHands", "the SDK agent"). */
  readonly agent: string;
  readonly onStep: (step: LoopStep<View, Made>) => void;
}

/**
 * The agent loop both engines replay: walks the log in order and, just before each agent LLM call,
 * asks the condenser for the view; a condensation is appended to the history and the condenser asked
 * again (at most MAX_CONDENSER_CALLS_PER_STEP times). A failing step is the last one, as the agent
 * would enter its ERROR state. Yields the condensers' LLM requests; returns how many were answered.
 */
export function* replayLoop<Event, View, Condensation, Made>(
  input: LoopInput<Event, View, Condensation, Made>,
): LlmWork<number> {
  const { events, stepBefore, inHistory, history, condenser } = input;
  let llmCalls = 0;
  let steps = 0;
  for (let eventIndex = 0; eventIndex < events.length; eventIndex++) {
    if (stepBefore[eventIndex]) {
      const index = steps++;
      // Most steps condense nothing: they share one empty list (a replay keeps every step's).
      let condensations: Made[] | null = null;
      let base: View | null = null;
      let view: View | null = null;
      let failure: ReplayFailure | null = null;
      let llmError: unknown = undefined;
      try {
        for (let call = 0; call < MAX_CONDENSER_CALLS_PER_STEP && view === null; call++) {
          base = history.view();
          if (!condenser) {
            view = base;
            break;
          }
          const direct = condenser.passThrough?.(base) ?? null;
          if (direct) {
            view = direct;
            break;
          }
          const callsBefore = llmCalls;
          const work = condenser.condense(base);
          let next = work.next();
          while (!next.done) {
            let answer: LlmAnswer;
            try {
              answer = yield next.value;
            } catch (error) {
              // A failed call goes back into the condenser, which may retry (the SDK's hard reset does).
              llmError = error;
              llmCalls++;
              next = work.throw(error);
              continue;
            }
            llmCalls++;
            next = work.next(answer);
          }
          const result = next.value;
          if (!condenser.isCondensation(result)) {
            view = result;
            break;
          }
          (condensations ??= []).push(history.condensed(result, index, llmCalls > callsBefore ? llmCalls - 1 : null));
        }
        if (view === null) {
          failure = {
            kind: 'loop',
            message: `The condenser condensed ${MAX_CONDENSER_CALLS_PER_STEP} times in a row at this step without handing the agent a view; ${input.agent} would keep condensing, one agent step each. The replay stops here.`,
            pythonError: null,
          };
        }
      } catch (error) {
        failure = input.failureOf(error, error === llmError);
      }
      input.onStep({
        index,
        eventIndex,
        view: failure ? null : view,
        base: failure ? null : base,
        condensations: condensations ?? NO_CONDENSATIONS,
        failure,
      });
      if (failure) break;
    }
    if (inHistory[eventIndex]) history.append(events[eventIndex]!);
  }
  return llmCalls;
}
