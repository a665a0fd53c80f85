import { describe, expect, it } from 'vitest';
import { viewOf } from '../../../../src/engine/v0/index.ts';
import {
  browserObs,
  build,
  cmdOut,
  condensationOf,
  condense,
  ids,
  messages,
  msg,
  range,
  viewResult,
} from '../factory.ts';

describe('pipeline condenser (§4.10)', () => {
  it('an empty pipeline returns the input view itself', () => {
    const view = viewOf(messages(3), true);
    expect(condense(build({ type: 'pipeline' }), view).result).toBe(view);
    expect(condense(build({ type: 'pipeline', condensers: [] }), view).result).toBe(view);
  });

  it('a pipeline of noops keeps the same view and its flag', () => {
    const view = viewOf(messages(3), true);
    expect(condense(build({ type: 'pipeline', condensers: [{ type: 'noop' }, { type: 'noop' }] }), view).result).toBe(
      view,
    );
  });

  it('chains children: each gets the previous view', () => {
    // [0, B1, 2, B3, 4]: browser(1) masks B1 → [0, M, 2, B3, 4]; recent(kf 1, max 3) → [0, B3, 4].
    const view = viewOf([msg(0), browserObs(1), msg(2), browserObs(3), msg(4)]);
    const masked = build({
      type: 'pipeline',
      condensers: [{ type: 'browser_output_masking' }, { type: 'recent', keep_first: 1, max_events: 3 }],
    });
    expect(ids(viewResult(condense(masked, view).result))).toEqual([0, 3, 4]);
    // Observation masking then recent: the masked placeholder survives into recent's tail.
    const twoStage = build({
      type: 'pipeline',
      condensers: [
        { type: 'observation_masking', attention_window: 2 },
        { type: 'recent', keep_first: 1, max_events: 4 },
      ],
    });
    const withObs = viewOf([msg(0), cmdOut(1), msg(2), cmdOut(3), msg(4), cmdOut(5)]);
    // masking (limit 4): [0, M, 2, M, 4, 5] → recent: head [0] + last 3 → [0, M, 4, 5].
    expect(ids(viewResult(condense(twoStage, withObs).result))).toEqual([0, 'M', 4, 5]);
  });

  it('the first condensation wins: later children are not run', () => {
    const pipeline = build({
      type: 'pipeline',
      condensers: [
        { type: 'noop' },
        { type: 'amortized', max_size: 4, keep_first: 1 },
        { type: 'llm', max_size: 4, keep_first: 1 },
      ],
    });
    const { result, requests } = condense(pipeline, viewOf(messages(5)));
    expect(condensationOf(result)).toEqual(range(1, 3));
    expect(requests).toHaveLength(0);
  });

  it('conversation_window first handles a request before anything else runs', () => {
    const pipeline = build({
      type: 'pipeline',
      condensers: [{ type: 'conversation_window' }, { type: 'amortized', max_size: 4, keep_first: 1 }],
    });
    // [U0 (user), A1..A4 (agent messages)] with a pending request.
    const view = viewOf(
      [msg(0, 'task'), msg(1, 'a', 'agent'), msg(2, 'b', 'agent'), msg(3, 'c', 'agent'), msg(4, 'd', 'agent')],
      true,
    );
    // essentials [0]; total 5, non-essential 4 → keep 2 → slice [3, 4] → forget 1..2 (range).
    expect(condensationOf(condense(pipeline, view).result)).toEqual(range(1, 2));
  });

  it('masking children drop the request flag, so a rolling child after them never sees it', () => {
    const view = viewOf(messages(60), true);
    const maskingFirst = build({
      type: 'pipeline',
      condensers: [{ type: 'observation_masking' }, { type: 'amortized' }],
    });
    const after = viewResult(condense(maskingFirst, view).result);
    expect(after.unhandledCondensationRequest).toBe(false);
    expect(after.length).toBe(60);
    const browserFirst = build({
      type: 'pipeline',
      condensers: [{ type: 'browser_output_masking' }, { type: 'amortized' }],
    });
    expect(viewResult(condense(browserFirst, view).result).length).toBe(60);
    const recentFirst = build({
      type: 'pipeline',
      condensers: [{ type: 'recent', max_events: 100 }, { type: 'amortized' }],
    });
    expect(viewResult(condense(recentFirst, view).result).unhandledCondensationRequest).toBe(false);
  });

  it('the same request reaches a rolling child placed first', () => {
    const view = viewOf(messages(60), true);
    const amortizedFirst = build({
      type: 'pipeline',
      condensers: [{ type: 'amortized' }, { type: 'observation_masking' }],
    });
    // max 100, kf 1: target 50, head [0], tail ids 11..59 → forget 1..10.
    expect(condensationOf(condense(amortizedFirst, view).result)).toEqual(range(1, 10));
  });

  it('an LLM child inside a pipeline asks its LLM through the pipeline', () => {
    const pipeline = build({
      type: 'pipeline',
      condensers: [{ type: 'noop' }, { type: 'llm', max_size: 10, keep_first: 1 }],
    });
    const { result, requests } = condense(pipeline, viewOf(messages(11)), () => ({ content: 'sum' }));
    expect(requests).toHaveLength(1);
    expect(condensationOf(result)).toEqual(range(1, 7, 'sum', 1));
  });

  it('hands on the same view as condense without running it when nothing condenses, and declines when a child would', () => {
    const pipeline = build({
      type: 'pipeline',
      condensers: [
        { type: 'observation_masking', attention_window: 1 },
        { type: 'amortized', max_size: 10, keep_first: 1 },
      ],
    });
    const small = viewOf([msg(0), cmdOut(1), msg(2)]);
    const direct = pipeline.passThrough(small)!;
    expect(ids(direct.entries)).toEqual(ids(viewResult(condense(pipeline, small).result).entries));
    expect(ids(direct.entries)).toEqual([0, 'M', 2]);
    expect(pipeline.passThrough(viewOf(messages(11)))).toBeNull();
    // Masking first drops the request flag, so amortized never sees the request: condense would hand on a view too.
    expect(pipeline.passThrough(viewOf(messages(5), true))!.unhandledCondensationRequest).toBe(false);
    const amortizedFirst = build({
      type: 'pipeline',
      condensers: [{ type: 'amortized', max_size: 10, keep_first: 1 }, { type: 'observation_masking' }],
    });
    expect(amortizedFirst.passThrough(viewOf(messages(5), true))).toBeNull();
  });
});
