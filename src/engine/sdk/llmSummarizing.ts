import { OpenHandsFailure } from '../core/index.ts';
import { type LlmAnswer, type LlmWork, LlmUnavailable, type PromptPart, lazyRequest } from '../core/index.ts';
import { type CondensationRequirement, RollingCondenser } from './condenser.ts';
import { NoCondensationAvailable, SelectionError } from './errors.ts';
import type { CondensationDraft, ViewEvent } from './events.ts';
import { eventString } from './eventText.ts';
import { summarizingPromptParts } from './prompt.ts';
import { codePointLength, maybeTruncate } from './text.ts';
import { type AgentLlm, suffixLenForReduction, totalTokens } from './tokens.ts';
import { type SdkView, manipulationIndices } from './view.ts';

/** `LLMSummarizingCondenser`'s settings (SDK v1.43.1), validated by `parseSdkCondenserConfig`. */
export interface LlmSummarizingSettings {
  readonly max_size: number;
  readonly max_tokens: number | null;
  readonly keep_first: number;
  readonly minimum_progress: number;
  readonly hard_context_reset_max_retries: number;
  readonly hard_context_reset_context_scaling: number;
}

/** Why a view needs condensing. */
export type CondensationReason = 'request' | 'tokens' | 'events';

/** Any token pressure or an explicit request must be met now; too many events alone can wait. */
export function requirementFor(reasons: ReadonlySet<CondensationReason>): CondensationRequirement | null {
  if (reasons.size === 0) return null;
  if (reasons.has('tokens')) return 'hard';
  if ([...reasons].every((reason) => reason === 'events')) return 'soft';
  return 'hard';
}

export interface ForgottenSelection {
  readonly events: readonly ViewEvent[];
  readonly summaryOffset: number;
}

/** A logged event's text comes from the log; a summary's from an earlier answer, so it is spelled out. */
export function promptIdentity(event: ViewEvent): string | [string] {
  return event.kind === 'CondensationSummaryEvent' ? [event.summary] : event.id;
}

/**
 * An event's text in the summarizer's prompt, with its newline: a logged event's is named for token
 * counts (LoggedText); a summary's is a replay's own.
 */
