import { type AnswerLlm, type LlmAnswer, type LlmRequest, placeholderAnswer, requestKey } from '../engine/index.ts';
import { type RecordedBill, callsByEvent } from '../formats/index.ts';

/**
 * The log's own summaries as answers to a re-simulation's summarizer calls. A recorded summary answers a
 * request only when the request's condensation forgets exactly the events the recorded one forgot: a
 * summary of other events would put words in the model's mouth it never read.
 */
/** A recorded condensation's summary, keyed by what it forgot, with its condenser call's usage where the log recorded it. */
export interface RecordedSummary {
  readonly key: string;
  readonly summary: string;
  readonly usage?: LlmAnswer['usage'];
}

export class LogSummaries {
  private readonly byForgotten = new Map<string, LlmAnswer>();

  /**
   * `recorded`: each recorded condensation's key of forgotten events and its summary. `keyOf` gives a
   * request's key (LlmRequest.forgets) in the same terms; each engine knows what "the same events" means.
   * `eventKey` names an event so that the replay's Nth condensation and the log's Nth are one event.
   */
  constructor(
    recorded: readonly RecordedSummary[],
    private readonly keyOf: (forgets: readonly (number | string)[]) => string,
    readonly eventKey: (id: number | string) => string = String,
  ) {
    for (const { key, summary, usage } of recorded)
      if (!this.byForgotten.has(key))
        this.byForgotten.set(key, usage ? { content: summary, usage } : { content: summary });
  }

  get size(): number {
    return this.byForgotten.size;
  }

  /**
   * The recorded summary of exactly the events this request covers, with the recorded call's usage; null for
   * anything else.
   */
  answer(request: LlmRequest): LlmAnswer | null {
    // Only a plain summarizer's answer is a summary text; a structured one is a tool call.
    if (request.condenser !== 'llm' || !request.forgets) return null;
    return this.byForgotten.get(this.keyOf(request.forgets)) ?? null;
  }
}

/** What a replay answered from the log's summaries: the answers by request key, and how many calls they covered. */
export interface LogSummaryUse {
  readonly answers: Record<string, LlmAnswer>;
  /** Summarizer calls the log's summaries answered, and all the replay's LLM calls. */
  matched: number;
  calls: number;
}

/**
 * Answers each call from the log's summaries where one forgot the same events, and with a placeholder
 * (not kept) where none did, so the replay goes on to the calls after it; `use` collects what matched.
 */
export function logSummaryAnswers(summaries: LogSummaries, use: LogSummaryUse): AnswerLlm {
  // A summarizer reads the previous summary too: once one came from elsewhere, no later recorded summary
  // is a summary of what this replay's summarizer read.
  let faithful = true;
  return (request, callIndex) => {
    use.calls++;
    const answer = faithful ? summaries.answer(request) : null;
    if (!answer) {
      faithful = false;
      return placeholderAnswer(request, callIndex);
    }
    use.matched++;
    use.answers[requestKey(request)] = answer;
    return answer;
  };
}

/** The usage of the condenser call that made the condensation at a log position, as an answer carries it. */
export function condenserUsageAt(bill: RecordedBill): (eventIndex: number) => LlmAnswer['usage'] {
  const callAt = callsByEvent(bill, 'condenser');
  return (eventIndex) => {
    const call = callAt(eventIndex);
    return call?.inputTokens != null && call.outputTokens !== null
      ? { promptTokens: call.inputTokens, completionTokens: call.outputTokens }
      : undefined;
  };
}

export const emptyLogSummaryUse = (): LogSummaryUse => ({ answers: {}, matched: 0, calls: 0 });
