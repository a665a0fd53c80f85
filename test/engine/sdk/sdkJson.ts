/**
 * SDK events as the SDK serializes them (its pydantic models, `kind` last), read through the format
 * layer: the message tests build their events like the SDK's own tests build them (`TextContent(...)`,
 * `ActionEvent(...)`) and go through the same reading as a real log.
 */
import { sdk } from '../../../src/engine/index.ts';
import { readSdkEvent } from '../../../src/formats/sdk/sdkEvent.ts';

type Json = Record<string, unknown>;

let counter = 0;
const nextId = () => `event-${++counter}`;

export function TextContent(text: string, cachePrompt = false): Json {
  return { cache_prompt: cachePrompt, type: 'text', text };
}

export function ImageContent(imageUrls: string[], cachePrompt = false): Json {
  return { cache_prompt: cachePrompt, type: 'image', image_urls: imageUrls };
}

export function ThinkingBlock(thinking: string, signature: string | null = null): Json {
  return { type: 'thinking', thinking, signature };
}

export function RedactedThinkingBlock(data: string): Json {
  return { type: 'redacted_thinking', data };
}

export function MessageToolCall(id: string, name: string, args: Json | string = {}): Json {
  return { id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args), origin: 'completion' };
}

export interface MessageFields {
  readonly role: 'user' | 'system' | 'assistant' | 'tool';
  readonly content?: unknown;
  readonly tool_calls?: Json[] | null;
  readonly tool_call_id?: string;
  readonly name?: string;
  readonly reasoning_content?: string | null;
  readonly thinking_blocks?: Json[];
}

/** `MessageEvent(source=..., llm_message=Message(...))`. */
export function messageEvent(source: 'user' | 'agent', llmMessage: MessageFields, extra: Json = {}): Json {
  return {
    id: nextId(),
    timestamp: 't',
    source,
    llm_message: { thinking_blocks: [], ...llmMessage },
    activated_skills: [],
    extended_content: [],
    ...extra,
    kind: 'MessageEvent',
  };
}

export function userMessage(...texts: string[]): Json {
  return messageEvent('user', { role: 'user', content: texts.map((text) => TextContent(text)) });
}

export interface ActionFields {
  readonly thought?: string[];
  readonly tool_name: string;
  readonly tool_call_id: string;
  readonly llm_response_id: string;
  readonly arguments?: Json;
  readonly reasoning_content?: string;
  readonly thinking_blocks?: Json[];
  /** null: a non-executable action (unknown tool). */
  readonly action?: Json | null;
}

/** `ActionEvent(...)`, its `tool_call` named after the tool. */
export function actionEvent(fields: ActionFields): Json {
  const action = fields.action === undefined ? { command: 'test', kind: 'EventsToMessagesMockAction' } : fields.action;
  return {
    id: nextId(),
    timestamp: 't',
    source: 'agent',
    thought: (fields.thought ?? []).map((text) => TextContent(text)),
    ...(fields.reasoning_content !== undefined ? { reasoning_content: fields.reasoning_content } : {}),
    thinking_blocks: fields.thinking_blocks ?? [],
    ...(action !== null ? { action } : {}),
    tool_name: fields.tool_name,
    tool_call_id: fields.tool_call_id,
    tool_call: MessageToolCall(fields.tool_call_id, fields.tool_name, fields.arguments ?? {}),
    llm_response_id: fields.llm_response_id,
    security_risk: 'UNKNOWN',
    kind: 'ActionEvent',
  };
}

/** `ObservationEvent(observation=..., tool_name=..., tool_call_id=...)`. */
export function observationEvent(toolName: string, toolCallId: string, observation: Json, extra: Json = {}): Json {
  return {
    id: nextId(),
    timestamp: 't',
    source: 'environment',
    tool_name: toolName,
    tool_call_id: toolCallId,
    observation,
    action_id: 'action',
    extended_content: [],
    ...extra,
    kind: 'ObservationEvent',
  };
}

/** A tool observation of `kind` whose text is `text` (`Observation.from_text`), with its own fields. */
export function fromText(kind: string, text: string, fields: Json = {}, isError = false): Json {
  return { content: [TextContent(text)], is_error: isError, ...fields, kind };
}

export function agentErrorEvent(toolName: string, toolCallId: string, error: string): Json {
  return {
    id: nextId(),
    timestamp: 't',
    source: 'agent',
    tool_name: toolName,
    tool_call_id: toolCallId,
    error,
    kind: 'AgentErrorEvent',
  };
}

export function userRejectObservation(toolName: string, toolCallId: string, reason?: string): Json {
  const rejection = reason !== undefined ? { rejection_reason: reason } : {};
  return {
    id: nextId(),
    timestamp: 't',
    source: 'environment',
    tool_name: toolName,
    tool_call_id: toolCallId,
    ...rejection,
    rejection_source: 'user',
    action_id: 'action',
    kind: 'UserRejectObservation',
  };
}

export function systemPromptEvent(prompt: string, dynamicContext: string | null = null, tools: unknown[] = []): Json {
  return {
    id: nextId(),
    timestamp: 't',
    source: 'agent',
    system_prompt: TextContent(prompt),
    tools,
    ...(dynamicContext !== null ? { dynamic_context: TextContent(dynamicContext) } : {}),
    kind: 'SystemPromptEvent',
  };
}

/** Reads SDK event JSON as a log would be read. */
export function read(json: Json): sdk.ViewEvent {
  const event = readSdkEvent(json, 0, () => String(json.id));
  if (event.kind === 'Condensation' || event.kind === 'CondensationRequest' || event.kind === 'OtherEvent')
    throw new Error(`${event.kind} is not a view event`);
  return event;
}

export function readAll(...json: Json[]): sdk.ViewEvent[] {
  return json.map(read);
}

/** A `CondensationSummaryEvent` (never logged; the View makes it). */
export function summaryEvent(summary: string): sdk.CondensationSummaryEvent {
  return {
    id: `${nextId()}-summary`,
    index: -1,
    source: 'environment',
    parentId: null,
    kind: 'CondensationSummaryEvent',
    summary,
  };
}

/** The observation of an ObservationEvent JSON as the LLM reads it (`observation.to_llm_content`). */
export function llmContent(observation: Json): readonly sdk.ContentPart[] {
  const event = read(observationEvent('tool', 'call', observation));
  if (event.kind !== 'ObservationEvent') throw new Error('not an observation');
  return sdk.observationLlmContent(event);
}

/** The texts of content parts (images as `[image]`), for short assertions. */
export function texts(parts: readonly sdk.ContentPart[]): string[] {
  return parts.map((part) => (part.type === 'text' ? part.text : '[image]'));
}
