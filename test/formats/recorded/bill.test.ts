import { describe, expect, it } from 'vitest';
import { billOf, giveUsage, newCallDraft } from '../../../src/formats/recorded/bill.ts';

const usage = (prompt: number, write = 0) => ({
  promptTokens: prompt,
  completionTokens: 1,
  cacheReadTokens: 0,
  cacheWriteTokens: write,
  reasoningTokens: null,
});

describe('billOf: calls in log order, summed by role and model', () => {
  it('orders calls by the first event each produced; calls without events keep their order, last', () => {
    const late = newCallDraft('agent', { responseId: 'late', events: [{ id: 'e9', index: 9 }] });
    const loose = newCallDraft('other', { responseId: 'loose' });
    const early = newCallDraft('condenser', { responseId: 'early', events: [{ id: 'e2', index: 2 }] });
    const bill = billOf([late, loose, early], []);
    expect(bill.calls.map((call) => call.responseId)).toEqual(['early', 'late', 'loose']);
    expect(bill.byRole.other).toMatchObject({ calls: 1 });
  });

  it('counts what is unknown instead of guessing it: calls without cost, calls without usage', () => {
    const priced = newCallDraft('agent', { model: 'm', usage: usage(100) });
    priced.cost = 0.5;
    const unpriced = newCallDraft('agent', { model: 'm', usage: usage(50) });
    const blank = newCallDraft('agent', { model: 'm' });
    const bill = billOf([priced, unpriced, blank], []);
    expect(bill.byModel.m).toEqual({
      calls: 3,
      cost: 0.5,
      callsWithoutCost: 2,
      inputTokens: 150,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      outputTokens: 2,
      reasoningTokens: null,
      callsWithoutUsage: 1,
    });
    expect(bill).toMatchObject({ totalCost: 0.5, nothingRecorded: false });
  });

  it('one call that proves cache writes were left out decides the whole log', () => {
    const first = newCallDraft('agent');
    giveUsage(first, usage(4, 5000), 'response');
    const later = newCallDraft('agent');
    giveUsage(later, usage(6000, 200), 'response');
    const bill = billOf([first, later], []);
    expect(bill.promptTokensConvention).toBe('cache writes left out');
    expect(bill.calls.map((call) => call.inputTokens)).toEqual([5004, 6200]);
  });
});
