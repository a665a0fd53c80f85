import { OpenHandsFailure } from '../core/index.ts';
import { type SdkEvent, type ViewEvent, hasThinking, isObservationLike } from './events.ts';
import type { ManipulationIndices } from './manipulationIndices.ts';

/**
 * The four View properties of SDK v1.43.1 (explicit since SDK #2116, 2026-02-19; batch atomicity dates
 * from #775, 2025-10-20, tool-call matching from #1412 and tool loops from #1508, December 2025: see
 * ruleDates.ts). Each can say which view events break it (`enforce`, given the whole raw history for
 * batches and tool loops) and which manipulation indices it forbids.
 */
export interface ViewProperty {
  readonly name: string;
  enforce(view: readonly ViewEvent[], allEvents: readonly SdkEvent[]): Set<string>;
  restrictIndices(view: readonly ViewEvent[], indices: ManipulationIndices, warn: (message: string) => void): void;
}

/** At most one observation-like event per tool call; the first one wins. */
export const observationUniqueness: ViewProperty = {
  name: 'ObservationUniquenessProperty',
  enforce(view) {
    const seen = new Set<string>();
    const drop = new Set<string>();
    for (const event of view) {
      if (!isObservationLike(event)) continue;
      if (seen.has(event.toolCallId)) drop.add(event.id);
      seen.add(event.toolCallId);
    }
    return drop;
  },
  restrictIndices(view, _indices, warn) {
    const seen = new Set<string>();
    for (const event of view) {
      if (!isObservationLike(event)) continue;
      if (seen.has(event.toolCallId)) warn(`more than one observation answers tool call ${event.toolCallId}`);
      seen.add(event.toolCallId);
    }
  },
};

function actionsByResponse(events: readonly SdkEvent[]): Map<string, Set<string>> {
  const batches = new Map<string, Set<string>>();
  for (const event of events) {
    if (event.kind !== 'ActionEvent') continue;
    let batch = batches.get(event.responseId);
    if (!batch) batches.set(event.responseId, (batch = new Set()));
    batch.add(event.id);
  }
  return batches;
}

/** All actions of one LLM response stay or go together. */
export const batchAtomicity: ViewProperty = {
  name: 'BatchAtomicityProperty',
  enforce(view, allEvents) {
    const full = actionsByResponse(allEvents);
    const drop = new Set<string>();
    for (const [responseId, inView] of actionsByResponse(view)) {
      const whole = full.get(responseId);
      const complete = whole !== undefined && whole.size === inView.size && [...inView].every((id) => whole.has(id));
      if (!complete) for (const id of inView) drop.add(id);
    }
    return drop;
  },
  restrictIndices(view, indices) {
    for (let k = 0; k + 1 < view.length; k++) {
      const here = view[k]!;
      const next = view[k + 1]!;
      if (here.kind === 'ActionEvent' && next.kind === 'ActionEvent' && here.responseId === next.responseId)
        indices.remove(k + 1);
    }
  },
};

/** Every action has an observation-like answer and every answer has its action. */
export const toolCallMatching: ViewProperty = {
  name: 'ToolCallMatchingProperty',
  enforce(view) {
    const called = new Set<string>();
    const answered = new Set<string>();
    for (const event of view) {
      if (event.kind === 'ActionEvent') called.add(event.toolCallId);
      else if (isObservationLike(event)) answered.add(event.toolCallId);
    }
    const drop = new Set<string>();
    for (const event of view) {
      if (event.kind === 'ActionEvent' && !answered.has(event.toolCallId)) drop.add(event.id);
      else if (isObservationLike(event) && !called.has(event.toolCallId)) drop.add(event.id);
    }
    return drop;
  },
  restrictIndices(view, indices) {
    const pending = new Set<string>();
    view.forEach((event, k) => {
      if (event.kind === 'ActionEvent') {
        pending.add(event.toolCallId);
      } else if (isObservationLike(event)) {
        // Python's set.remove: an answer to a call that is not pending raises.
        if (!pending.delete(event.toolCallId)) {
          throw new OpenHandsFailure(
            `the view holds an answer to tool call ${event.toolCallId} that is not pending (an orphan or a second answer), so no safe forgetting range can be computed`,
            `KeyError: '${event.toolCallId}'`,
          );
        }
      }
      if (pending.size > 0) indices.remove(k + 1);
    });
  },
};

/** The tool loops of a sequence: from a thinking action through the actions and answers that follow. */
function toolLoops(events: readonly SdkEvent[]): Set<string>[] {
  const loops: Set<string>[] = [];
  let current: Set<string> | null = null;
  for (const event of events) {
    if (hasThinking(event)) {
      current = new Set([event.id]);
      loops.push(current);
    } else if (current && (event.kind === 'ActionEvent' || isObservationLike(event))) {
      current.add(event.id);
    } else {
      current = null;
    }
  }
  return loops;
}

/** An extended-thinking tool loop is kept whole or forgotten whole. */
export const toolLoopAtomicity: ViewProperty = {
  name: 'ToolLoopAtomicityProperty',
  enforce(view, allEvents) {
    const inView = new Set(view.map((event) => event.id));
    const drop = new Set<string>();
    for (const loop of toolLoops(allEvents)) {
      let whole = true;
      for (const id of loop) {
        if (!inView.has(id)) {
          whole = false;
          break;
        }
      }
      if (whole) continue;
      for (const id of loop) if (inView.has(id)) drop.add(id);
    }
    return drop;
  },
  restrictIndices(view, indices) {
    let inLoop = false;
    view.forEach((event, k) => {
      if (hasThinking(event)) inLoop = true;
      else if (event.kind === 'ActionEvent' || isObservationLike(event)) {
        if (inLoop) indices.remove(k);
      } else inLoop = false;
    });
  },
};

/** The properties in the SDK's fixed order; enforcement restarts from the first after any removal. */
export const VIEW_PROPERTIES: readonly ViewProperty[] = [
  observationUniqueness,
  batchAtomicity,
  toolCallMatching,
  toolLoopAtomicity,
];
