import { type TextDigest, type TextTokens, ownedStores } from '../../core/index.ts';
import type { DraftImage, DraftText } from './draft.ts';

/**
 * The digests of logged events' message parts (per event: one per part, a text's digest or null for an
 * image, whose URLs no estimate reads; or null when OpenHands shows nothing for it), kept as long as the
 * log. Numbers only: a usage estimate after a setting change then measures an observation without
 * reading its text (or a browsing page's screenshot) from the log again (on a 100 MB log, about a second
 * of every estimate): about 70 bytes an observation (measured: 10.5 MB for 160,000).
 */
export type EventTextDigests = WeakMap<object, PartDigests>;

type PartDigests = readonly (TextDigest | null)[] | null;

/**
 * One store per token counter (one per opened log) and message length limit: an event's parts depend
 * only on it and the limit (recall observations, which depend on the view, are never stored).
 */
export const eventTextDigests = ownedStores<TextTokens, number | null, PartDigests>();

/**
 * A text part of a logged event's message. Built from its text, it can tell the estimate to remember
 * its digest (`remember`); built from a remembered digest, it reads its text only when something asks
 * for it (a transcript, or OpenHands' blank line between two user messages). Changing its text drops
 * both: the digest then no longer describes it.
 */
export class EventText implements DraftText {
  readonly kind = 'text';
  cachePrompt = false;
  private known: string | null;

  constructor(
    text: string | null,
    public digest: TextDigest | null,
    private read: (() => string) | null,
    public remember: ((digest: TextDigest) => void) | null,
  ) {
    this.known = text;
  }

  get text(): string {
    if (this.known === null) {
      this.known = this.read!();
      this.read = null;
    }
    return this.known;
  }

  set text(text: string) {
    this.known = text;
    this.read = null;
    this.digest = null;
    this.remember = null;
  }
}

/**
 * An image part of a logged event's message, built from a digest: its URLs are read only when asked for
 * (no estimate does; neither profile sends images, vision being off in both).
 */
export class EventImage implements DraftImage {
  readonly kind = 'image';
  cachePrompt = false;
  private known: readonly string[] | null = null;

  constructor(private read: (() => readonly string[]) | null) {}

  get urls(): readonly string[] {
    if (this.known === null) {
      this.known = this.read!();
      this.read = null;
    }
    return this.known;
  }
}
