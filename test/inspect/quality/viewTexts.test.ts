import { describe, expect, it, vi } from 'vitest';
import { LogFacts } from '../../../src/inspect/quality/logFacts.ts';
import { ViewTexts } from '../../../src/inspect/quality/viewTexts.ts';

/** ViewTexts over a log whose events have these commands (values 0, 1, ...), and the support it reports. */
function setUp(commands: string[]) {
  const facts = new LogFacts();
  for (const command of commands) facts.addEventFacts([`command:${command}`]);
  const support = new Map<number, number>();
  const changes: Array<[number, number]> = [];
  const texts = new ViewTexts(facts, (value, change) => {
    changes.push([value, change]);
    support.set(value, (support.get(value) ?? 0) + change);
  });
  const held = () => [...support].filter(([, count]) => count > 0).map(([value]) => value);
  return { facts, texts, support, held, changes };
}

describe('ViewTexts', () => {
  it('a text supports the values it holds once, however often it is in the view', () => {
    const { texts, support } = setUp(['/a/b', '/x/y']);
    texts.push('about /a/b');
    texts.push('about /a/b');
    expect(support.get(0)).toBe(1);
    expect(support.get(1)).toBeUndefined();
    texts.pop();
    texts.pop();
    expect(texts.depth).toBe(0);
    // Its values count until the step's changes settle: it may come back in the same step.
    expect(support.get(0)).toBe(1);
    texts.settle();
    expect(support.get(0)).toBe(0);
  });

  it('a text taken out and put back in one step is neither searched again nor counted again', () => {
    const { texts, support, facts, changes } = setUp(['/a/b', '/x/y']);
    texts.push('first /x/y');
    texts.push('about /a/b');
    texts.settle();
    changes.length = 0;
    const search = vi.spyOn(facts.values, 'valuesIn');
    const counted = new Map(support);
    texts.pop();
    texts.pop();
    texts.push('first /x/y');
    texts.push('about /a/b');
    texts.settle();
    expect(search).not.toHaveBeenCalled();
    expect(support).toEqual(counted);
    expect(changes).toEqual([]);
    // Put back in another order, one of them left for good: the one left stops counting at the settle.
    texts.pop();
    texts.pop();
    texts.push('about /a/b');
    expect(support.get(1)).toBe(1);
    texts.settle();
    expect([support.get(0), support.get(1)]).toEqual([1, 0]);
  });

  it('a multi-line value across a join is credited to the text it ends in, and leaves with it', () => {
    const { texts, held } = setUp(['cat <<EOF\nx\nEOF']);
    texts.push('run cat <<EOF');
    texts.push('x');
    expect(held()).toEqual([]);
    texts.push('EOF done');
    expect(held()).toEqual([0]);
    texts.pop();
    expect(held()).toEqual([]);
  });

  it('the first text has no join before it', () => {
    const { texts, held } = setUp(['a\nb']);
    texts.push('b');
    expect(held()).toEqual([]);
  });

  it('values the log gains later are looked for in the texts in view, across joins too', () => {
    const { facts, texts, held } = setUp(['/a/b']);
    texts.push('xa');
    texts.push('by /c/d');
    facts.addEventFacts(['command:a\nb', 'path:/c/d']);
    expect(held()).toEqual([]);
    texts.catchUp();
    expect(held().sort()).toEqual([1, 2]);
  });

  it('says so when there is no text to take out', () => {
    const { texts } = setUp([]);
    expect(() => texts.pop()).toThrow('no text to take out of the view');
  });
});
