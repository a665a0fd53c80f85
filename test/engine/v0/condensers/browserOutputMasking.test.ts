import { describe, expect, it } from 'vitest';
import { type View, entryId, viewOf } from '../../../../src/engine/v0/index.ts';
import { browserObs, build, cmdOut, condense, ids, msg, viewResult } from '../factory.ts';

function mask(view: View, config: Record<string, unknown> = {}): View {
  return viewResult(condense(build({ type: 'browser_output_masking', ...config }), view).result);
}

describe('browser_output_masking condenser (§4.3)', () => {
  it('OpenHands test: window 3 on [B1, B2, E3, E4, B3, B4] masks only B1', () => {
    const events = [browserObs(0), browserObs(1), msg(2), msg(3), browserObs(4), browserObs(5)];
    const result = mask(viewOf(events), { attention_window: 3 });
    expect(result.length).toBe(6);
    expect(ids(result)).toEqual(['M', 1, 2, 3, 4, 5]);
    expect(result.entries[0]).toMatchObject({ kind: 'masked', content: 'Visited URL \nContent omitted' });
    expect(entryId(result.entries[0]!)).toBe(-1);
    for (let i = 1; i < 6; i++) expect(result.entries[i]).toBe(events[i]);
  });

  it('the placeholder names the url', () => {
    const result = mask(viewOf([browserObs(0, 'page', 'https://example.com/a'), browserObs(1)]));
    expect(result.entries[0]).toMatchObject({
      kind: 'masked',
      content: 'Visited URL https://example.com/a\nContent omitted',
    });
  });

  it('default attention_window is 1: only the last browser output survives', () => {
    const events = [browserObs(0), msg(1), browserObs(2), cmdOut(3), browserObs(4), msg(5)];
    expect(ids(mask(viewOf(events)))).toEqual(['M', 1, 'M', 3, 4, 5]);
  });

  it('other observations are never masked', () => {
    const events = [cmdOut(0), cmdOut(1), browserObs(2)];
    expect(ids(mask(viewOf(events)))).toEqual([0, 1, 2]);
  });

  it('counts browser outputs from the end, whatever lies between them', () => {
    const events = [browserObs(0), browserObs(1), msg(2), msg(3), msg(4), browserObs(5), msg(6)];
    expect(ids(mask(viewOf(events), { attention_window: 2 }))).toEqual(['M', 1, 2, 3, 4, 5, 6]);
  });

  it('returns a new view whose request flag is dropped', () => {
    const view = viewOf([msg(0), browserObs(1)], true);
    const result = mask(view);
    expect(result).not.toBe(view);
    expect(result.unhandledCondensationRequest).toBe(false);
    expect(ids(result)).toEqual([0, 1]);
  });

  it('accepts extra config keys (the only config that does)', () => {
    const result = mask(viewOf([browserObs(0), browserObs(1)]), { attention_window: 1, something_else: true });
    expect(ids(result)).toEqual(['M', 1]);
  });
});
