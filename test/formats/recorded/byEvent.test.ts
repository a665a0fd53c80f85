import { describe, expect, it } from 'vitest';
import { billOf, newCallDraft } from '../../../src/formats/recorded/bill.ts';
import { agentCallsByEvent, callsByEvent } from '../../../src/formats/recorded/byEvent.ts';

describe("callsByEvent: a role's recorded calls by the events they produced", () => {
  const bill = billOf(
    [
      newCallDraft('agent', {
        responseId: 'a',
        events: [
          { id: 'e1', index: 1 },
          { id: 'e2', index: 2 },
        ],
      }),
      newCallDraft('condenser', { responseId: 'c', events: [{ id: 'e3', index: 3 }] }),
      newCallDraft('agent', { responseId: 'b', events: [{ id: 'e5', index: 5 }] }),
    ],
    [],
  );

  it("finds each event's call of that role, and nothing for other events", () => {
    const agent = agentCallsByEvent(bill);
    expect([1, 2, 3, 4, 5].map((index) => agent(index)?.responseId ?? null)).toEqual(['a', 'a', null, null, 'b']);
    expect(callsByEvent(bill, 'condenser')(3)?.responseId).toBe('c');
  });

  it('is made once per bill and role (every replay reads it)', () => {
    expect(agentCallsByEvent(bill)).toBe(agentCallsByEvent(bill));
    expect(callsByEvent(bill, 'condenser')).not.toBe(callsByEvent(bill, 'agent'));
    const other = billOf([newCallDraft('agent', { responseId: 'x', events: [{ id: 'e1', index: 1 }] })], []);
    expect(agentCallsByEvent(other)(1)?.responseId).toBe('x');
  });
});
