import type { LearnedUsage, LlmWork, ReplayMode } from '../engine/index.ts';
import type { AgentRun, AgentRunContext } from './agentRun.ts';
import type { RawEvents } from '../formats/index.ts';
import type { CountText } from '../llm/tokenCount.ts';
import type { AgentSettings, CondensationSummary, EventId, OpenedLog, ReplayRequest, StepSummary, ViewItem } from './types.ts';

/** A finished replay, whatever the log's flavor: the steps and condensations, and each step's view on demand. */
export interface ReplayedLog {
  readonly mode: ReplayMode;
  readonly steps: readonly StepSummary[];
  readonly condensations: ReadonlyArray<Omit<CondensationSummary, 'placeholder'>>;
  /** What the replay assumed that the user should know (a configuration without `type`...). */
  readonly notes: readonly string[];
  stepView(step: number): readonly ViewItem[];
  /** The agent's LLM calls of this replay, or null where the log's flavor cannot build them yet. */
  agent(settings: AgentSettings, context: AgentRunContext): AgentRun | null;
}

/** The per-event token counts and the counter, once the tokenizer is loaded. */
export interface Tokens {
  readonly counts: Uint32Array;
  readonly countText: CountText;
}

/**
 * One opened log of either flavor (OpenHands V0, or the Agent SDK): what the engine host needs from it.
 * The two engines differ in events, ids and condensers; the host drives both the same way.
 */
export interface OpenLog {
  readonly opened: OpenedLog;
  /** Each event's JSON as the log has it (read again from the file's bytes where it can be). */
  readonly raw: RawEvents;
  /** An event as OpenHands prints it (`str(event)`): the text its summarizers read. */
  eventText(index: number): string;
  /** True when a correct replay needs token counts (an SDK token limit): the host loads them first. */
  readonly needsTokens: (request: ReplayRequest) => boolean;
  /** Counts the tokens of events from..to-1 into `into` (the host counts in slices, between other requests). */
  countTokens(countText: CountText, from: number, to: number, into: Uint32Array): void;
  /** What the log's own run, as recorded, teaches the usage model (null where the flavor cannot tell). */
  learnUsage(settings: AgentSettings, context: Pick<AgentRunContext, 'tokens'>): LearnedUsage | null;
  /** The engine work for a request (it yields LLM requests), or what is wrong with the configuration. */
  replay(request: ReplayRequest, tokens: Tokens | null): { readonly work: LlmWork<ReplayedLog> } | { readonly configError: string };
}

const SUMMARY_LENGTH = 160;

/** Whitespace collapsed and cut short: one table line. */
export function oneLine(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > SUMMARY_LENGTH ? `${collapsed.slice(0, SUMMARY_LENGTH - 1)}…` : collapsed;
}

function failureText(failure: { message: string; pythonError: string | null } | null): string | null {
  if (!failure) return null;
  return failure.pythonError ? `${failure.message} (${failure.pythonError})` : failure.message;
}

/** A replayed step of either engine (they share these fields) as plain data for the UI. */
export function stepSummary(step: {
  readonly index: number;
  readonly beforeEventId: EventId;
  readonly beforeEventIndex: number;
  readonly viewLength: number;
  readonly viewTokens: number;
  readonly condensations: ReadonlyArray<{ readonly id: EventId }>;
  readonly unhandledCondensationRequest: boolean;
  readonly failure: { message: string; pythonError: string | null } | null;
}): StepSummary {
  return {
    index: step.index,
    beforeEventId: step.beforeEventId,
    beforeEventIndex: step.beforeEventIndex,
    viewLength: step.viewLength,
    viewTokens: step.viewTokens,
    condensationIds: step.condensations.map((c) => c.id),
    unhandledCondensationRequest: step.unhandledCondensationRequest,
    failure: failureText(step.failure),
  };
}
