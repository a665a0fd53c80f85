/**
 * The facts of one log, interned once: each fact and each value (the part after `kind:`) becomes an
 * integer, each event a run of fact numbers. Whatever replays the log (one configuration or a sweep
 * of fifty), the facts are found once; the trackers of its replays share this.
 */
import { forEachEventFact } from './facts.ts';
import { grown } from './growable.ts';
import { ValueIndex } from './valueIndex.ts';

export class LogFacts {
  private readonly factIds = new Map<string, number>();
  private readonly factTexts: string[] = [];
  /** Each fact's text as a JSON string, made the first time a trace lists it. */
  private readonly factJsons: (string | undefined)[] = [];
  private factValues = new Int32Array(256);
  private readonly valueIds = new Map<string, number>();
  private readonly valueTexts: string[] = [];
  private readonly valueFacts: number[][] = [];
  /** Facts of event i: `factsOfEvents[eventStarts[i] .. eventStarts[i + 1])`. */
  private factsOfEvents = new Int32Array(1024);
  private eventStarts = new Int32Array(256);
  /**
   * Per event, how many distinct facts the events before it have. Facts are numbered in the order the
   * log first shows them, so the facts seen before event i are the numbers below `factsBefore(i)`, and
   * those event i shows first run from there to `factsBefore(i + 1)`.
   */
  private factCountsBefore = new Int32Array(256);
  private events = 0;
  /** Per fact, 1 + the last event it was added to: an event lists each of its facts once. */
  private lastEventOf = new Int32Array(256);
  /** Which values occur in which texts, built when a replay first shows a text. */
  readonly values = new ValueIndex(this);

  get eventCount(): number {
    return this.events;
  }

  /** Distinct facts of every event fed so far (the trace's `facts_seen`). */
  get factCount(): number {
    return this.factTexts.length;
  }

  get valueCount(): number {
    return this.valueTexts.length;
  }

  /** Feeds the next event of the log (its JSON as logged). */
  addEvent(event: unknown): void {
    forEachEventFact(event, this.addFactOfNextEvent);
    this.endEvent();
  }

  /** Feeds the next event of the log by its facts (`kind:value` strings, as `eventFacts` gives them). */
  addEventFacts(facts: Iterable<string>): void {
    for (const fact of facts) this.addFactOfNextEvent(fact);
    this.endEvent();
  }

  factText(fact: number): string {
    return this.factTexts[fact]!;
  }

  /** factText as JSON (a trace lists the same missing facts at many steps). */
  factJson(fact: number): string {
    return (this.factJsons[fact] ??= JSON.stringify(this.factTexts[fact]!));
  }

  valueOf(fact: number): number {
    return this.factValues[fact]!;
  }

  valueText(value: number): string {
    return this.valueTexts[value]!;
  }

  /** The facts with this value (one per kind that has it). */
  factsWithValue(value: number): readonly number[] {
    return this.valueFacts[value]!;
  }

  /** Where event `index`'s facts start and end in `eventFacts()`. */
  eventStart(index: number): number {
    return this.eventStarts[index]!;
  }

  eventEnd(index: number): number {
    return this.eventStarts[index + 1]!;
  }

  /** Distinct facts of the events before event `index` (up to eventCount). */
  factsBefore(index: number): number {
    return this.factCountsBefore[index]!;
  }

  /** The facts of all events, event after event (see eventStart); a new array once events are added. */
  eventFacts(): Int32Array {
    return this.factsOfEvents;
  }

  private readonly addFactOfNextEvent = (fact: string): void => {
    const id = this.internFact(fact);
    if (this.lastEventOf[id] === this.events + 1) return;
    this.lastEventOf[id] = this.events + 1;
    const end = this.eventStarts[this.events + 1]!;
    this.factsOfEvents = grown(this.factsOfEvents, end + 1);
    this.factsOfEvents[end] = id;
    this.eventStarts[this.events + 1] = end + 1;
  };

  private endEvent(): void {
    this.events++;
    this.factCountsBefore = grown(this.factCountsBefore, this.events + 1);
    this.factCountsBefore[this.events] = this.factTexts.length;
    this.eventStarts = grown(this.eventStarts, this.events + 2);
    this.eventStarts[this.events + 1] = this.eventStarts[this.events]!;
  }

  private internFact(fact: string): number {
    let id = this.factIds.get(fact);
    if (id !== undefined) return id;
    id = this.factTexts.length;
    this.factIds.set(fact, id);
    this.factTexts.push(fact);
    const colon = fact.indexOf(':');
    const value = colon < 0 ? fact : fact.slice(colon + 1);
    let valueId = this.valueIds.get(value);
    if (valueId === undefined) {
      valueId = this.valueTexts.length;
      this.valueIds.set(value, valueId);
      this.valueTexts.push(value);
      this.valueFacts.push([]);
    }
    this.valueFacts[valueId]!.push(id);
    this.factValues = grown(this.factValues, id + 1);
    this.factValues[id] = valueId;
    this.lastEventOf = grown(this.lastEventOf, id + 1);
    return id;
  }
}
