import { pyInsertIndex } from '../core/index.ts';
import { type Condensation, type SdkEvent, type ViewEvent, isViewEvent, summaryEventOf } from './events.ts';
import { ManipulationIndices } from './manipulationIndices.ts';
import { VIEW_PROPERTIES } from './properties.ts';

/** What an SDK condenser receives and the agent is shown. */
export interface SdkView {
  readonly length: number;
  readonly unhandledCondensationRequest: boolean;
  /** The events; built on first read for views a replay can describe without copying. */
  readonly events: readonly ViewEvent[];
}

export function sdkViewOf(events: readonly ViewEvent[], unhandledCondensationRequest = false): SdkView {
  return { length: events.length, unhandledCondensationRequest, events };
}

/** A View whose events are only materialised when someone reads them. */
export function lazySdkView(
  length: number,
  unhandledCondensationRequest: boolean,
  build: () => readonly ViewEvent[],
): SdkView {
  return new LazySdkView(length, unhandledCondensationRequest, build);
}

/** A class, not an object literal with a getter: a replay makes one at every step, and V8 makes such literals slowly. */
class LazySdkView implements SdkView {
  private cache: readonly ViewEvent[] | null = null;

  constructor(
    readonly length: number,
    readonly unhandledCondensationRequest: boolean,
    private readonly build: () => readonly ViewEvent[],
  ) {}

  get events(): readonly ViewEvent[] {
    return (this.cache ??= this.build());
  }
}

/**
 * `Condensation.apply`: drops the forgotten events that are in the view now (ids of later or unknown
 * events do nothing), then inserts the summary at `summary_offset` of what is left, when both are set.
 */
export function applyCondensation(events: readonly ViewEvent[], condensation: Condensation): ViewEvent[] {
  const forgotten = new Set(condensation.forgottenEventIds);
  const kept = forgotten.size === 0 ? [...events] : events.filter((event) => !forgotten.has(event.id));
  if (condensation.summary !== null && condensation.summaryOffset !== null) {
    kept.splice(pyInsertIndex(kept.length, condensation.summaryOffset), 0, summaryEventOf(condensation));
  }
  return kept;
}

/** A View being built event by event (`View.append_event`, which never enforces the properties). */
export class SdkViewBuilder {
  events: ViewEvent[] = [];
  unhandledCondensationRequest = false;

  append(event: SdkEvent): void {
    switch (event.kind) {
      case 'Condensation':
        this.events = applyCondensation(this.events, event);
        this.unhandledCondensationRequest = false;
        return;
      case 'CondensationRequest':
        this.unhandledCondensationRequest = true;
        return;
      default:
        if (isViewEvent(event)) this.events.push(event);
    }
  }

  view(): SdkView {
    return sdkViewOf([...this.events], this.unhandledCondensationRequest);
  }
}

/**
 * `enforce_properties`: removes the events that break a property, restarting from the first property
 * after every removal until a whole pass removes nothing. `report` hears what each removal was.
 */
export function enforceProperties(
  events: readonly ViewEvent[],
  allEvents: readonly SdkEvent[],
  report?: (property: string, dropped: number) => void,
): ViewEvent[] {
  let current = [...events];
  for (;;) {
    let removed = false;
    for (const property of VIEW_PROPERTIES) {
      const drop = property.enforce(current, allEvents);
      if (drop.size === 0) continue;
      report?.(property.name, drop.size);
      current = current.filter((event) => !drop.has(event.id));
      removed = true;
      break;
    }
    if (!removed) return current;
  }
}

/** `View.from_events`: applies every event in order, then enforces the properties over the result. */
export function sdkViewFromEvents(events: readonly SdkEvent[]): SdkView {
  const builder = new SdkViewBuilder();
  for (const event of events) builder.append(event);
  return sdkViewOf(enforceProperties(builder.events, events), builder.unhandledCondensationRequest);
}

/** `view.manipulation_indices`: every index that no property forbids. */
export function manipulationIndices(
  events: readonly ViewEvent[],
  warn: (message: string) => void = () => {},
): ManipulationIndices {
  const indices = ManipulationIndices.complete(events.length);
  for (const property of VIEW_PROPERTIES) property.restrictIndices(events, indices, warn);
  return indices;
}
