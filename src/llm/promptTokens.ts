/**
 * A summarizer prompt's tokens, counted part by part (PromptPart): a logged event's text has its count
 * remembered, so the next replay that summarizes it (under another setting) reads nothing from the
 * log for it. The parts are counted apart only where the text between them is an exact cut
 * (textPieces.ts: after a '\n', before printable ASCII other than '/'), as the event blocks of our
 * templates and the SDK's are; elsewhere (a template that puts `{events}` after other text) they are
 * counted together, as one text.
 */
import { type BoundedMemo, type LoggedText, type PromptPart, lruMemo, ownedStores } from '../engine/index.ts';
import { type CountText } from './tokenCount.ts';
import { exactCutAt } from './textPieces.ts';

/**
 * What is remembered of a logged text: its count, whether it ends with '\n' and whether its start is
 * an exact cut after one, packed in one number (count * 4 + 2 * ends + starts).
 */
type Digest = number;

const digestOf = (text: string, count: number): Digest =>
  count * 4 + (text.endsWith('\n') ? 2 : 0) + (exactCutAt(text, 0) ? 1 : 0);

/** Per counter and form, per logged event: counts die with the opened log (its events are the keys). */
const digests = ownedStores<CountText, string, Digest>();

/** The literal texts between logged ones (a block's end, the next one's start) are few and short: their counts, per counter. */
const literalCounts = new WeakMap<CountText, BoundedMemo<string, number>>();
/** Longer literal texts (a template's preamble, a previous summary) go to the counter's own memory of pieces. */
const LITERAL_CHARS = 256;
/** Characters of literal texts remembered per counter. */
const LITERALS_CHARS = 1_000_000;

function countLiteral(text: string, countText: CountText): number {
  if (text.length > LITERAL_CHARS) return countText(text);
  let counts = literalCounts.get(countText);
  if (!counts) literalCounts.set(countText, (counts = lruMemo<string, number>(LITERALS_CHARS, (_, key) => key.length)));
  return counts.get(text, () => countText(text));
}

export function countPromptTokens(parts: readonly PromptPart[], countText: CountText): number {
  // Per part: its text when it was read, its digest when remembered.
  const texts: (string | null)[] = parts.map((part) => (typeof part === 'string' ? part : null));
  const known: (Digest | undefined)[] = parts.map((part) =>
    typeof part === 'string' ? undefined : digests(countText, part.form).get(part.event),
  );
  const text = (k: number) => (texts[k] ??= (parts[k] as LoggedText).text());
  const endsWithNewline = (k: number) => {
    const digest = known[k];
    return digest === undefined ? text(k).endsWith('\n') : (digest & 2) !== 0;
  };
  const startsAtCut = (k: number) => {
    const digest = known[k];
    return digest === undefined ? exactCutAt(text(k), 0) : (digest & 1) !== 0;
  };
  let total = 0;
  // Each run of parts [from, k) with no exact cut inside is counted as one text.
  let from = 0;
  for (let k = 1; k <= parts.length; k++) {
    if (k < parts.length && !(endsWithNewline(k - 1) && startsAtCut(k))) continue;
    if (k - from === 1 && typeof parts[from] !== 'string') {
      const part = parts[from] as LoggedText;
      let digest = known[from];
      if (digest === undefined) {
        const own = text(from);
        digest = digestOf(own, own === '' ? 0 : countText(own));
        digests(countText, part.form).set(part.event, digest);
      }
      total += Math.floor(digest / 4);
    } else {
      let run = '';
      for (let j = from; j < k; j++) run += text(j);
      if (run !== '') total += k - from === 1 ? countLiteral(run, countText) : countText(run);
    }
    from = k;
  }
  return total;
}
