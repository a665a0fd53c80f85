import type { StepQuality, QualityTotal } from './quality/index.ts';
import type { LogQuality } from './trace/qualityFigure.ts';
import type { CondensationSummary, EventId, StepSummary, ViewItem } from './types.ts';

/** Facts lost over one replay, for the app: per step (null where the step has no view) and in total. */
export interface QualityReport {
  readonly steps: ReadonlyArray<StepQuality | null>;
  readonly total: QualityTotal;
}

/** Where a fact the agent used at a step had gone: the event it last appeared in, and what took that out of view. */
export interface FactOrigin {
  readonly fact: string;
  /** The last event before the step that holds the fact (log position and id), or null. */
  readonly lastSeen: { readonly index: number; readonly id: EventId } | null;
  /** The condensation that forgot that event by this step, when one did. */
  readonly forgottenBy: EventId | null;
  /** The event was still in view, but masked. */
  readonly masked: boolean;
}

/** The last event before `beforeIndex` whose facts include `fact` (facts are kept by the reference's positions). */
function lastEventWith(quality: LogQuality, fact: string, beforeIndex: number): number | null {
  const { facts, position } = quality;
  const all = facts.eventFacts();
  for (let index = beforeIndex - 1; index >= 0; index--) {
    const at = position[index]!;
    for (let k = facts.eventStart(at), end = facts.eventEnd(at); k < end; k++)
      if (facts.factText(all[k]!) === fact) return index;
  }
  return null;
}

/** Where `fact`, used at `step`, had gone from the agent's view. */
export function factOrigin(
  quality: LogQuality,
  ids: readonly EventId[],
  fact: string,
  step: StepSummary,
  view: readonly ViewItem[],
  condensations: ReadonlyArray<Omit<CondensationSummary, 'placeholder'>>,
): FactOrigin {
  const index = lastEventWith(quality, fact, step.beforeEventIndex);
  if (index === null) return { fact, lastSeen: null, forgottenBy: null, masked: false };
  const id = ids[index]!;
  const masked = view.some((item) => item.kind === 'masked' && item.targetIndex === index);
  // The last condensation up to this step that lists the event (a very wide one lists only its first ids).
  const forgottenBy =
    condensations.findLast((c) => c.stepIndex <= step.index && c.forgottenEventIds.includes(id))?.id ?? null;
  return { fact, lastSeen: { index, id }, forgottenBy, masked };
}
