import { describe, expect, it } from 'vitest';
import { oneLine } from '../../src/inspect/inspectedLog.ts';

/** The line as the whole text collapsed gives it. */
const wholeText = (text: string) => {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > 160 ? `${collapsed.slice(0, 159)}…` : collapsed;
};

describe('oneLine', () => {
  it('gives what collapsing the whole text gives, reading only its head when that is enough', () => {
    let seed = 3;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pieces = ['a', 'word', ' ', '  ', '\n', '\t\n ', 'é', '😀', ' '.repeat(700), 'x'.repeat(90)];
    for (let trial = 0; trial < 500; trial++) {
      const text = Array.from(
        { length: Math.floor(random() * 400) },
        () => pieces[Math.floor(random() * pieces.length)]!,
      ).join('');
      expect(oneLine(text), JSON.stringify(text.slice(0, 80))).toBe(wholeText(text));
    }
    expect(oneLine(`${' '.repeat(5000)}short`)).toBe('short');
    expect(oneLine(`head ${'\n'.repeat(100_000)} tail`)).toBe('head tail');
  });
});
