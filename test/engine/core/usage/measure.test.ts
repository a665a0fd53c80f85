import { describe, expect, it } from 'vitest';
import { PrefixIds, messageKey } from '../../../../src/engine/core/index.ts';

const shape = (text: string) => ({ role: 'user' as const, texts: [text], callIds: [], toolCallId: null, blocks: 1 });

describe('prefix ids', () => {
  it('numbers the same sequence of messages the same, and any other sequence apart', () => {
    const ids = new PrefixIds();
    const chain = (root: string, texts: readonly string[]) => {
      let id = ids.root(root);
      return texts.map((text) => (id = ids.extend(id, messageKey(shape(text), ''))));
    };
    const first = chain('100', ['a', 'b', 'c']);
    expect(chain('100', ['a', 'b', 'c'])).toEqual(first);
    expect(new Set(first).size).toBe(3);
    // The same message after another prefix, or after other tools, is another prefix.
    const other = chain('100', ['b', 'b', 'c']);
    expect(other.some((id) => first.includes(id))).toBe(false);
    expect(chain('200', ['a']).some((id) => first.includes(id))).toBe(false);
  });

  it('keys a message by the length and first characters of its texts', () => {
    const long = 'x'.repeat(30);
    expect(messageKey(shape(long), '7')).toBe(messageKey(shape(`${'x'.repeat(24)}yyyyyy`), '7'));
    expect(messageKey(shape(long), '7')).not.toBe(messageKey(shape(`${long}x`), '7'));
    expect(messageKey(shape(long), '7')).toContain(`30:${'x'.repeat(24)}`);
  });
});
