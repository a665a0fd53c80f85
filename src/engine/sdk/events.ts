/**
 * The OpenHands Agent SDK's event model, reduced to what the View, the condensers and the prompts
 * read. `src/formats/sdk` builds these from the logged JSON; the raw JSON stays there for display.
 * `kind` is the SDK's own discriminator (its class name), except `OtherEvent`, which stands for every
 * event the View skips (state updates, pauses, token events...) and keeps the real kind in `sdkKind`.
 */

import type { ChatTool } from '../core/index.ts';

export type SdkSource = 'agent' | 'user' | 'environment' | 'hook';
export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';

/** `TextContent`. `cachePrompt` is the logged `cache_prompt` (false when absent, as the SDK defaults it). */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly cachePrompt?: boolean;
}

/** `ImageContent`: its `image_urls` (data URLs or links). */
export interface ImagePart {
  readonly type: 'image';
  readonly urls: readonly string[];
  readonly cachePrompt?: boolean;
}

export type ContentPart = TextPart | ImagePart;

/** Anthropic extended-thinking blocks as the SDK keeps them (`ThinkingBlock`, `RedactedThinkingBlock`). */
export type ThinkingBlock =
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string | null }
  | { readonly type: 'redacted_thinking'; readonly data: string };

export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** The JSON text of the arguments, as the model wrote it. */
  readonly arguments: string;
}

interface EventBase {
  readonly id: string;
  /** Position in the loaded log; -1 for events a replay made (condensations, summaries). */
  readonly index: number;
  readonly source: SdkSource;
  /** Conversation-tree link (SDK v1.31+); null on legacy events and the root. */
  readonly parentId: string | null;
}

export interface SystemPromptEvent extends EventBase {
  readonly kind: 'SystemPromptEvent';
  readonly systemPrompt: string;
  /** The tool definitions as logged; token counting serializes them. */
  readonly tools: readonly unknown[];
  readonly dynamicContext: string | null;
  /**
   * The tools as the agent sent them (chat-completions function tools), when the log recorded that
   * form (2025 SDKs did); null when it recorded ToolDefinitions, which leave out the parameter schemas.
   * Absent on hand-made events.
   */
  readonly chatTools?: readonly ChatTool[] | null;
  /** Each tool's name: a function tool's name, or a ToolDefinition's `title` (its annotated title, else its name). */
  readonly toolNames?: readonly string[];
}

export interface MessageEvent extends EventBase {
  readonly kind: 'MessageEvent';
  readonly role: MessageRole;
  readonly content: readonly ContentPart[];
  readonly extendedContent: readonly ContentPart[];
  /** Set on agent messages: the LLM response that produced them. */
  readonly responseId: string | null;
  readonly activatedSkills: readonly string[];
  readonly thinkingBlockCount: number;
  // The rest of `llm_message`, for the chat messages; absent means the SDK's default (none, empty).
  readonly toolCalls?: readonly ToolCall[] | null;
  readonly toolCallId?: string | null;
  readonly name?: string | null;
  readonly reasoningContent?: string | null;
  readonly thinkingBlocks?: readonly ThinkingBlock[];
}

export interface ActionEvent extends EventBase {
  readonly kind: 'ActionEvent';
  /** Texts of `thought`; only the first action of a batch has any. */
  readonly thought: readonly string[];
  readonly thinkingBlockCount: number;
  /** The action's class name (`TerminalAction`); null for a non-executable call (unknown tool). */
  readonly actionKind: string | null;
  readonly toolName: string;
  readonly toolCallId: string;
  readonly toolCall: ToolCall;
  /** Actions of one LLM response (one batch) share it. */
  readonly responseId: string;
  // Reasoning of the LLM response, on the first action of a batch; absent means none.
  readonly reasoningContent?: string | null;
  readonly thinkingBlocks?: readonly ThinkingBlock[];
}

interface ObservationLikeBase extends EventBase {
  readonly toolName: string;
  readonly toolCallId: string;
}

export interface ObservationEvent extends ObservationLikeBase {
  readonly kind: 'ObservationEvent';
  /** The observation's logged content (without `extended_content`). */
  readonly content: readonly ContentPart[];
  readonly extendedContent: readonly ContentPart[];
  readonly actionId: string;
  /**
   * The logged observation's fields its tool's `to_llm_content` reads. Absent on hand-made events:
   * then `content` is what the LLM reads.
   */
  readonly observation?: SdkObservation;
}

export interface UserRejectObservation extends ObservationLikeBase {
  readonly kind: 'UserRejectObservation';
  readonly rejectionReason: string;
  readonly actionId: string;
}

export interface AgentErrorEvent extends ObservationLikeBase {
  readonly kind: 'AgentErrorEvent';
  readonly error: string;
}

/** Never logged: the View synthesizes it when it applies a Condensation that has a summary. */
export interface CondensationSummaryEvent extends EventBase {
  readonly kind: 'CondensationSummaryEvent';
  readonly summary: string;
}

