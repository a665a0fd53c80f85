/** The token port both engines share: how many tokens the LLM sees for a piece of text. */
export interface TextTokens {
  text(text: string): number;
}

/** Remembers text counts: summaries, placeholders and messages repeat at every step. */
export function cachingText(counter: TextTokens): TextTokens {
  const cache = new Map<string, number>();
  return {
    text(text) {
      let count = cache.get(text);
      if (count === undefined) {
        count = counter.text(text);
        cache.set(text, count);
      }
      return count;
    },
  };
}
