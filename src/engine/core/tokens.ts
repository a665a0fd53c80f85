import { MEMO_CHARS, lruMemo } from './boundedMemo.ts';

/** The token port both engines share: how many tokens the LLM sees for a piece of text. */
export interface TextTokens {
  text(text: string): number;
}

/** Remembers text counts: summaries, placeholders and messages repeat at every step. */
export function cachingText(counter: TextTokens): TextTokens {
  const counts = lruMemo<string, number>(MEMO_CHARS, (_count, text) => text.length);
  return { text: (text) => counts.get(text, () => counter.text(text)) };
}
