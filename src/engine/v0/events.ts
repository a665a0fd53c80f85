/**
 * The event model the engine works on: one OpenHands V0 event, already validated by `src/formats`.
 * Payloads (`args`, `extras`) stay as the log wrote them; the engine reads only the keys it needs.
 */

import type { ChatToolCall, RecordedUsage } from '../core/index.ts';

export type EventSource = 'agent' | 'user' | 'environment';

/** `choices[0].message` of a recorded LLM response: what the assistant said and which tools it called. */
export interface RecordedAssistantMessage {
  readonly role: string;
  readonly content: string | null;
  readonly toolCalls: readonly ChatToolCall[] | null;
}

/** `tool_call_metadata.model_response`; observations record only its id. */
export interface RecordedResponse {
  readonly id: string | null;
  readonly model: string | null;
  /** Null when the log recorded no choices (trimmed logs), and for observations: only actions become the message. */
  readonly message: RecordedAssistantMessage | null;
  readonly usage: RecordedUsage | null;
}

/** `tool_call_metadata`: which tool call of which LLM response an action made, or an observation answers. */
export interface RecordedToolCall {
  readonly functionName: string;
  readonly toolCallId: string;
  readonly response: RecordedResponse;
}

/** Fields of a V0 `condensation` action (all nullable, as OpenHands stores them). */
export interface CondensationArgs {
  readonly forgottenEventIds: readonly number[] | null;
  readonly forgottenEventsStartId: number | null;
  readonly forgottenEventsEndId: number | null;
  readonly summary: string | null;
  readonly summaryOffset: number | null;
}

interface LogEventBase {
  /** Integer id from the event stream. Synthetic condensations made by a replay get ids past the log's largest. */
  readonly id: number;
  /** Position in the loaded log; -1 for events the replay made. */
  readonly index: number;
  readonly source: EventSource | null;
  readonly cause: number | null;
  /** `tool_call_metadata.model_response.id`: actions of one LLM response share it. */
  readonly responseId: string | null;
  /** When it happened (`timestamp`, ms since the epoch, UTC when the log names no zone); null if not logged. */
  readonly time: number | null;
  /** `tool_call_metadata`, when the log recorded one (function-calling agents). */
  readonly toolCall: RecordedToolCall | null;
  /** The top-level `message` as logged (display only; prompts derive their own text). */
  readonly loggedMessage: string | null;
  /** `hidden` in args or extras: the agent controller keeps such events out of the history. */
  readonly hidden: boolean;
}

export interface ActionEvent extends LogEventBase {
  readonly kind: 'action';
  /** The `action` value, e.g. `run`, `message`, `condensation`. */
  readonly type: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** Present only on `condensation` actions. */
  readonly condensation?: CondensationArgs;
}

export interface ObservationEvent extends LogEventBase {
  readonly kind: 'observation';
  /** The `observation` value, e.g. `run`, `browse`, `recall` (a JSON null is read as `null`). */
  readonly type: string;
  readonly content: string;
  readonly extras: Readonly<Record<string, unknown>>;
  readonly success: boolean | null;
}

export type LogEvent = ActionEvent | ObservationEvent;

type BaseFields = Omit<LogEventBase, 'hidden' | 'toolCall' | 'time'> & {
  readonly hidden?: boolean;
  readonly toolCall?: RecordedToolCall | null;
  readonly time?: number | null;
};
const NO_PAYLOAD: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Every logged event, action or observation, is one class: one hidden class, so the replay's hot loops
 * stay monomorphic. An observation's content is held, or read when asked for (a big log keeps it as
 * bytes; src/formats reads it again).
 */
class LoggedEvent {
  readonly id: number;
  readonly index: number;
  readonly source: EventSource | null;
  readonly cause: number | null;
  readonly responseId: string | null;
  readonly toolCall: RecordedToolCall | null;
  readonly time: number | null;
  readonly loggedMessage: string | null;
  readonly hidden: boolean;

  constructor(
    readonly kind: 'action' | 'observation',
    readonly type: string,
    base: BaseFields,
    hidden: boolean,
    readonly args: Readonly<Record<string, unknown>>,
    readonly extras: Readonly<Record<string, unknown>>,
    contentOrRead: string | (() => string),
    readonly success: boolean | null,
    readonly condensation: CondensationArgs | undefined,
  ) {
    this.id = base.id;
    this.index = base.index;
    this.source = base.source;
    this.cause = base.cause;
    this.responseId = base.responseId;
    this.toolCall = base.toolCall ?? null;
    this.time = base.time ?? null;
    this.loggedMessage = base.loggedMessage;
    this.hidden = base.hidden ?? hidden;
    this.#contentOrRead = contentOrRead;
  }

