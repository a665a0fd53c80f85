import { type LogEvent, type MaskedEntry, type SummaryEntry, type ViewEntry, isAction } from './events.ts';
import { forgetsId, forgottenIds } from './forgotten.ts';
import { IdSet } from './idSet.ts';
import { lowerBound, pyInsertIndex } from '../core/index.ts';

/** What a condenser receives and what the agent is shown: events in order plus the request flag. */
export interface View {
  readonly length: number;
  readonly unhandledCondensationRequest: boolean;
  /** The entries; lazily built for views the replay can describe without copying. */
  readonly entries: readonly ViewEntry[];
  /**
   * entries[start..end), without building the rest: a condenser that reads only the ends of a long
   * view (recent) then costs what it reads, not the view's length. Absent where entries are at hand.
   */
  readonly range?: (start: number, end: number) => readonly ViewEntry[];
  /** Where the replay's history stood, for views that are that history as it was (compared cheaply). */
  readonly position?: ViewPosition;
}

/** view.entries[start..end) (indices clamped), read without building the whole view where it can be. */
export function viewRange(view: View, start: number, end: number): readonly ViewEntry[] {
  const from = Math.max(0, Math.min(start, view.length));
  const to = Math.max(from, Math.min(end, view.length));
  return view.range ? view.range(from, to) : view.entries.slice(from, to);
}

export function viewOf(entries: readonly ViewEntry[], unhandledCondensationRequest = false): View {
  return { length: entries.length, unhandledCondensationRequest, entries };
}

export interface EpochSummary {
  readonly content: string;
  readonly offset: number;
  readonly condensationId: number;
}

/**
 * The events kept between two condensations. `kept` only grows while the epoch lasts, so a step can
 * refer to its view as (epoch, keptLength) instead of copying it.
 */
export interface Epoch {
  readonly kept: LogEvent[];
  /** keptTokens[k] = token estimate of kept[0..k) (only [0] when no token estimator is given). */
  readonly keptTokens: number[];
  readonly summary: EpochSummary | null;
}

/** Where the history stood at one moment: enough to rebuild the `View.from_events` result then. */
export interface ViewPosition {
  readonly epoch: Epoch;
  readonly keptLength: number;
  readonly unhandledCondensationRequest: boolean;
}

export function viewAt(position: ViewPosition): View {
  return new PositionView(position);
}

/**
 * The history as it stood at `position`, its entries materialised only when a condenser reads them (or
 * a range of them). A class, not an object literal with closures: a replay makes one at every step,
 * and the literal (a spread, a getter and three closures) took a fifth of a replay without condensations.
 */
class PositionView implements View {
  readonly length: number;
  readonly unhandledCondensationRequest: boolean;
  /** Where the epoch's summary sits among the entries, or -1 without one. */
  private readonly summaryAt: number;
  private cache: ViewEntry[] | null = null;

  constructor(readonly position: ViewPosition) {
    const { epoch, keptLength } = position;
    const summary = epoch.summary;
    this.length = keptLength + (summary ? 1 : 0);
    this.unhandledCondensationRequest = position.unhandledCondensationRequest;
    this.summaryAt = summary ? pyInsertIndex(keptLength, summary.offset) : -1;
  }

  get entries(): readonly ViewEntry[] {
    return (this.cache ??= this.build());
  }

  range(start: number, end: number): readonly ViewEntry[] {
    return this.cache ? this.cache.slice(start, end) : this.part(start, end);
  }

  /** entries[index] (in range), without building the view. */
  at(index: number): ViewEntry {
    const at = this.summaryAt;
    const { kept, summary } = this.position.epoch;
    return at < 0 || index < at ? kept[index]! : index === at ? summaryEntry(summary!) : kept[index - 1]!;
  }

  private build(): ViewEntry[] {
    return this.summaryAt < 0 ? this.position.epoch.kept.slice(0, this.length) : this.part(0, this.length);
  }

  /** Entries [start, end) read off the epoch: its kept events, with the summary at its place. */
  private part(start: number, end: number): ViewEntry[] {
    const { kept, summary } = this.position.epoch;
    const at = this.summaryAt;
    const entries = new Array<ViewEntry>(end - start);
    for (let i = start; i < end; i++)
      entries[i - start] = at < 0 || i < at ? kept[i]! : i === at ? summaryEntry(summary!) : kept[i - 1]!;
    return entries;
  }
}

