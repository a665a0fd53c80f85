import type { RecordedUsage } from '../../engine/index.ts';
import type { RecordedBill, RecordedCall, RecordedRole } from './types.ts';

/** The agent's recorded calls by the log position of each event they produced (several tool calls of one response share a call). */
export function agentCallsByEvent(bill: RecordedBill): (eventIndex: number) => RecordedCall | null {
  return callsByEvent(bill, 'agent');
}

/** One role's recorded calls by the log position of each event they produced (a condenser call: its condensation). */
export function callsByEvent(bill: RecordedBill, role: RecordedRole): (eventIndex: number) => RecordedCall | null {
  const byEvent = new Map<number, RecordedCall>();
  for (const call of bill.calls)
    if (call.role === role) for (const event of call.events) byEvent.set(event.index, call);
  return (eventIndex) => byEvent.get(eventIndex) ?? null;
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
