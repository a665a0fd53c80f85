import { z } from 'zod';
import type { sdk } from '../../engine/index.ts';
import { LogFormatError } from '../errors.ts';
import { contentParts, observationContent, texts, thinkingBlocks } from './content.ts';
import { readObservation } from './observation.ts';
import { readRecordedTools } from './tools.ts';
import { hasOwnKey } from '../../engine/index.ts';

/**
 * Reads one SDK event of either generation (2025: `kind` first, litellm-style tool calls, string
 * outputs; 2026: `kind` last, content lists). Only the keys the engine needs are checked; the rest
 * of the event stays in the raw JSON for display. Unknown kinds are events the View skips.
 */

const object = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  {
    error: 'expected an object',
  },
);
const list = z.array(z.unknown(), { error: 'expected a list' });
const text = z.string({ error: 'expected a string' });

const base = z.looseObject({
  id: text
    .min(1, { error: 'expected a non-empty id' })
    .refine((id) => id !== '__root__', { error: '"__root__" is reserved by the SDK and cannot be an event id' }),
  kind: text,
  source: z.enum(['agent', 'user', 'environment', 'hook'], {
    error: 'expected "agent", "user", "environment" or "hook"',
  }),
  parent_id: text.nullish(),
});

const toolFields = { tool_name: text, tool_call_id: text };

/** `MessageToolCall` (id, name, arguments), or the 2025 litellm form (`function.name`, `function.arguments`). */
const toolCall = z.looseObject({
  id: text.optional(),
  name: text.optional(),
  arguments: z.unknown().optional(),
  function: z.looseObject({ name: text.optional(), arguments: z.unknown().optional() }).optional(),
});

const schemas = {
  SystemPromptEvent: z.looseObject({
    system_prompt: z.union([object, text]),
    tools: list.default([]),
    dynamic_context: z.union([object, text]).nullish(),
  }),
  MessageEvent: z.looseObject({
    llm_message: z.looseObject({
      role: z.enum(['system', 'user', 'assistant', 'tool'], {
        error: 'expected "system", "user", "assistant" or "tool"',
      }),
      content: z.union([list, text]).nullish(),
      tool_calls: z.array(toolCall, { error: 'expected a list' }).nullish(),
      tool_call_id: text.nullish(),
      name: text.nullish(),
      reasoning_content: text.nullish(),
      thinking_blocks: list.nullish(),
    }),
    llm_response_id: text.nullish(),
    activated_skills: z.array(text).nullish(),
    activated_microagents: z.array(text).nullish(),
    extended_content: list.nullish(),
  }),
  ActionEvent: z.looseObject({
    thought: list.nullish(),
    reasoning_content: text.nullish(),
    thinking_blocks: list.nullish(),
    action: z.looseObject({ kind: text.optional() }).nullish(),
    ...toolFields,
    tool_call: toolCall,
    llm_response_id: text,
  }),
  ObservationEvent: z.looseObject({
    ...toolFields,
    observation: object,
    action_id: text,
    extended_content: list.nullish(),
  }),
  UserRejectObservation: z.looseObject({ ...toolFields, rejection_reason: text.nullish(), action_id: text }),
  AgentErrorEvent: z.looseObject({ ...toolFields, error: text }),
  CondensationSummaryEvent: z.looseObject({ summary: text }),
  Condensation: z.looseObject({
    forgotten_event_ids: z.array(text).nullish(),
    summary: text.nullish(),
    summary_offset: z
      .number({ error: 'expected an integer' })
      .int({ error: 'expected an integer' })
      .min(0, { error: 'must be at least 0' })
      .nullish(),
    llm_response_id: text.nullish(),
  }),
  CondensationRequest: z.looseObject({}),
};

type KnownKind = keyof typeof schemas;

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: () => string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  throw new LogFormatError(`${where()}${path}`, issue.message);
}

function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

function toolCallOf(call: z.infer<typeof toolCall>, fallbackId: string, fallbackName: string): sdk.ToolCall {
  return {
    id: call.id ?? fallbackId,
    name: call.name ?? call.function?.name ?? fallbackName,
    arguments: argumentsText(call.arguments ?? call.function?.arguments),
  };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : texts(value).join('');
}

