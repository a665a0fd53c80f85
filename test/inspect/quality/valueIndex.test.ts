import { describe, expect, it } from 'vitest';
import { LogFacts } from '../../../src/inspect/quality/logFacts.ts';
import type { Crossing } from '../../../src/inspect/quality/valueIndex.ts';

function logWith(commands: string[]): LogFacts {
  const facts = new LogFacts();
  for (const command of commands) facts.addEventFacts([`command:${command}`]);
  return facts;
}

describe('ValueIndex', () => {
  it('finds each value a text holds once, and keeps up as the log gains values, a few or many', () => {
    const facts = logWith(['ls', 'ls -la', 'git']);
    expect([...facts.values.valuesIn('ls -la; ls; git; ls')].sort()).toEqual([0, 1, 2]);
    facts.addEventFacts(['command:-la;']);
    expect([...facts.values.valuesIn('ls -la; ls; git; ls')].sort()).toEqual([0, 1, 2, 3]);
    for (let k = 0; k < 40; k++) facts.addEventFacts([`command:git ${k}`]);
    expect(
      facts.values
        .valuesIn('git 7 and git 39')
        .map((value) => facts.valueText(value))
        .sort(),
    ).toEqual(['git', 'git 3', 'git 39', 'git 7']);
  });

  it('offers as crossings the multi-line values whose line after a newline, or last line, begins a text', () => {
    const facts = logWith(['a\nb\nc', 'x\nbee', 'single']);
    expect(facts.values.hasMultiLineValues()).toBe(true);
    const into = (text: string) => {
      const found: Crossing[] = [];
      facts.values.forEachCrossingInto(text, text.split('\n')[0]!, (crossing) => found.push(crossing));
      return found;
    };
    expect(into('b\nc and more')).toEqual([{ value: 0, newline: 1 }]);
    expect(into('bee hive')).toEqual([{ value: 1, newline: 1 }]);
    expect(into('c')).toEqual([{ value: 0, newline: 3 }]);
    expect(into('b')).toEqual([]);
    expect(logWith(['one line']).values.hasMultiLineValues()).toBe(false);
  });
});