/**
 * A view whose entries before `limit` are replaced wherever `mask` gives a replacement (observation
 * masking), read through its input a range at a time: a replay step then costs the entries it reads,
 * not the whole view, which it did when every step built the masked view whole (quadratic in the log).
 */
export class MaskedView implements View {
  readonly length: number;
  // The masking views drop the request flag, as OpenHands' do.
  readonly unhandledCondensationRequest = false;
  private cache: ViewEntry[] | null = null;

  constructor(
    readonly input: View,
    /** Entries from here on are never masked (it may be negative: none is). */
    readonly limit: number,
    /**
     * The entry's placeholder (its `original` the entry itself: findEntry relies on it), or null to
     * keep it; one function per condenser, the same object per entry.
     */
    readonly mask: (entry: ViewEntry) => MaskedEntry | null,
  ) {
    this.length = input.length;
  }

  get entries(): readonly ViewEntry[] {
    return (this.cache ??= this.masked(0, this.length));
  }

  range(start: number, end: number): readonly ViewEntry[] {
    return this.cache ? this.cache.slice(start, end) : this.masked(start, end);
  }

  /** entries[index] (in range), without building the view. */
  at(index: number): ViewEntry {
    if (this.cache) return this.cache[index]!;
    const entry = entryAt(this.input, index);
    return index < this.limit ? (this.mask(entry) ?? entry) : entry;
  }

  private masked(start: number, end: number): ViewEntry[] {
    const entries = viewRange(this.input, start, end).slice();
    for (let i = start, last = Math.min(end, this.limit); i < last; i++) {
      const replacement = this.mask(entries[i - start]!);
      if (replacement) entries[i - start] = replacement;
    }
    return entries;
  }
}

/**
 * Where `later` differs from `earlier` when it is `earlier` with entries masked in place since and more
 * appended (the same masking of the history at two moments of one epoch): the indices masked since, in
 * order; null when it is not so.
 */
export function maskedSince(earlier: View, later: View): number[] | null {
  if (!(earlier instanceof MaskedView && later instanceof MaskedView && earlier.mask === later.mask)) return null;
  const inputs = sharedPrefix(earlier.input, later.input);
  return inputs === earlier.length ? maskMoved(earlier, later, inputs, false) : null;
}

/**
 * The indices below `inputs` (where their inputs are the same) that one masks and the other shows: below
 * both limits the entries are masked alike, and from the larger limit on neither is masked. Only the
 * first one when `first`.
 */
function maskMoved(earlier: MaskedView, later: MaskedView, inputs: number, first: boolean): number[] {
  const from = Math.max(0, Math.min(earlier.limit, later.limit));
  const to = Math.min(Math.max(earlier.limit, later.limit), inputs);
  const moved: number[] = [];
  if (from >= to) return moved;
  const entries = viewRange(later.input, from, to);
  for (let k = 0; k < entries.length; k++) {
    if (!later.mask(entries[k]!)) continue;
    moved.push(from + k);
    if (first) break;
  }
  return moved;
}

/**
 * Finds the entries of views that match a test, the n-th from a view's end: in the history's own view
 * from its epoch's matching events, found once as the epoch grows (a replay asks at every step); in any
 * other view by walking back from its end.
 */
export class EntryFinder {
  private readonly byEpoch = new WeakMap<Epoch, { readonly found: number[]; scanned: number }>();

  constructor(private readonly matches: (entry: ViewEntry) => boolean) {}

  /** The index in `view` of its `nth` matching entry from the end (nth from 1), or -1 when it has fewer. */
  nthFromEnd(view: View, nth: number): number {
    // The masking condensers' windows are at least 1, as OpenHands' are.
    if (nth < 1) return -1;
    const position = view.position;
    if (!position) {
      let seen = 0;
      for (let i = view.length - 1; i >= 0; i--) if (this.matches(entryAt(view, i)) && ++seen === nth) return i;
      return -1;
    }
    const { epoch, keptLength } = position;
    let epochFound = this.byEpoch.get(epoch);
    if (!epochFound) this.byEpoch.set(epoch, (epochFound = { found: [], scanned: 0 }));
    for (; epochFound.scanned < keptLength; epochFound.scanned++)
      if (this.matches(epoch.kept[epochFound.scanned]!)) epochFound.found.push(epochFound.scanned);
    // An earlier moment of the epoch (a step's view asked again) holds the events found below its length.
    const count = lowerBound(epochFound.found, keptLength);
    if (count < nth) return -1;
    const kept = epochFound.found[count - nth]!;
    // The summary (never a match: not a logged event) sits among the kept events.
    const summaryAt = epoch.summary ? pyInsertIndex(keptLength, epoch.summary.offset) : -1;
    return summaryAt >= 0 && kept >= summaryAt ? kept + 1 : kept;
  }
}

