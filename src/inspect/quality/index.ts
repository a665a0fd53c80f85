/**
 * "Facts lost" (spec/quality.md): the facts an agent used at a step that its view no longer showed,
 * exactly as `quality_facts.py` computes them. Pure: no DOM, no Node APIs, nothing else of the project.
 *
 * Once per log, its events in log order (their JSON as logged; for a folder, the reference's order is
 * its sorted file names):
 *
 *     const facts = new LogFacts();
 *     for (const event of events) facts.addEvent(event);
 *
 * Then per replay (any number of them may share `facts`), at each step that has a view:
 *
 *     const tracker = new QualityTracker(facts);
 *     const quality = tracker.step(beforePosition, { keep, add });   // the trace step's `quality`
 *     ...
 *     tracker.total();                                               // the trace's top-level `quality`
 *
 * where `keep` and `add` are the view as `replay --compact` writes it, items given by log position
 * (`{kind: 'event', index}`) or text (`{kind: 'summary' | 'masked', content}`); or item by item with
 * keepItems / addEventItem / addTextItem / addOtherItem / endStep. `traceQuality` does it all from a
 * finished trace (full or compact) and the log's events.
 */
export { eventFacts, eventFactSet, forEachEventFact, isCondensationEvent } from './facts.ts';
export { LogFacts } from './logFacts.ts';
export { type QualityTotal, QualityTracker, type StepQuality } from './tracker.ts';
export { type TraceQuality, positionsById, traceQuality, traceViewItem } from './traceQuality.ts';
export { type QualityViewItem, type ViewDelta, sameViewItem, viewDelta } from './viewDelta.ts';
