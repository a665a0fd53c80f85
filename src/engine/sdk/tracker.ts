import { type SdkEvent, type ViewEvent, isViewEvent } from './events.ts';
import { type SdkView, applyCondensation, lazySdkView } from './view.ts';

/**
 * Follows a conversation's history event by event and gives the View the agent would get at any
 * moment. A view handed out stays as it was while more events are appended, so a replay can keep one
 * per step without copying.
 */
export interface SdkViewTracker {
  append(event: SdkEvent): void;
  view(): SdkView;
}

/**
 * SDK v1.43.1's incremental view (`ConversationState.view` on a live, linear conversation): every
 * event goes through `append_event`, condensations apply to the view as it stands, and the properties
 * are never enforced (enforcement only runs when a view is rebuilt from disk or after a fork).
 */
export class IncrementalViewTracker implements SdkViewTracker {
  /** Only grows until the next condensation replaces it, so (epoch, length) pins a view. */
  private epoch: ViewEvent[] = [];
  private unhandled = false;

  append(event: SdkEvent): void {
    if (event.kind === 'Condensation') {
      this.epoch = applyCondensation(this.epoch, event);
      this.unhandled = false;
    } else if (event.kind === 'CondensationRequest') {
      this.unhandled = true;
    } else if (isViewEvent(event)) {
      this.epoch.push(event);
    }
  }

  view(): SdkView {
    const epoch = this.epoch;
    const length = epoch.length;
    return lazySdkView(length, this.unhandled, () => epoch.slice(0, length));
  }
}
