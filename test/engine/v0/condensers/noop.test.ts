import { describe, expect, it } from 'vitest';
import { viewFromEvents, viewOf } from '../../../../src/engine/v0/index.ts';
import { build, condense, ids, messages, msg, req } from '../factory.ts';

describe('noop condenser (§4.1)', () => {
  it('returns the very same view object, without asking an LLM', () => {
    const view = viewFromEvents(messages(3));
    const { result, requests } = condense(build({ type: 'noop' }), view);
    expect(result).toBe(view);
    expect(ids(result as typeof view)).toEqual([0, 1, 2]);
    expect(requests).toHaveLength(0);
  });

  it('preserves the request flag', () => {
    const view = viewFromEvents([msg(0), req(1), msg(2)]);
    expect(view.unhandledCondensationRequest).toBe(true);
    const { result } = condense(build({ type: 'noop' }), view);
    expect(result).toBe(view);
    expect(result).toMatchObject({ unhandledCondensationRequest: true });
  });

  it('never condenses, however long the view', () => {
    const view = viewOf(messages(500), true);
    expect(condense(build({ type: 'noop' }), view).result).toBe(view);
  });
});
