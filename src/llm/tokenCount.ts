import { sdk } from '../engine/index.ts';
import { type LogEvent, type TokenEstimator, eventTokenText } from '../engine/v0/index.ts';
import { pieceEnd, rememberedCounts } from './textPieces.ts';

/** Counts the tokens of a text; the app and the CLI plug in gpt-tokenizer's o200k encoding. */
export type CountText = (text: string) => number;

/** Token counts of events (index-aligned with the events): all of them, or from..to-1 into `into`. */
export function countEventTokens(
  events: readonly LogEvent[],
  countText: CountText,
  from = 0,
  to = events.length,
  into: Uint32Array = new Uint32Array(events.length),
): Uint32Array {
  for (let i = from; i < to; i++) {
    const text = eventTokenText(events[i]!);
    into[i] = text === '' ? 0 : countText(text);
  }
  return into;
}

/** A TokenEstimator over precomputed per-event counts (events the replay made count as zero). */
export function tokenEstimator(eventCounts: Uint32Array, countText: CountText): TokenEstimator {
  return {
    event: (event) => (event.index >= 0 ? (eventCounts[event.index] ?? 0) : 0),
    text: (text) => (text === '' ? 0 : countText(text)),
  };
}

/**
 * OpenAI's o200k tokenizer: an estimate for other models' tokenizers, but a real one. Loaded on
 * demand, since its tables are megabytes.
 */
export async function loadTokenizer(): Promise<CountText> {
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  return inPieces(countTokens);
}

/** Counts a text piece by piece (textPieces.ts), each piece's count remembered. */
export function inPieces(count: CountText): CountText {
  const countPiece = rememberedCounts(count);
  return (text) => {
    let total = 0;
    for (let start = 0; start < text.length;) {
      const end = pieceEnd(text, start);
      total += countPiece(start === 0 && end === text.length ? text : text.slice(start, end));
      start = end;
    }
    return total;
  };
}

/**
 * The SDK agent's LLM as its condensers see it: the context window (null when unknown) and a token
 * counter over `events_to_messages`, with o200k standing in for the model's own tokenizer. Counts are
 * remembered per text (and per tool list), since the same events are counted at every step.
 */
export function sdkAgentLlm(countText: CountText, maxInputTokens: number | null): sdk.AgentLlm {
  const counts = new Map<string, number>();
  const toolTexts = new WeakMap<readonly unknown[], string>();
  const toolsText = (tools: readonly unknown[]) => {
    let text = toolTexts.get(tools);
    if (text === undefined) toolTexts.set(tools, (text = JSON.stringify(tools)));
    return text;
  };
  return {
    maxInputTokens,
    countTokens(request) {
      let total = 0;
      for (const text of sdk.tokenTexts(request, toolsText)) {
        let count = counts.get(text);
        if (count === undefined) counts.set(text, (count = countText(text)));
        total += count;
      }
      return total;
    },
  };
}
