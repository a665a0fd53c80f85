import type { RecordedUsage } from '../../engine/index.ts';
import type { RecordedBill, RecordedCall, RecordedRole } from './types.ts';

/** The agent's recorded calls by the log position of each event they produced (several tool calls of one response share a call). */
export function agentCallsByEvent(bill: RecordedBill): CallLookup {
  return callsByEvent(bill, 'agent');
}

type CallLookup = (eventIndex: number) => RecordedCall | null;

/** Per bill and role, made once: every replay's agent calls read it (16,000 calls in a 100 MB log). */
const lookups = new WeakMap<RecordedBill, Map<RecordedRole, CallLookup>>();

/** One role's recorded calls by the log position of each event they produced (a condenser call: its condensation). */
export function callsByEvent(bill: RecordedBill, role: RecordedRole): CallLookup {
  let byRole = lookups.get(bill);
  if (!byRole) lookups.set(bill, (byRole = new Map()));
  let lookup = byRole.get(role);
  if (!lookup) {
    const byEvent = new Map<number, RecordedCall>();
    for (const call of bill.calls)
      if (call.role === role) for (const event of call.events) byEvent.set(event.index, call);
    lookup = (eventIndex) => byEvent.get(eventIndex) ?? null;
    byRole.set(role, lookup);
  }
  return lookup;
}

/** A recorded call's usage as the usage model reads it (the whole input as prompt tokens); null where it recorded none. */
export function usageOfCall(call: RecordedCall | null): RecordedUsage | null {
  if (!call || call.inputTokens === null) return null;
  return {
    promptTokens: call.inputTokens,
    completionTokens: call.outputTokens ?? 0,
    cacheReadTokens: call.cacheReadTokens ?? 0,
    cacheWriteTokens: call.cacheWriteTokens ?? 0,
  };
}