/** view.entries[index] (in range), read without building a view that is built lazily. */
export function entryAt(view: View, index: number): ViewEntry {
  return view instanceof MaskedView || view instanceof PositionView ? view.at(index) : view.entries[index]!;
}

/**
 * Entries of `view` to read from `from` to `to`: its entries where it has them at hand (`offset` 0), or
 * just that range of a view that would be built whole to have them (a masked one).
 */
export function entriesToRead(view: View, from: number, to: number): { entries: readonly ViewEntry[]; offset: number } {
  return view instanceof MaskedView
    ? { entries: view.range(from, to), offset: from }
    : { entries: view.entries, offset: 0 };
}

/**
 * How many first entries `later` shares with `earlier` when both are the history at two moments of
 * one epoch (kept events only grow there), or the same masking of two such views; null when that
 * cannot be told without comparing them.
 */
export function sharedPrefix(earlier: View, later: View): number | null {
  if (earlier instanceof MaskedView && later instanceof MaskedView && earlier.mask === later.mask) {
    const inputs = sharedPrefix(earlier.input, later.input);
    if (inputs === null) return null;
    return maskMoved(earlier, later, inputs, true)[0] ?? inputs;
  }
  const [a, b] = [earlier.position, later.position];
  if (!a || !b || a.epoch !== b.epoch || b.keptLength < a.keptLength) return null;
  const summary = a.epoch.summary;
  // The summary sits at the same place in both (else entries after it shifted).
  if (summary && pyInsertIndex(a.keptLength, summary.offset) !== pyInsertIndex(b.keptLength, summary.offset))
    return null;
  return earlier.length;
}

/** The same view item: the same event, or a placeholder or summary with the same content. */
export function sameEntry(a: ViewEntry, b: ViewEntry): boolean {
  if (a === b) return true;
  if (a.kind === 'masked' && b.kind === 'masked') return a.content === b.content && sameEntry(a.original, b.original);
  if (a.kind === 'summary' && b.kind === 'summary')
    return a.content === b.content && a.condensationId === b.condensationId;
  return false;
}

/** What an entry stands for: the logged event or summary it shows, or hides behind placeholders. */
function entryRoot(entry: ViewEntry): ViewEntry {
  let root = entry;
  while (root.kind === 'masked') root = root.original;
  return root;
}

/**
 * The first index from `from` on where `view` has the same entry as `target` (sameEntry), or -1. A
 * masked view is scanned through the view under its masks, whose entries stand for the same things at
 * the same places: only the entries that stand for what `target` does are masked to be compared, not
 * every entry passed on the way.
 */
export function findEntry(view: View, from: number, target: ViewEntry): number {
  let unmasked = view;
  while (unmasked instanceof MaskedView) unmasked = unmasked.input;
  const root = entryRoot(target);
  for (let p = Math.max(0, from); p < view.length; p++) {
    const candidate = entryRoot(entryAt(unmasked, p));
    if (candidate !== root && !(candidate.kind === 'summary' && sameEntry(candidate, root))) continue;
    if (sameEntry(entryAt(view, p), target)) return p;
  }
  return -1;
}

const summaryEntries = new WeakMap<EpochSummary, SummaryEntry>();

/**
 * The summary's entry, one object per epoch: consecutive views then share it, and whatever compares
 * them by identity (token sums, trace deltas) goes past it instead of counting the rest again.
 */
function summaryEntry(summary: EpochSummary): SummaryEntry {
  let entry = summaryEntries.get(summary);
  if (!entry) {
    entry = { kind: 'summary', content: summary.content, condensationId: summary.condensationId };
    summaryEntries.set(summary, entry);
  }
  return entry;
}

/**
 * Incremental `View.from_events`: appending an event costs O(1) unless it is a condensation, so a
 * replay does not rebuild the view from the whole history at every step (OpenHands does).
 * Same semantics: forgetting is global (a condensation also hides later events it lists), the
 * condensation and request actions themselves never show, only the latest summary-bearing
 * condensation's summary is inserted, and the request flag follows the last of the two kinds.
 */
