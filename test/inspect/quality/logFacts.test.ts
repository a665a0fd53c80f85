import { describe, expect, it } from 'vitest';
import { eventFacts } from '../../../src/inspect/quality/facts.ts';
import { LogFacts } from '../../../src/inspect/quality/logFacts.ts';

const eventsOf = (facts: LogFacts, index: number) =>
  Array.from(facts.eventFacts().subarray(facts.eventStart(index), facts.eventEnd(index)), (fact) =>
    facts.factText(fact),
  );

describe('LogFacts', () => {
  const logged = [
    { action: 'run', args: { command: 'ls /a/b' } },
    { observation: 'run', content: 'FAILED x\nFAILED x' },
    { action: 'condensation', args: { summary: '/a/b' } },
    { message: 'path /a/b again', action: 'run', args: { command: '/a/b' } },
  ];

  it('interns each fact once and lists each event’s facts once', () => {
    const facts = new LogFacts();
    logged.forEach((event) => facts.addEvent(event));
    expect(facts.eventCount).toBe(4);
    expect(facts.factCount).toBe(4);
    expect(logged.map((_, index) => eventsOf(facts, index).sort())).toEqual(logged.map((event) => eventFacts(event)));
  });

  it('numbers facts in the order the log first shows them: those seen before an event are the numbers below its count', () => {
    const facts = new LogFacts();
    facts.addEventFacts(['path:/a/b', 'command:ls']);
    facts.addEventFacts([]);
    facts.addEventFacts(['command:ls', 'path:/c/d']);
    facts.addEventFacts(['path:/a/b']);
    expect([0, 1, 2, 3, 4].map((index) => facts.factsBefore(index))).toEqual([0, 2, 2, 3, 3]);
    expect([0, 1, 2].map((fact) => facts.factText(fact))).toEqual(['path:/a/b', 'command:ls', 'path:/c/d']);
  });

  it('a value shared by facts of two kinds is one value', () => {
    const facts = new LogFacts();
    logged.forEach((event) => facts.addEvent(event));
    const ids = eventsOf(facts, 3).map((text) =>
      [...Array(facts.factCount).keys()].find((fact) => facts.factText(fact) === text)!,
    );
    const [a, b] = ids.map((fact) => facts.valueOf(fact));
    expect(a).toBe(b);
    expect(facts.valueText(a!)).toBe('/a/b');
    expect(
      facts
        .factsWithValue(a!)
        .map((fact) => facts.factText(fact))
        .sort(),
    ).toEqual(['command:/a/b', 'path:/a/b']);
    expect(facts.valueCount).toBe(3);
  });

  it('facts given as strings count as those found in the event', () => {
    const byEvent = new LogFacts();
    const byFacts = new LogFacts();
    for (const event of logged) {
      byEvent.addEvent(event);
      byFacts.addEventFacts(eventFacts(event));
    }
    expect(logged.map((_, index) => eventsOf(byFacts, index).sort())).toEqual(
      logged.map((_, index) => eventsOf(byEvent, index).sort()),
    );
  });
});
