/**
 * The chat request the agent's own LLM received at a step, as JSON: the shared vocabulary of the V0 and
 * SDK message builders and of the usage model. Messages are exactly what OpenHands handed its LLM client
 * (`format_messages_for_llm` in V0, `to_chat_dict` in the SDK), so they can be compared and copied as is.
 */

/** Which serialization flags apply: they depend on the model, not on the log (spec/agent-messages.md §1). */
export type ChatProfile = 'anthropic' | 'openai';
export const CHAT_PROFILES: readonly ChatProfile[] = ['anthropic', 'openai'];

export function isChatProfile(value: string): value is ChatProfile {
  return (CHAT_PROFILES as readonly string[]).includes(value);
}

/** How an agent's calls are estimated: one chat profile for all, or 'auto': each call by its own model's. */
export type AgentProfile = ChatProfile | 'auto';
export const AGENT_PROFILES: readonly AgentProfile[] = ['auto', ...CHAT_PROFILES];
export const isAgentProfile = (value: string): value is AgentProfile =>
  (AGENT_PROFILES as readonly string[]).includes(value);

export interface CacheControl {
  readonly type: 'ephemeral';
}

export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly cache_control?: CacheControl;
}

export interface ImagePart {
  readonly type: 'image_url';
  readonly image_url: { readonly url: string };
  readonly cache_control?: CacheControl;
}

export type ContentPart = TextPart | ImagePart;

export interface ChatToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

/** An Anthropic extended-thinking block handed back to the model (the SDK's `thinking_blocks` key). */
export type ChatThinkingBlock =
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string | null }
  | { readonly type: 'redacted_thinking'; readonly data: string };

/** One message of the request. Builders add only the keys OpenHands' serializer writes. */
export interface ChatMessage {
  readonly role: ChatRole;
  /** Absent where the SDK leaves it out (an assistant turn that only calls tools). */
  readonly content?: string | readonly ContentPart[];
  readonly tool_calls?: readonly ChatToolCall[];
  readonly tool_call_id?: string;
  readonly name?: string;
  /** A tool message's cache marker sits on the message, not its parts (OpenHands moves it there for litellm). */
  readonly cache_control?: CacheControl;
  /** SDK: an assistant turn's extended-thinking blocks, beside its content (list serializer only). */
  readonly thinking_blocks?: readonly ChatThinkingBlock[];
  /** SDK: an assistant turn's reasoning, for the models that must be sent it back (`send_reasoning_content`). */
  readonly reasoning_content?: string;
}

/** A tool schema as the agent sent it (`tools` of the request), kept as the log recorded it. */
export type ChatTool = Readonly<Record<string, unknown>>;

export const EPHEMERAL: CacheControl = Object.freeze({ type: 'ephemeral' });

/** True when the message carries a prompt-cache breakpoint (on itself or on one of its parts). */
export function hasCacheBreakpoint(message: ChatMessage): boolean {
  if (message.cache_control) return true;
  return contentParts(message).some((part) => part.cache_control !== undefined);
}

/** The content as a list of parts (a string is one text part, no content none). */
export function contentParts(message: ChatMessage): readonly ContentPart[] {
  if (message.content === undefined) return [];
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}
