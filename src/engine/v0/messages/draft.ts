import { type BoundedMemo, type ChatRole, type ChatToolCall, MEMO_CHARS, lruMemo } from '../../core/index.ts';

/*
 * OpenHands' `Message` while ConversationMemory builds it: mutable, because OpenHands edits messages in
 * place (newlines between user messages, cache flags), and with image parts kept even when vision is
 * off, because a cache flag can land on an image that the serializer then drops.
 */

export interface DraftText {
  readonly kind: 'text';
  text: string;
  cachePrompt: boolean;
}

export interface DraftImage {
  readonly kind: 'image';
  readonly urls: readonly string[];
  cachePrompt: boolean;
}

export type DraftPart = DraftText | DraftImage;

export interface DraftMessage {
  readonly role: ChatRole;
  /** Shared, as in OpenHands, between an observation's message and the tool message made from it. */
  readonly content: DraftPart[];
  readonly toolCalls: readonly ChatToolCall[] | null;
  readonly toolCallId: string | null;
  readonly name: string | null;
  /** Ids of the log events this message was made from (display only; -1 for summaries and placeholders). */
  readonly eventIds: readonly number[];
}

/** A part as built from an event once, to be copied into each step's (mutable) draft. */
export type FrozenPart =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'image'; readonly urls: readonly string[] };

/**
 * The parts a logged event turns into depend only on the event and the settings, not on the step:
 * remembered per event (the most recently used, up to MEMO_CHARS), so that a step builds only
 * its new events' texts (and the token counter sees the same string again). One cache per set of options.
 */
export type MessagePartsCache = BoundedMemo<object, readonly FrozenPart[] | null>;

const partsChars = (parts: readonly FrozenPart[] | null): number =>
  (parts ?? []).reduce((sum, part) => sum + (part.kind === 'text' ? part.text.length : part.urls.join('').length), 0);

export function newMessagePartsCache(): MessagePartsCache {
  return lruMemo(MEMO_CHARS, partsChars);
}

export function thaw(parts: readonly FrozenPart[]): DraftPart[] {
  return parts.map((part) => (part.kind === 'text' ? textPart(part.text) : imagePart(part.urls)));
}

export function textPart(text: string): DraftText {
  return { kind: 'text', text, cachePrompt: false };
}

export function imagePart(urls: readonly string[]): DraftImage {
  return { kind: 'image', urls, cachePrompt: false };
}

export function draft(
  role: ChatRole,
  content: DraftPart[],
  eventIds: readonly number[],
  extra: Partial<Pick<DraftMessage, 'toolCalls' | 'toolCallId' | 'name'>> = {},
): DraftMessage {
  return {
    role,
    content,
    toolCalls: extra.toolCalls ?? null,
    toolCallId: extra.toolCallId ?? null,
    name: extra.name ?? null,
    eventIds,
  };
}

/**
 * Why a step's messages cannot be built: what OpenHands' agent would raise there, or what the log lacks.
 * One line, naming the event.
 */
export class AgentMessagesError extends Error {
  constructor(
    message: string,
    /** The Python exception OpenHands raises here, when it raises one. */
    readonly pythonError: string | null = null,
  ) {
    super(message);
    this.name = 'AgentMessagesError';
  }
}
