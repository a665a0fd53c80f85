import type { RecordedUsage } from '../engine/index.ts';
import { type RecordedBill, agentCallsByEvent, usageOfCall } from '../formats/index.ts';

/** The recorded usage of the agent's calls, by the event each produced; only `model`'s calls when given. */
export function recordedUsage(
  recorded: RecordedBill,
  model: string | null,
): (eventIndex: number) => RecordedUsage | null {
  const callAt = agentCallsByEvent(recorded);
  return (eventIndex) => {
    const call = callAt(eventIndex);
    return call && (model === null || call.model === model) ? usageOfCall(call) : null;
  };
}
