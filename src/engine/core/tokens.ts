import { lruMemo } from './boundedMemo.ts';

/** The token port both engines share: how many tokens the LLM sees for a piece of text. */
export interface TextTokens {
  text(text: string): number;
}

/** Characters of texts whose counts are remembered: a big log's every message would be a second copy of it. */
const COUNTED_TEXT_CHARS = 16_000_000;

/** Remembers text counts: summaries, placeholders and messages repeat at every step. */
export function cachingText(counter: TextTokens): TextTokens {
  const counts = lruMemo<string, number>(COUNTED_TEXT_CHARS, (_count, text) => text.length);
  return { text: (text) => counts.get(text, () => counter.text(text)) };
}
