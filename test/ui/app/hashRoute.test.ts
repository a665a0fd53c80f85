import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../../../src/ui/app/hashRoute.ts';

describe('deep links', () => {
  it('number steps as the page shows them, from 1', () => {
    expect(parseHash('#/session/abc/step/61')).toEqual({ sessionId: 'abc', step: 60 });
    expect(formatHash({ sessionId: 'abc', step: 60 })).toBe('#/session/abc/step/61');
    expect(parseHash(formatHash({ sessionId: 'a b/c', step: 0 }))).toEqual({ sessionId: 'a b/c', step: 0 });
  });

  it('takes an old 0-based /step/0 as step 1, and a link without a step as none', () => {
    expect(parseHash('#/session/abc/step/0')).toEqual({ sessionId: 'abc', step: 0 });
    expect(parseHash('#/session/abc')).toEqual({ sessionId: 'abc', step: null });
    expect(parseHash('#/elsewhere')).toEqual({ sessionId: null, step: null });
  });
});
