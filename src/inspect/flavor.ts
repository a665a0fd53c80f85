import type { AgentCall, ChatMessage, ChatTool, ReplayFailure } from '../engine/index.ts';
import type { EventId } from './types.ts';

/**
 * What the application layer needs of one engine (V0 or SDK), written once per engine in v0/ and sdk/:
 * how its steps and views read in the trace, and how the agent's calls are built from them. Everything
 * else (agent runs, figures, the trace writer) is written once over these ports.
 */

/** How one engine's steps and views read in the trace (spec/replay.md §6). */
export interface TraceEncoder<Step, View> {
  /** `before_event_id` and `condensations`, as JSON. */
  beforeEventIdJson(step: Step): string;
  condensationsJson(step: Step): string;
  failure(step: Step): ReplayFailure | null;
  unhandledCondensationRequest(step: Step): boolean;
  /** The view's size in our token count (`view_tokens`). */
  viewTokens(step: Step): number;
  viewLength(view: View): number;
  /** The JSON of view items [from, to): `{"id":…}`, `{"summary":…}`, `{"masked":…,"content":…}`. */
  itemsJson(view: View, from: number, to: number): string[];
  /** How many first items `view` shares with `previous` (a view of an earlier step). */
  sharedPrefix(previous: View, view: View): number;
  /**
   * How many items from `previous[i]` and `view[j]` on are the same, one by one (the same event, or the
   * same text), counting at most `max` (all in range).
   */
  matchingRun(previous: View, i: number, view: View, j: number, max: number): number;
  /** The first index from `from` on where `previous` has the item `view[at]` (the same event or text), or -1. */
  findItem(previous: View, from: number, view: View, at: number): number;
  /**
   * Where `view` is `previous` with items replaced one for one (a mask moved on) and more appended: the
   * replaced items' indices, in order; null when it is not so, or cannot be told without comparing.
   */
  replacedItems?(previous: View, view: View): readonly number[] | null;
  /** The view's items [from, to), handed one by one to `visit` (no item objects made). */
  visitItems(view: View, from: number, to: number, visit: ViewItemVisitor): void;
  /** The log position of the event the step came before. */
  beforeEventIndex(step: Step): number;
  /** How many ids each of the step's condensations lists in `forgotten_event_ids` (a V0 range lists every id in it). */
  forgottenLengths(step: Step): readonly number[];
}

/** Who reads a view item by item: a logged event by its log position, a summary or placeholder by its text. */
export interface ViewItemVisitor {
  event(index: number): void;
  text(content: string): void;
  /** A masking placeholder standing for the logged event at `index` (visitors without it get `text`). */
  masked?(index: number, content: string): void;
}

/** The messages the agent's LLM received at a step, or why the agent would have built none. */
export type StepRequest =
  | {
      readonly messages: readonly ChatMessage[];
      readonly eventIds: ReadonlyArray<readonly EventId[]> | null;
      readonly error?: undefined;
    }
  | { readonly messages?: undefined; readonly error: string };

/** The agent's LLM calls of one replay: built per agent settings, fed steps in order. */
export interface AgentCallsPort<Step, View> {
  readonly tools: readonly ChatTool[] | null;
  /** Our tokenizer's count of the tool schemas, sent with every call. */
  readonly toolTokens: number;
  request(step: Step, view: View): StepRequest;
  /** The step's call as the usage model sees it (its measured request and recorded usage); steps in order. */
  call(step: Step, view: View | null): AgentCall;
}

/** A finished replay's steps, each with its view on demand (null for a failed step). */
export interface StepWalk<Step, View> {
  readonly steps: readonly Step[];
  view(index: number): View | null;
}

/** Failure text as the trace and the app show it: the explanation, then what Python would print. */
export function failureText(failure: Pick<ReplayFailure, 'message' | 'pythonError'> | null): string | null {
  if (!failure) return null;
  return failure.pythonError ? `${failure.message} (${failure.pythonError})` : failure.message;
}
