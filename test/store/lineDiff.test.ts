import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../src/store/index.ts';

describe('lineDiff', () => {
  it('marks kept, removed and added lines in order', () => {
    expect(
      lineDiff('USER_CONTEXT: fix\nPENDING: tests\nDONE: a', 'USER_CONTEXT: fix\nPENDING: deploy\nDONE: a'),
    ).toEqual([
      { kind: 'same', text: 'USER_CONTEXT: fix' },
      { kind: 'removed', text: 'PENDING: tests' },
      { kind: 'added', text: 'PENDING: deploy' },
      { kind: 'same', text: 'DONE: a' },
    ]);
  });

  it('handles texts that share nothing, and identical texts', () => {
    expect(lineDiff('a', 'b').map((l) => l.kind)).toEqual(['removed', 'added']);
    expect(lineDiff('x\ny', 'x\ny').every((l) => l.kind === 'same')).toBe(true);
  });
});
