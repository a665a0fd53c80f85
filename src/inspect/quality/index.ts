/**
 * "Facts lost" (spec/quality.md): the facts an agent used at a step that its view no longer showed.
 * Pure: no DOM, no Node APIs, nothing else of the project.
 */
export { eventFacts, eventFactSet, forEachEventFact, isCondensationEvent } from './facts.ts';
export { LogFacts } from './logFacts.ts';
export { type QualityTotal, QualityTracker, type StepQuality } from './tracker.ts';
export { type TraceQuality, positionsById, traceQuality, traceViewItem } from './traceQuality.ts';
export { type QualityViewItem, type ViewDelta, sameViewItem, viewDelta } from './viewDelta.ts';