export function promptLine(event: ViewEvent, form: string, text: () => string): PromptPart {
  return event.kind === 'CondensationSummaryEvent' ? `${text()}\n` : { event, form, text: () => `${text()}\n` };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * SDK v1.43.1's `LLMSummarizingCondenser`: when the view has too many events, too many tokens, or an
 * unanswered request, it forgets one contiguous slice after the first `keep_first` events, with both
 * ends moved right to manipulation indices, and puts an LLM summary of that slice in its place.
 * (A request keeping half the view: SDK #1034, 2025-11-10; the token trigger #1380, 2025-12-23, capped
 * by the agent model's context window since #4461, 2026-08-13: see ruleDates.ts.)
 * Methods are split as in the SDK so tests can replace one step, as the SDK's own tests do.
 */
export class LlmSummarizingCondenser extends RollingCondenser {
  constructor(readonly settings: LlmSummarizingSettings) {
    super();
  }

  override handlesCondensationRequests(): boolean {
    return true;
  }

  /** min(max_tokens, the agent model's context window), ignoring unknowns. */
  tokenLimit(agentLlm: AgentLlm | null): number | null {
    const candidates = [this.settings.max_tokens, agentLlm?.maxInputTokens ?? null].filter(
      (limit): limit is number => limit !== null,
    );
    return candidates.length > 0 ? candidates.reduce((least, limit) => Math.min(least, limit)) : null;
  }

  getCondensationReasons(view: SdkView, agentLlm: AgentLlm | null): Set<CondensationReason> {
    const reasons = new Set<CondensationReason>();
    if (view.unhandledCondensationRequest) reasons.add('request');
    const limit = this.tokenLimit(agentLlm);
    if (limit !== null && agentLlm && totalTokens(view.events, agentLlm) > limit) reasons.add('tokens');
    if (view.length > this.settings.max_size) reasons.add('events');
    return reasons;
  }

  condensationRequirement(view: SdkView, agentLlm: AgentLlm | null): CondensationRequirement | null {
    return requirementFor(this.getCondensationReasons(view, agentLlm));
  }

  /** `_get_forgotten_events`: the strictest reason's tail length decides where the slice ends. */
  getForgottenEvents(view: SdkView, agentLlm: AgentLlm | null): ForgottenSelection {
    const { keep_first: keepFirst, max_size: maxSize } = this.settings;
    const events = view.events;
    const reasons = this.getCondensationReasons(view, agentLlm);
    const tails: number[] = [];
    if (reasons.has('request')) tails.push(Math.floor(events.length / 2) - keepFirst - 1);
    if (reasons.has('events')) tails.push(Math.floor(maxSize / 2) - keepFirst - 1);
    const limit = this.tokenLimit(agentLlm);
    if (reasons.has('tokens') && agentLlm && limit !== null) {
      const reduce = totalTokens(events, agentLlm) - Math.floor(limit / 2);
      tails.push(suffixLenForReduction(events.slice(keepFirst), agentLlm, reduce, events.slice(0, keepFirst)));
    }
    if (tails.length === 0) throw new SelectionError('min() arg is an empty sequence');
    const naiveEnd = events.length - tails.reduce((least, tail) => Math.min(least, tail));
    const indices = manipulationIndices(events);
    const start = indices.findNext(keepFirst);
    const end = indices.findNext(naiveEnd);
    return { events: events.slice(start, end), summaryOffset: start };
  }

  *getCondensation(view: SdkView, agentLlm: AgentLlm | null): LlmWork<CondensationDraft> {
    let selection: ForgottenSelection;
    try {
      selection = this.getForgottenEvents(view, agentLlm);
    } catch (error) {
      if (error instanceof SelectionError)
        throw new NoCondensationAvailable('Unable to compute forgotten events', error);
      throw error;
    }
    if (selection.events.length === 0) {
      throw new NoCondensationAvailable(
        'Cannot condense 0 events: no manipulation index leaves anything to forget (a tool loop may span almost the entire view)',
      );
    }
    if (selection.events.length < view.length * this.settings.minimum_progress) {
      throw new NoCondensationAvailable(
        'Cannot apply condensation: events forgotten below minimum progress threshold.',
      );
    }
    return yield* this.generateCondensation(selection.events, selection.summaryOffset, null);
  }

  /** `_generate_condensation`: one user message with the prompt; any model error becomes NoCondensationAvailable. */
  *generateCondensation(
    forgotten: readonly ViewEvent[],
    summaryOffset: number,
    maxEventStrLength: number | null,
  ): LlmWork<CondensationDraft> {
    if (forgotten.length === 0) {
      throw new OpenHandsFailure(
        'the summarizer was asked to condense zero events',
        'AssertionError: No events to condense.',
      );
    }
    const request = lazyRequest(
      { condenser: 'llm', forgets: forgotten.map((event) => event.id) },
      {
        identity: () => ['sdk-1.43.1-summary', maxEventStrLength, forgotten.map(promptIdentity)],
        prompt: () =>
          summarizingPromptParts(
            forgotten.map((event) =>
              promptLine(event, `sdk str ${maxEventStrLength}`, () =>
                maybeTruncate(eventString(event), maxEventStrLength),
              ),
            ),
          ),
      },
    );
    let answer: LlmAnswer;
    try {
      answer = yield request;
    } catch (error) {
      // The inspector having no answer is not the model failing: the replay reports it as such.
      if (error instanceof LlmUnavailable) throw error;
      throw new NoCondensationAvailable(`Summarization LLM call failed: ${errorText(error)}`, error);
    }
    return {
      forgottenEventIds: forgotten.map((event) => event.id),
      summary: answer.content,
      summaryOffset,
      llmResponseId: null,
    };
  }

  /**
   * Forgets the whole view into one summary at offset 0, retrying with every event's text cut to 80%
   * of the previous limit (the first limit being the longest event text); null when all attempts fail.
   */
  override *hardContextReset(view: SdkView): LlmWork<CondensationDraft | null> {
    let limit: number | null = null;
    for (let attempts = this.settings.hard_context_reset_max_retries; attempts > 0; attempts--) {
      try {
        return yield* this.generateCondensation(view.events, 0, limit);
      } catch (error) {
        if (error instanceof LlmUnavailable) throw error;
        if (limit === null) {
          if (view.length === 0) {
            throw new OpenHandsFailure(
              'a hard context reset was needed but the view is empty',
              'ValueError: max() arg is an empty sequence',
            );
          }
          // max() of the lengths, as a loop: a call takes about 120,000 arguments, and a view may hold more events.
          limit = view.events.reduce((longest, event) => Math.max(longest, codePointLength(eventString(event))), 0);
        }
        limit = Math.floor(limit * this.settings.hard_context_reset_context_scaling);
      }
    }
    return null;
  }
}
