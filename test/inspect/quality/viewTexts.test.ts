import { describe, expect, it } from 'vitest';
import { ViewTexts } from '../../../src/inspect/quality/viewTexts.ts';

/** ViewTexts with values by id, and the support it reports per value. */
function setUp(values: string[]) {
  const support = new Map<number, number>();
  const texts = new ViewTexts(
    (value) => values[value]!,
    (value, change) => support.set(value, (support.get(value) ?? 0) + change),
  );
  const held = () => [...support].filter(([, count]) => count > 0).map(([value]) => value);
  return { texts, support, held };
}

describe('ViewTexts', () => {
  it('a text supports the seen values it holds once, however often it is in the view', () => {
    const { texts, support } = setUp(['/a/b', '/x/y']);
    texts.addValue(0);
    texts.push('about /a/b');
    texts.push('about /a/b');
    expect(support.get(0)).toBe(1);
    texts.addValue(1);
    expect(support.get(1)).toBeUndefined();
    texts.pop();
    texts.pop();
    expect(support.get(0)).toBe(0);
    expect(texts.depth).toBe(0);
  });

  it('a multi-line value across a join is credited to the text it ends in, and leaves with it', () => {
    const { texts, held } = setUp(['cat <<EOF\nx\nEOF']);
    texts.push('run cat <<EOF');
    texts.push('x');
    texts.addValue(0);
    expect(held()).toEqual([]);
    texts.push('EOF done');
    expect(held()).toEqual([0]);
    texts.pop();
    expect(held()).toEqual([]);
  });

  it('finds a join occurrence when the value is first seen after the texts', () => {
    const { texts, held } = setUp(['a\nb']);
    texts.push('xa');
    texts.push('by');
    texts.addValue(0);
    expect(held()).toEqual([0]);
  });

  it('the first text has no join before it', () => {
    const { texts, held } = setUp(['a\nb']);
    texts.addValue(0);
    texts.push('b');
    expect(held()).toEqual([]);
  });

  it('says so when there is no text to take out', () => {
    const { texts } = setUp([]);
    expect(() => texts.pop()).toThrow('no text to take out of the view');
  });
});
