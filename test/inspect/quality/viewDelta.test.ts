import { describe, expect, it } from 'vitest';
import { type QualityViewItem, sameViewItem, viewDelta } from '../../../src/inspect/quality/viewDelta.ts';

const event = (index: number): QualityViewItem => ({ kind: 'event', index });

describe('viewDelta', () => {
  it('keeps the items both views start with and adds the rest', () => {
    const before = [event(0), { kind: 'summary', content: 's' }, event(4)] as const;
    const after: QualityViewItem[] = [event(0), { kind: 'summary', content: 's' }, event(5), event(6)];
    expect(viewDelta(before, after)).toEqual({ keep: 2, add: [event(5), event(6)] });
    expect(viewDelta([], after)).toEqual({ keep: 0, add: after });
    expect(viewDelta(after, after.slice(0, 1))).toEqual({ keep: 1, add: [] });
  });

  it('tells items apart by kind, event and text', () => {
    expect(sameViewItem({ kind: 'summary', content: 'x' }, { kind: 'masked', content: 'x' })).toBe(false);
    expect(sameViewItem({ kind: 'masked', content: 'x' }, { kind: 'masked', content: 'y' })).toBe(false);
    expect(sameViewItem(event(1), event(2))).toBe(false);
    expect(sameViewItem({ kind: 'other' }, { kind: 'other' })).toBe(true);
  });
});