  // Private (not an own property): copies and clones of an event see no loader.
  readonly #contentOrRead: string | (() => string);

  get content(): string {
    const content = this.#contentOrRead;
    return typeof content === 'string' ? content : content();
  }
}

export function makeAction(
  base: BaseFields,
  type: string,
  args: Readonly<Record<string, unknown>>,
  condensation?: CondensationArgs,
): ActionEvent {
  return new LoggedEvent(
    'action',
    type,
    base,
    args.hidden === true,
    args,
    NO_PAYLOAD,
    '',
    null,
    condensation,
  ) as ActionEvent;
}

/** `content`: the text, or how to read it when asked for (a big log's, from its bytes). */
export function makeObservation(
  base: BaseFields,
  type: string,
  content: string | (() => string),
  extras: Readonly<Record<string, unknown>>,
  success: boolean | null,
): ObservationEvent {
  return new LoggedEvent(
    'observation',
    type,
    base,
    extras.hidden === true,
    NO_PAYLOAD,
    extras,
    content,
    success,
    undefined,
  ) as ObservationEvent;
}

/** The summary that `View.from_events` inserts (an AgentCondensationObservation without id). */
export interface SummaryEntry {
  readonly kind: 'summary';
  readonly content: string;
  /** Id of the condensation action whose summary this is. */
  readonly condensationId: number;
}

/** A masking condenser's placeholder standing where `original` was (also an AgentCondensationObservation). */
export interface MaskedEntry {
  readonly kind: 'masked';
  readonly content: string;
  readonly original: ViewEntry;
}

/** One element of a View: a logged event unchanged, or a synthetic condensation observation. */
export type ViewEntry = LogEvent | SummaryEntry | MaskedEntry;

/** OpenHands gives synthetic observations id -1 (Event.INVALID_ID). */
export const INVALID_ID = -1;

export function entryId(entry: ViewEntry): number {
  return entry.kind === 'action' || entry.kind === 'observation' ? entry.id : INVALID_ID;
}

/** isinstance(event, Observation): synthetic summaries and placeholders are observations too. */
export function isObservation(entry: ViewEntry): boolean {
  return entry.kind !== 'action';
}

/** isinstance(event, AgentCondensationObservation), including legacy stored `condense` observations. */
export function isCondensationObservation(entry: ViewEntry): boolean {
  return (
    entry.kind === 'summary' || entry.kind === 'masked' || (entry.kind === 'observation' && entry.type === 'condense')
  );
}

export function isAction(entry: ViewEntry, type?: string): entry is ActionEvent {
  return entry.kind === 'action' && (type === undefined || entry.type === type);
}

export function isBrowserOutput(entry: ViewEntry): entry is ObservationEvent {
  return entry.kind === 'observation' && entry.type === 'browse';
}

/** The text a synthetic entry carries; a logged event's content for observations. */
export function entryContent(entry: ViewEntry): string {
  switch (entry.kind) {
    case 'summary':
    case 'masked':
    case 'observation':
      return entry.content;
    case 'action':
      return '';
  }
}

export function stringArg(event: ActionEvent | ObservationEvent, key: string): string {
  const bag = event.kind === 'action' ? event.args : event.extras;
  const value = bag[key];
  return typeof value === 'string' ? value : '';
}

/**
 * OpenHands' CondensationAction validation ("Invalid configuration of the optional fields."):
 * exactly one of the id list and the complete range, and summary with offset or neither.
 * Returns a reason when invalid, null when valid.
 */
export function condensationArgsProblem(args: CondensationArgs): string | null {
  const usingIds = args.forgottenEventIds !== null;
  const usingRange = args.forgottenEventsStartId !== null && args.forgottenEventsEndId !== null;
  if (usingIds === usingRange) {
    return usingIds
      ? 'it gives both forgotten_event_ids and a start/end range'
      : 'it gives neither forgotten_event_ids nor both forgotten_events_start_id and forgotten_events_end_id';
  }
  if ((args.summary === null) !== (args.summaryOffset === null)) {
    return args.summary === null
      ? 'it has a summary_offset without a summary'
      : 'it has a summary without a summary_offset';
  }
  return null;
}
