import { type ChatMessage, type ChatRole, type ChatTool, contentParts, hasCacheBreakpoint } from '../chat.ts';
import type { TextTokens } from '../tokens.ts';

/** Tokens every message costs beyond its text (role and separators), as in OpenAI's own accounting. */
const MESSAGE_OVERHEAD = 4;

/**
 * One request measured in our tokenizer's tokens, with what the cache model needs. Read through
 * accessors: a request measured step by step shares its arrays with the next step's.
 */
export interface MeasuredRequest {
  readonly count: number;
  /** Our tokens of the tool schemas (sent before everything else). */
  readonly toolTokens: number;
  /** Our tokens of the whole request, tool schemas included. */
  readonly totalTokens: number;
  /** Our tokens of the request up to and including message `j`, tool schemas included. */
  ourPrefix(j: number): number;
  /** Identity of the request up to each message (see PrefixIds). */
  readonly prefixIds: ArrayLike<number>;
  /** Content blocks of each message (text parts, tool calls, tool results). */
  readonly blocks: ArrayLike<number>;
  /** Indices of the messages that carry a cache breakpoint. */
  readonly breakpoints: readonly number[];
}

/**
 * What the usage model needs of a text: its length, its first characters and its tokens. Remembered
 * for an event's message texts, it stands for them in later estimates, which then need not read them.
 */
export interface TextDigest {
  readonly length: number;
  readonly start: string;
  readonly tokens: number;
}

/** What a message is made of, as far as tokens and the cache go. */
export interface MessageShape {
  readonly role: ChatRole;
  /** Its texts (or their digests), then each tool call's name and arguments. */
  readonly texts: readonly (string | TextDigest)[];
  readonly callIds: readonly string[];
  readonly toolCallId: string | null;
  /** Content parts (images included) plus tool calls. */
  readonly blocks: number;
}

export function shapeOfChatMessage(message: ChatMessage): MessageShape {
  const parts = contentParts(message);
  const texts = parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  for (const call of message.tool_calls ?? []) texts.push(call.function.name, call.function.arguments);
  return {
    role: message.role,
    texts,
    callIds: message.tool_calls?.map((call) => call.id) ?? [],
    toolCallId: message.tool_call_id ?? null,
    blocks: Math.max(1, parts.length + (message.tool_calls?.length ?? 0)),
  };
}

/**
 * The first 24 characters of a text, copied: V8 makes a slice of 13 characters or more a view that
 * keeps the whole text alive, and keys are kept for the whole log (they would hold every message).
 */
function textStart(text: string): string {
  return text.slice(0, 12) + text.slice(12, 24);
}

/**
 * What makes two messages the same for a prompt cache, cheaply: where it came from (`origin`, e.g. the
 * event ids, when the builder knows them), its role, its tool-call ids, and the length and first
 * characters of each text. Messages of one log built from the same events differ only in ways that
 * change one of these (a blank line added, a call filtered out).
 */
export function messageKey(shape: MessageShape, origin: string): string {
  const texts = shape.texts
    .map((text) => `${text.length}:${typeof text === 'string' ? textStart(text) : text.start}`)
    .join('\u0001');
  return `${shape.role}|${origin}|${shape.callIds.join(',')}|${shape.toolCallId ?? ''}|${texts}`;
}

export function shapeTokens(shape: MessageShape, tokens: TextTokens): number {
  let total = MESSAGE_OVERHEAD;
  for (const text of shape.texts) total += typeof text === 'string' ? tokens.text(text) : text.tokens;
  return total;
}

/** A text's digest, its tokens counted by `tokens`. */
export function textDigest(text: string, tokens: TextTokens): TextDigest {
  return { length: text.length, start: textStart(text), tokens: tokens.text(text) };
}

/** Our tokens of one message (remembered per message object: a transcript asks again and again). */
const counted = new WeakMap<ChatMessage, number>();

export function messageTokens(message: ChatMessage, tokens: TextTokens): number {
  let total = counted.get(message);
  if (total === undefined) counted.set(message, (total = shapeTokens(shapeOfChatMessage(message), tokens)));
  return total;
}

export function toolSchemaText(tools: readonly ChatTool[] | null): string {
  return tools && tools.length ? JSON.stringify(tools) : '';
}

/** Message keys a prefix number can combine with exactly: 2^26 of them, times 2^27 prefixes, stay under 2^53. */
const KEY_IDS = 2 ** 26;
const PARENT_IDS = 2 ** 27;

/**
 * Interns prefixes: the same sequence of message keys (after the same tools) gets the same number.
 * A prefix is its parent's number and its last message key's number, one integer: a run of a million
 * prefixes would otherwise keep a million strings.
 */
export class PrefixIds {
  private readonly keyIds = new Map<string, number>();
  private readonly ids = new Map<number | string, number>();

  /** The empty prefix: only the tool schemas. */
  root(toolsKey: string): number {
    return this.intern(`tools:${toolsKey}`);
  }

  extend(parent: number, key: string): number {
    let keyId = this.keyIds.get(key);
    if (keyId === undefined) this.keyIds.set(key, (keyId = this.keyIds.size));
    // Past the exact range (never seen in a real run), the pair is spelled out instead.
    return this.intern(keyId < KEY_IDS && parent < PARENT_IDS ? parent * KEY_IDS + keyId : `${parent}>${keyId}`);
  }

  private intern(key: number | string): number {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return id;
  }
}

/** A request measured whole (the SDK's builder, a single transcript). */
export function measureRequest(
  messages: readonly ChatMessage[],
  origins: readonly string[],
  toolTokens: number,
  tokens: TextTokens,
  prefixes: PrefixIds,
): MeasuredRequest {
  const cumulative: number[] = [];
  const prefixIds: number[] = [];
  const blocks: number[] = [];
  const breakpoints: number[] = [];
  let total = toolTokens;
  let parent = prefixes.root(String(toolTokens));
  messages.forEach((message, k) => {
    const shape = shapeOfChatMessage(message);
    total += shapeTokens(shape, tokens);
    cumulative.push(total);
    prefixIds.push((parent = prefixes.extend(parent, messageKey(shape, origins[k] ?? ''))));
    blocks.push(shape.blocks);
    if (hasCacheBreakpoint(message)) breakpoints.push(k);
  });
  return {
    count: messages.length,
    toolTokens,
    totalTokens: total,
    ourPrefix: (j) => cumulative[j] ?? toolTokens,
    prefixIds,
    blocks,
    breakpoints,
  };
}
