import { isRecord } from './types.ts';

/**
 * Logs of other formats that users bring, told apart so that they get a sentence saying what the file
 * is and why it cannot be replayed, instead of "no OpenHands events found". Condensers work on
 * OpenHands events (ids, actions, observations); these formats have none.
 */

// OpenAI's role/content, and ShareGPT's from/value.
const isChatMessage = (value: unknown) =>
  isRecord(value) &&
  ((typeof value.role === 'string' && ('content' in value || 'tool_calls' in value)) ||
    (typeof value.from === 'string' && 'value' in value));

function isMessageList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.slice(0, 20).every(isChatMessage);
}

const NO_EVENTS =
  'it holds no OpenHands events (condensers forget events by id), so it cannot be replayed; open the OpenHands log the run wrote instead (events, a trajectory download or output.jsonl)';

/** Why a parsed JSON value (a whole file, or one JSONL line) is a format we do not read; null if it is none we know. */
export function foreignFormat(value: unknown): string | null {
  if (
    isRecord(value) &&
    typeof value.schema_version === 'string' &&
    value.schema_version.startsWith('ATIF') &&
    Array.isArray(value.steps)
  ) {
    return `this is an ATIF trajectory (${value.schema_version}, the Agent Trajectory Interchange Format of Harbor/Terminal-Bench): steps of messages and tool calls; ${NO_EVENTS}`;
  }
  if (isMessageList(value)) return `this is a list of chat messages (OpenAI "role"/"content" format); ${NO_EVENTS}`;
  if (isRecord(value) && isMessageList(value.messages)) {
    return `this holds chat messages under "messages" (an OpenAI request or a fine-tuning record), not events; ${NO_EVENTS}`;
  }
  if (isRecord(value) && isMessageList(value.conversations ?? value.conversation)) {
    return `this holds a conversation of chat messages (a fine-tuning record), not events; ${NO_EVENTS}`;
  }
  return null;
}