export interface Condensation extends EventBase {
  readonly kind: 'Condensation';
  /** A set in the SDK; the log's order is kept for display. */
  readonly forgottenEventIds: readonly string[];
  readonly summary: string | null;
  readonly summaryOffset: number | null;
  /** Required since the SDK records it; 2025 logs lack it. */
  readonly llmResponseId: string | null;
}

export interface CondensationRequest extends EventBase {
  readonly kind: 'CondensationRequest';
}

export interface OtherEvent extends EventBase {
  readonly kind: 'OtherEvent';
  readonly sdkKind: string;
}

export type ObservationLike = ObservationEvent | UserRejectObservation | AgentErrorEvent;

/** The LLM-convertible events: the only ones a View holds. */
export type ViewEvent = SystemPromptEvent | MessageEvent | ActionEvent | ObservationLike | CondensationSummaryEvent;

export type SdkEvent = ViewEvent | Condensation | CondensationRequest | OtherEvent;

export function isViewEvent(event: SdkEvent): event is ViewEvent {
  return event.kind !== 'Condensation' && event.kind !== 'CondensationRequest' && event.kind !== 'OtherEvent';
}

/** ObservationBaseEvent: what the View properties match to actions by `tool_call_id`. */
export function isObservationLike(event: SdkEvent): event is ObservationLike {
  return (
    event.kind === 'ObservationEvent' || event.kind === 'UserRejectObservation' || event.kind === 'AgentErrorEvent'
  );
}

/** An action that opens an extended-thinking tool loop (not a type guard: other actions exist). */
export function hasThinking(event: SdkEvent): boolean {
  return event.kind === 'ActionEvent' && event.thinkingBlockCount > 0;
}

/** The summary a Condensation inserts; its id is deterministic so later condensations can forget it. */
export function summaryEventOf(condensation: Condensation): CondensationSummaryEvent {
  if (condensation.summary === null) throw new Error(`condensation ${condensation.id} has no summary`);
  return {
    id: `${condensation.id}-summary`,
    index: -1,
    source: condensation.source,
    parentId: null,
    kind: 'CondensationSummaryEvent',
    summary: condensation.summary,
  };
}

/** What a condenser hands back instead of a View; the replay gives it an id and appends it. */
export interface CondensationDraft {
  readonly forgottenEventIds: readonly string[];
  readonly summary: string | null;
  readonly summaryOffset: number | null;
  readonly llmResponseId: string | null;
}

export function condensationEvent(id: string, draft: CondensationDraft): Condensation {
  const { forgottenEventIds, summary, summaryOffset, llmResponseId } = draft;
  return {
    id,
    index: -1,
    source: 'environment',
    parentId: null,
    kind: 'Condensation',
    forgottenEventIds,
    summary,
    summaryOffset,
    llmResponseId,
  };
}

/** The `CmdOutputMetadata` fields the rendering reads (SDK defaults where the log has none). */
export interface TerminalMetadata {
  readonly exitCode: number;
  readonly workingDir: string | null;
  readonly pyInterpreterPath: string | null;
  readonly prefix: string;
  readonly suffix: string;
}

interface WithContent {
  /** The observation class name (`kind`). */
  readonly kind: string;
  readonly content: readonly ContentPart[];
  readonly isError: boolean;
}

/** A logged observation, by the `to_llm_content` that renders it. */
export type SdkObservation =
  /** `Observation.to_llm_content`: every tool that does not override it (file editor, finish, think, glob, grep, MCP...). */
  | (WithContent & { readonly render: 'content' })
  | (WithContent & {
      readonly render: 'terminal';
      readonly metadata: TerminalMetadata;
      readonly fullOutputSaveDir: string | null;
    })
  | (WithContent & {
      readonly render: 'browser';
      readonly screenshotData: string | null;
      readonly fullOutputSaveDir: string | null;
    })
  | (WithContent & {
      readonly render: 'task';
      readonly taskId: string;
      readonly subagent: string;
      readonly status: string;
    })
  | {
      readonly render: 'consultTom';
      readonly kind: string;
      readonly suggestions: string;
      readonly confidence: number | null;
      readonly reasoning: string | null;
    }
  | {
      readonly render: 'sleeptimeCompute';
      readonly kind: string;
      readonly message: string;
      readonly sessionsProcessed: number;
    }
  // Before 2025-11-05:
  | {
      readonly render: 'earlierBash';
      readonly kind: string;
      readonly output: string;
      readonly error: boolean;
      readonly metadata: TerminalMetadata;
    }
  | { readonly render: 'earlierEditor'; readonly kind: string; readonly output: string; readonly error: string | null }
  | {
      readonly render: 'earlierBrowser';
      readonly kind: string;
      readonly output: string;
      readonly error: string | null;
      readonly screenshotData: string | null;
    }
  | (WithContent & { readonly render: 'earlierMcp'; readonly toolName: string })
  /** Finish and delegate (`message`), think and task tracker (`content` string): one text. */
  | { readonly render: 'earlierText'; readonly kind: string; readonly text: string }
  /** An observation neither SDK could read; `problem` says why. */
  | { readonly render: 'unreadable'; readonly kind: string; readonly problem: string };
