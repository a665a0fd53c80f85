import { pyInsertIndex } from '../core/index.ts';
import {
  type CondensationSummaryEvent,
  type SdkEvent,
  type ViewEvent,
  isObservationLike,
  isViewEvent,
  summaryEventOf,
} from './events.ts';
import type { SdkViewTracker } from './tracker.ts';
import { type SdkView, lazySdkView } from './view.ts';

/**
 * The View of the September 2025 agent-sdk, which wrote the benchmark conversations: like OpenHands
 * V0, forgetting is global (a condensation also hides later events it names) and only the latest
 * summary is shown; then actions and observations without their partner are filtered out. It forgets
 * exactly the ids a condensation names: batch atomicity came later (SDK #775, 2025-10-20).
 * The SDK gave that summary a fresh random id at every rebuild; `<condensation id>-summary` stands in.
 */
export class LegacyViewTracker implements SdkViewTracker {
  private readonly forgotten = new Set<string>();
  private kept: ViewEvent[] = [];
  private summary: CondensationSummaryEvent | null = null;
  private summaryOffset = 0;
  private unhandled = false;

  append(event: SdkEvent): void {
    if (event.kind === 'Condensation') {
      for (const id of event.forgottenEventIds) this.forgotten.add(id);
      this.forgotten.add(event.id);
      this.kept = this.kept.filter((kept) => !this.forgotten.has(kept.id));
      if (event.summary !== null && event.summaryOffset !== null) {
        this.summary = summaryEventOf(event);
        this.summaryOffset = event.summaryOffset;
      }
      this.unhandled = false;
    } else if (event.kind === 'CondensationRequest') {
      this.unhandled = true;
    } else if (isViewEvent(event) && !this.forgotten.has(event.id)) {
      this.kept.push(event);
    }
  }

  view(): SdkView {
    const kept = this.kept;
    const keptLength = kept.length;
    const summary = this.summary;
    const summaryOffset = this.summaryOffset;
    // The summary is neither an action nor an answer, so it never changes what is unmatched.
    const length = keptLength + (summary ? 1 : 0) - unmatchedToolCalls(kept);
    return lazySdkView(length, this.unhandled, () => {
      const events = kept.slice(0, keptLength);
      if (summary) events.splice(pyInsertIndex(events.length, summaryOffset), 0, summary);
      return withoutUnmatchedToolCalls(events);
    });
  }
}

function matchedPredicate(events: readonly ViewEvent[]): (event: ViewEvent) => boolean {
  const called = new Set<string>();
  const answered = new Set<string>();
  for (const event of events) {
    if (event.kind === 'ActionEvent') called.add(event.toolCallId);
    else if (isObservationLike(event)) answered.add(event.toolCallId);
  }
  return (event) => {
    if (event.kind === 'ActionEvent') return answered.has(event.toolCallId);
    if (isObservationLike(event)) return called.has(event.toolCallId);
    return true;
  };
}

/** `filter_unmatched_tool_calls`: drops actions nobody answered and answers to actions not in the view. */
export function withoutUnmatchedToolCalls(events: readonly ViewEvent[]): ViewEvent[] {
  return events.filter(matchedPredicate(events));
}

/** How many events `withoutUnmatchedToolCalls` would drop, without building the filtered list. */
function unmatchedToolCalls(events: readonly ViewEvent[]): number {
  const matched = matchedPredicate(events);
  let count = 0;
  for (const event of events) if (!matched(event)) count++;
  return count;
}
