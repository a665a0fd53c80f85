import { type ChatMessage, contentParts } from '../../engine/index.ts';

/** The marker OpenHands puts where it cut an observation's middle out. */
export const TRUNCATION_MARK = '\n[... Observation truncated due to length ...]\n';

export interface MessageFacts {
  readonly texts: readonly string[];
  /** Images the request did not carry (vision off): counted, never shown. */
  readonly droppedImages: number;
  readonly cacheBreakpoint: boolean;
  readonly truncated: boolean;
}

export function messageFacts(message: ChatMessage): MessageFacts {
  const parts = contentParts(message);
  const texts = parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  return {
    texts,
    droppedImages: parts.filter((part) => part.type === 'image_url').length,
    cacheBreakpoint: message.cache_control !== undefined || parts.some((part) => part.cache_control !== undefined),
    truncated: texts.some((text) => text.includes(TRUNCATION_MARK)),
  };
}

/** Tool-call arguments as the model wrote them, indented when they are JSON. */
export function readableArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A long text cut for the collapsed view: the first lines, and how much is left. */
export function preview(
  text: string,
  maxLines = 8,
  maxChars = 700,
): { readonly shown: string; readonly hiddenLines: number; readonly cut: boolean } {
  const lines = text.split('\n');
  let shown = lines.slice(0, maxLines).join('\n');
  if (shown.length > maxChars) shown = shown.slice(0, maxChars);
  const cut = shown.length < text.length;
  return { shown, hiddenLines: cut ? Math.max(0, lines.length - shown.split('\n').length) : 0, cut };
}

/** Everything of a message a search looks at: its texts, and its tool calls' names and arguments as shown. */
export function searchableText(message: ChatMessage): string {
  const calls = (message.tool_calls ?? []).map(
    (call) => `${call.function.name}\n${readableArguments(call.function.arguments)}`,
  );
  return [...messageFacts(message).texts, ...calls].join('\n');
}