/** Reads the event at log position `index`; `where` names it in messages (a file, a line, `[12]`). */
export function readSdkEvent(value: unknown, index: number, where: () => string): sdk.SdkEvent {
  const head = parseOrThrow(base, value, where);
  // Every event is written out as one literal (no spreads): objects built by spreading get a hidden
  // class each, which makes every later property read in the replay's hot loops slow.
  const { id, source } = head;
  const parentId = head.parent_id ?? null;
  const kind = head.kind;
  if (!hasOwnKey(schemas, kind)) return { id, index, source, parentId, kind: 'OtherEvent', sdkKind: kind };
  const known = kind as KnownKind;
  switch (known) {
    case 'SystemPromptEvent': {
      const event = parseOrThrow(schemas.SystemPromptEvent, value, where);
      const dynamic = event.dynamic_context;
      const dynamicContext = dynamic === null || dynamic === undefined ? null : textOf(dynamic);
      const { chatTools, toolNames } = readRecordedTools(event.tools);
      return {
        id,
        index,
        source,
        parentId,
        kind: known,
        systemPrompt: textOf(event.system_prompt),
        tools: event.tools,
        dynamicContext,
        chatTools,
        toolNames,
      };
    }
    case 'MessageEvent': {
      const event = parseOrThrow(schemas.MessageEvent, value, where);
      return {
        id,
        index,
        source,
        parentId,
        kind: known,
        role: event.llm_message.role,
        content: contentParts(event.llm_message.content),
        extendedContent: contentParts(event.extended_content),
        responseId: event.llm_response_id ?? null,
        activatedSkills: event.activated_skills ?? event.activated_microagents ?? [],
        thinkingBlockCount: event.llm_message.thinking_blocks?.length ?? 0,
        toolCalls: event.llm_message.tool_calls?.map((call) => toolCallOf(call, '', '')) ?? null,
        toolCallId: event.llm_message.tool_call_id ?? null,
        name: event.llm_message.name ?? null,
        reasoningContent: event.llm_message.reasoning_content ?? null,
        thinkingBlocks: thinkingBlocks(event.llm_message.thinking_blocks),
      };
    }
    case 'ActionEvent': {
      const event = parseOrThrow(schemas.ActionEvent, value, where);
      const call = event.tool_call;
      return {
        id,
        index,
        source,
        parentId,
        kind: known,
        thought: texts(event.thought),
        thinkingBlockCount: event.thinking_blocks?.length ?? 0,
        actionKind: event.action ? (event.action.kind ?? 'Action') : null,
        toolName: event.tool_name,
        toolCallId: event.tool_call_id,
        toolCall: toolCallOf(call, event.tool_call_id, event.tool_name),
        responseId: event.llm_response_id,
        reasoningContent: event.reasoning_content ?? null,
        thinkingBlocks: thinkingBlocks(event.thinking_blocks),
      };
    }
    case 'ObservationEvent': {
      const event = parseOrThrow(schemas.ObservationEvent, value, where);
      const observation = readObservation(event.observation);
      return {
        id,
        index,
        source,
        parentId,
        kind: known,
        toolName: event.tool_name,
        toolCallId: event.tool_call_id,
        // The same parts as the rendering's when the observation has a content list: read once.
        content:
          'content' in observation && Array.isArray(event.observation.content)
            ? observation.content
            : observationContent(event.observation),
        extendedContent: contentParts(event.extended_content),
        actionId: event.action_id,
        observation,
      };
    }
    case 'UserRejectObservation': {
      const event = parseOrThrow(schemas.UserRejectObservation, value, where);
      return {
        id,
        index,
        source,
        parentId,
        kind: known,
        toolName: event.tool_name,
        toolCallId: event.tool_call_id,
        rejectionReason: event.rejection_reason ?? 'User rejected the action',
        actionId: event.action_id,
      };
    }
    case 'AgentErrorEvent': {
      const event = parseOrThrow(schemas.AgentErrorEvent, value, where);
      return {
        id,
        index,
        source,
        parentId,
        kind: known,
        toolName: event.tool_name,
        toolCallId: event.tool_call_id,
        error: event.error,
      };
    }
    case 'CondensationSummaryEvent': {
      const event = parseOrThrow(schemas.CondensationSummaryEvent, value, where);
      return { id, index, source, parentId, kind: known, summary: event.summary };
    }
    case 'Condensation': {
      const event = parseOrThrow(schemas.Condensation, value, where);
      return {
        id,
        index,
        source,
        parentId,
        kind: known,
        forgottenEventIds: event.forgotten_event_ids ?? [],
        summary: event.summary ?? null,
        summaryOffset: event.summary_offset ?? null,
        llmResponseId: event.llm_response_id ?? null,
      };
    }
    case 'CondensationRequest':
      return { id, index, source, parentId, kind: known };
  }
}
