import type { ChatProfile } from '../core/index.ts';
import { sdkAgentMessages } from './agentMessages.ts';
import type { SdkChatMessage } from './chatDict.ts';
import type { ViewEvent } from './events.ts';
import { SdkMessagesUnavailable } from './errors.ts';
import type { SdkCondensationRecord, SdkReplayResult, SdkReplayStep } from './replay.ts';
import type { SdkView } from './view.ts';

/** The replay contract's trace (spec/replay.md §6) for SDK logs: the same keys, string ids. */
export type SdkTraceViewItem = { id: string } | { summary: string };

export interface SdkTraceCondensation {
  id: string;
  forgotten_event_ids: string[];
  summary: string | null;
  summary_offset: number | null;
}

export interface SdkTraceStep {
  before_event_id: string;
  condensations: SdkTraceCondensation[];
  view?: SdkTraceViewItem[];
  unhandled_condensation_request?: boolean;
  view_tokens?: number;
  /** The chat messages the agent's LLM received (spec/agent-messages.md §4), when asked for. */
  messages?: SdkChatMessage[];
  /** Instead of `messages`, when the SDK would have built none for this view (one line). */
  messages_error?: string;
  error?: string;
}

export interface SdkTrace {
  steps: SdkTraceStep[];
}

export interface SdkTraceMessageOptions {
  readonly profile: ChatProfile;
  /** The agent's tool names (`sdkRecordedToolNames` of the log). */
  readonly toolNames?: readonly string[];
}

export interface SdkTraceOptions {
  /** Adds each step's token count as `view_tokens`. */
  readonly includeTokens?: boolean;
  /** Adds each step's chat messages as `messages` (or `messages_error`). */
  readonly messages?: SdkTraceMessageOptions | null;
}

/** A step's `messages` entry, or its `messages_error` where the SDK would have built no messages. */
export function sdkTraceMessages(events: readonly ViewEvent[], options: SdkTraceMessageOptions): Pick<SdkTraceStep, 'messages' | 'messages_error'> {
  try {
    return { messages: sdkAgentMessages(events, options.profile, { toolNames: options.toolNames }) };
  } catch (error) {
    if (error instanceof SdkMessagesUnavailable) return { messages_error: error.message };
    throw error;
  }
}

export function sdkTraceViewItem(event: ViewEvent): SdkTraceViewItem {
  return event.kind === 'CondensationSummaryEvent' ? { summary: event.summary } : { id: event.id };
}

function traceCondensation(record: SdkCondensationRecord): SdkTraceCondensation {
  return { id: record.id, forgotten_event_ids: [...record.forgottenEventIds], summary: record.summary, summary_offset: record.summaryOffset };
}

function errorText(step: SdkReplayStep): string {
  const failure = step.failure!;
  return failure.pythonError ? `${failure.message} (${failure.pythonError})` : failure.message;
}

export function toSdkTraceStep(step: SdkReplayStep, options: SdkTraceOptions = {}): SdkTraceStep {
  const base = { before_event_id: step.beforeEventId, condensations: step.condensations.map(traceCondensation) };
  if (step.failure) return { ...base, error: errorText(step) };
  const events = step.view?.events ?? [];
  return {
    ...base,
    view: events.map(sdkTraceViewItem),
    unhandled_condensation_request: step.unhandledCondensationRequest,
    ...(options.includeTokens ? { view_tokens: step.viewTokens } : {}),
    ...(options.messages ? sdkTraceMessages(events, options.messages) : {}),
  };
}

export function toSdkTrace(result: SdkReplayResult, options: SdkTraceOptions = {}): SdkTrace {
  return { steps: result.steps.map((step) => toSdkTraceStep(step, options)) };
}

/** Renders the steps of a trace as JSON text one by one, so a long trace is never held in memory. */
export class SdkTraceJsonWriter {
  /** Each logged event's item JSON by log position, remembered: every event shows up in many steps. */
  private readonly logged: string[] = [];
  /** Summaries by id (deterministic, and each with one text). */
  private readonly summaries = new Map<string, string>();
  private count = 0;
  readonly start = '{"steps":[';
  readonly end = ']}\n';

  constructor(private readonly options: SdkTraceOptions = {}) {}

  private item(event: ViewEvent): string {
    if (event.index >= 0) return (this.logged[event.index] ??= JSON.stringify(sdkTraceViewItem(event)));
    let json = this.summaries.get(event.id);
    if (json === undefined) {
      json = JSON.stringify(sdkTraceViewItem(event));
      this.summaries.set(event.id, json);
    }
    return json;
  }

  step(step: SdkReplayStep, view: SdkView | null): string {
    const separator = this.count++ ? ',' : '';
    const head = `${separator}{"before_event_id":${JSON.stringify(step.beforeEventId)},"condensations":${JSON.stringify(step.condensations.map(traceCondensation))}`;
    if (step.failure) return `${head},"error":${JSON.stringify(errorText(step))}}`;
    const events = view?.events ?? [];
    const parts = new Array<string>(events.length);
    for (let k = 0; k < events.length; k++) parts[k] = this.item(events[k]!);
    const items = parts.join(',');
    const tokens = this.options.includeTokens ? `,"view_tokens":${step.viewTokens}` : '';
    const messages = this.options.messages ? this.messages(events, this.options.messages) : '';
    return `${head},"view":[${items}],"unhandled_condensation_request":${step.unhandledCondensationRequest}${tokens}${messages}}`;
  }

  /** The step's messages, built and written out at once, so no step's messages outlive it. */
  private messages(events: readonly ViewEvent[], options: SdkTraceMessageOptions): string {
    const entry = sdkTraceMessages(events, options);
    return entry.messages ? `,"messages":${JSON.stringify(entry.messages)}` : `,"messages_error":${JSON.stringify(entry.messages_error)}`;
  }
}