export class ViewTracker {
  private readonly forgotten: IdSet;
  private readonly sortedIds: readonly number[];
  private readonly tokensOf: ((event: LogEvent) => number) | undefined;
  private epochValue: Epoch = { kept: [], keptTokens: [0], summary: null };
  private unhandled = false;

  /**
   * @param sortedIds ascending ids of every event that may enter the history; a range condensation
   *   forgets the known ids inside it (ids that never occur cannot be shown anyway).
   */
  constructor(sortedIds: readonly number[], tokensOf?: (event: LogEvent) => number) {
    this.sortedIds = sortedIds;
    this.forgotten = IdSet.forIds(sortedIds);
    this.tokensOf = tokensOf;
  }

  get epoch(): Epoch {
    return this.epochValue;
  }

  append(event: LogEvent): void {
    if (isAction(event, 'condensation') && event.condensation) {
      this.forgetAll(event);
      this.forgotten.add(event.id);
      const { summary, summaryOffset } = event.condensation;
      const newSummary: EpochSummary | null =
        summary !== null && summaryOffset !== null
          ? { content: summary, offset: summaryOffset, condensationId: event.id }
          : this.epochValue.summary;
      this.startEpoch(newSummary);
      this.unhandled = false;
      return;
    }
    if (isAction(event, 'condensation_request')) {
      this.forgotten.add(event.id);
      this.unhandled = true;
      return;
    }
    if (this.forgotten.has(event.id)) return;
    const { kept, keptTokens } = this.epochValue;
    kept.push(event);
    if (this.tokensOf) keptTokens.push(keptTokens[keptTokens.length - 1]! + this.tokensOf(event));
  }

  position(): ViewPosition {
    return {
      epoch: this.epochValue,
      keptLength: this.epochValue.kept.length,
      unhandledCondensationRequest: this.unhandled,
    };
  }

  view(): View {
    return viewAt(this.position());
  }

  private forgetAll(event: LogEvent & { kind: 'action' }): void {
    const args = event.condensation;
    if (!args) return;
    if (args.forgottenEventIds !== null) {
      for (const id of args.forgottenEventIds) this.forgotten.add(id);
      return;
    }
    const start = args.forgottenEventsStartId;
    const end = args.forgottenEventsEndId;
    if (start === null || end === null) return;
    for (let i = lowerBound(this.sortedIds, start); i < this.sortedIds.length; i++) {
      const id = this.sortedIds[i]!;
      if (id > end) break;
      this.forgotten.add(id);
    }
  }

  private startEpoch(summary: EpochSummary | null): void {
    const kept: LogEvent[] = [];
    const keptTokens = [0];
    for (const event of this.epochValue.kept) {
      if (this.forgotten.has(event.id)) continue;
      kept.push(event);
      if (this.tokensOf) keptTokens.push(keptTokens[keptTokens.length - 1]! + this.tokensOf(event));
    }
    this.epochValue = { kept, keptTokens, summary };
  }
}

/** `View.from_events` over a whole history, rebuilt from scratch (the reference the tracker must match). */
export function viewFromEvents(history: readonly LogEvent[]): View {
  const forgotten = new Set<number>();
  // Ranges are tested, not expanded: a range can be millions of ids wide over a short history.
  const forgetters: Array<(id: number) => boolean> = [];
  for (const event of history) {
    if (isAction(event, 'condensation') && event.condensation) {
      forgetters.push(forgetsId(forgottenIds(event.condensation)));
      forgotten.add(event.id);
    } else if (isAction(event, 'condensation_request')) {
      forgotten.add(event.id);
    }
  }
  const entries: ViewEntry[] = history.filter(
    (event) => !forgotten.has(event.id) && !forgetters.some((forgets) => forgets(event.id)),
  );
  for (let i = history.length - 1; i >= 0; i--) {
    const event = history[i]!;
    const args = isAction(event, 'condensation') ? event.condensation : undefined;
    if (args && args.summary !== null && args.summaryOffset !== null) {
      const summary = { content: args.summary, offset: args.summaryOffset, condensationId: event.id };
      entries.splice(pyInsertIndex(entries.length, summary.offset), 0, summaryEntry(summary));
      break;
    }
  }
  let unhandled = false;
  for (let i = history.length - 1; i >= 0; i--) {
    const event = history[i]!;
    if (isAction(event, 'condensation')) break;
    if (isAction(event, 'condensation_request')) {
      unhandled = true;
      break;
    }
  }
  return viewOf(entries, unhandled);
}
