/**
 * The LLM port. Condensers never call a model: they yield an `LlmRequest` and receive an `LlmAnswer`
 * from whoever drives the replay (a script, recorded answers, or a real endpoint in the browser).
 */
import { quotedJsonLength } from './jsonLength.ts';

/** A message of a condenser's own LLM request (plain text content). */
export interface LlmMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ToolDefinition {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: Readonly<Record<string, unknown>>;
  };
}

export type LlmCondenserType = 'llm' | 'structured' | 'llm_attention';

/** The tool OpenHands' structured summary condenser forces (`create_state_summary`). */
export const STATE_SUMMARY_TOOL_NAME = 'create_state_summary';

/** One chat-completion request, in OpenAI's terms, plus which condenser asked. */
export interface LlmRequest {
  readonly condenser: LlmCondenserType;
  /**
   * Everything that decides the messages, written compactly: the prompt template, the previous
   * summary, the ids of the events it covers (their text comes from the session's own log)... Two
   * requests of one session with the same identity send the same messages, so recorded answers are
   * keyed by it, without rendering and hashing whole prompts at every replay.
   */
  readonly identity: string;
  /**
   * JSON.stringify(identity).length, where it is known without building the identity: a request's key
   * hashes a text holding its identity so quoted, and a length no recorded key has rules a request out.
   */
  readonly identityJsonLength?: number;
  /**
   * A summarizer's request: the ids of the events it is asked to summarize (and its condensation will
   * forget). A recorded summary answers it only when the recorded condensation forgot exactly these.
   */
  readonly forgets?: readonly (number | string)[];
  readonly messages: readonly LlmMessage[];
  /**
   * A summarizer's prompt (its one user message's content) as literal texts and logged events' texts,
   * so a token count can remember each event's share and not build its text again (see LoggedText).
   */
  readonly prompt?: readonly PromptPart[];
  readonly tools?: readonly ToolDefinition[];
  /** Forces a call of this tool (OpenAI `tool_choice: {type: 'function', function: {name}}`). */
  readonly forcedTool?: string;
  /** A JSON-schema `response_format`. */
  readonly responseSchema?: { readonly name: string; readonly schema: Readonly<Record<string, unknown>> };
}

export interface LlmToolCall {
  readonly name: string;
  /** The JSON text the model produced, unparsed. */
  readonly arguments: string;
}

export interface LlmUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface LlmAnswer {
  readonly content: string | null;
  readonly toolCalls?: readonly LlmToolCall[];
  readonly usage?: LlmUsage;
}

/**
 * A logged event's share of a prompt: its text, with what the prompt wraps it in up to a newline.
 * `event` is the log's own event object (the same for the whole opened log) and `form` names whatever
 * else the text depends on (a length limit, a format): a token count can remember the text's count
 * under both, and the next replay that summarizes the event (under another setting) need not build
 * its text again.
 */
export interface LoggedText {
  readonly event: object;
  readonly form: string;
  text(): string;
}

export type PromptPart = string | LoggedText;

export function promptText(parts: readonly PromptPart[]): string {
  let text = '';
  for (const part of parts) text += typeof part === 'string' ? part : part.text();
  return text;
}

/** Prompt parts in order, each run of literal texts merged into one. */
export class PromptParts {
  private readonly parts: PromptPart[] = [];

  text(text: string): this {
    if (text === '') return this;
    const last = this.parts.length - 1;
    if (last >= 0 && typeof this.parts[last] === 'string') this.parts[last] += text;
    else this.parts.push(text);
    return this;
  }

  add(part: PromptPart): this {
    if (typeof part === 'string') return this.text(part);
    this.parts.push(part);
    return this;
  }

  done(): readonly PromptPart[] {
    return this.parts;
  }
}

/** `identity`: the values that decide the request's content; its identity is their JSON. */
type RequestBuild = { readonly identity: () => readonly unknown[] } & (
  | { readonly messages: () => readonly LlmMessage[]; readonly prompt?: never }
  /** One user message, in parts. */
  | { readonly prompt: () => readonly PromptPart[]; readonly messages?: never }
);

/**
 * A request whose identity and messages are only built when someone reads them: a scripted replay
 * reads neither, a replay with no recorded answers of its condenser's kind reads no identity, and
 * building summarizer prompts is most of a condensation's cost.
 */
export function lazyRequest(
  fields: Omit<LlmRequest, 'messages' | 'identity' | 'identityJsonLength' | 'prompt'>,
  build: RequestBuild,
): LlmRequest {
  let identityValues: readonly unknown[] | null = null;
  const values = () => (identityValues ??= build.identity());
  let identity: string | null = null;
  let identityJsonLength: number | null = null;
  let messages: readonly LlmMessage[] | null = null;
  const parts = build.prompt;
  // One of the two is given (RequestBuild): the messages, or the prompt they are made of.
  const makeMessages = build.messages ?? (() => [{ role: 'user' as const, content: promptText(parts!()) }]);
  return {
    ...fields,
    get identity() {
      identity ??= JSON.stringify(values());
      return identity;
    },
    get identityJsonLength() {
      identityJsonLength ??= quotedJsonLength(values());
      return identityJsonLength;
    },
    // Built again each time it is read (a count reads it once): kept, a replay's parts outlived young collections.
    get prompt() {
      return parts?.();
    },
    get messages() {
      messages ??= makeMessages();
      return messages;
    },
  };
}

/** A condenser's work: yields LLM requests, receives answers, returns its result. */
export type LlmWork<T> = Generator<LlmRequest, T, LlmAnswer>;

/** Raised by whoever answers the LLM requests when it cannot (script exhausted, endpoint down...). */
export class LlmUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmUnavailable';
  }
}
