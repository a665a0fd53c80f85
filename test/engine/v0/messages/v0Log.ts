import {
  type ActionEvent,
  type LogEvent,
  type ViewEntry,
  prepareLog,
  initialUserMessageAt,
} from '../../../../src/engine/v0/index.ts';
import { readV0Event } from '../../../../src/formats/v0Event.ts';

/** Builders of V0 log events as OpenHands writes them (JSON), read through the formats layer. */

let responses = 0;

export function response(
  content: string | null,
  calls: Array<{ id: string; name: string; arguments?: string }>,
  usage?: Record<string, unknown>,
) {
  responses++;
  return {
    id: `chatcmpl-${responses}`,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments ?? '{}' },
          })),
        },
      },
    ],
    ...(usage ? { usage } : {}),
  };
}

export function toolMeta(callId: string, name: string, modelResponse: Record<string, unknown>) {
  return { function_name: name, tool_call_id: callId, model_response: modelResponse, total_calls_in_response: 1 };
}

/** Reads raw events, giving each the id of its position unless it has one. */
export function events(raw: Array<Record<string, unknown>>): LogEvent[] {
  return raw.map((event, index) => readV0Event({ id: index, ...event }, index, `events[${index}]`));
}

export const system = (content = 'You are a careful agent.') => ({
  source: 'agent',
  action: 'system',
  args: { content, tools: [] },
});
export const userMessage = (content: string) => ({
  source: 'user',
  action: 'message',
  args: { content, image_urls: null },
});

/** The view of a whole log (noop condenser) and its initial user message, at the end of the log. */
export function wholeView(log: LogEvent[]): { view: ViewEntry[]; initial: ActionEvent | null } {
  const prepared = prepareLog(log);
  return {
    view: log.filter((_, k) => prepared.inHistory.recorded[k]),
    initial: initialUserMessageAt(prepared, log.length),
  };
}
