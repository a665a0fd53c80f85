import type { RawEvents } from '../../formats/index.ts';
import type { AgentAnswer } from './answer.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const argumentsText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? {}));

/** A tool call as OpenAI (`{function: {name, arguments}}`) or the SDK's MessageToolCall (`{name, arguments}`) writes it. */
function toolCallOf(value: unknown): AgentAnswer['tool_calls'][number] | null {
  if (!isObject(value)) return null;
  const call = isObject(value.function) ? value.function : value;
  const name = text(call.name);
  return name === null ? null : { name, arguments: argumentsText(call.arguments) };
}

/** The text of an SDK message's content (a string, or a list of text parts). */
function contentText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return null;
  const parts = value.flatMap((part) => (isObject(part) && typeof part.text === 'string' ? [part.text] : []));
  return parts.length ? parts.join('') : null;
}

/** V0: the LLM response `tool_call_metadata` recorded (every tool call of it), else the action's own text. */
function v0Action(event: Json): AgentAnswer | null {
  const metadata = isObject(event.tool_call_metadata) ? event.tool_call_metadata : null;
  const response = metadata && isObject(metadata.model_response) ? metadata.model_response : null;
  const choice = response && Array.isArray(response.choices) ? response.choices[0] : null;
  const message = isObject(choice) && isObject(choice.message) ? choice.message : null;
  if (message) {
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls.map(toolCallOf) : [];
    return { tool_calls: calls.filter((call) => call !== null), content: text(message.content) };
  }
  if (metadata && typeof metadata.function_name === 'string')
    // The response was not kept: only the tool is known, its arguments as OpenHands parsed them.
    return { tool_calls: [{ name: metadata.function_name, arguments: argumentsText(event.args) }], content: null };
  const args = isObject(event.args) ? event.args : {};
  const said = text(args.content) ?? text(event.message);
  return said === null ? null : { tool_calls: [], content: said };
}

/** SDK: the step's ActionEvent and the later ones of the same LLM response, or an agent MessageEvent's text. */
function sdkAction(raw: RawEvents, index: number, event: Json): AgentAnswer | null {
  if (event.kind === 'MessageEvent') {
    const message = isObject(event.llm_message) ? event.llm_message : {};
    return { tool_calls: [], content: contentText(message.content) };
  }
  if (event.kind !== 'ActionEvent') return null;
  const response = event.llm_response_id;
  const calls: AgentAnswer['tool_calls'][number][] = [];
  for (let at = index; at < raw.length; at++) {
    const next = at === index ? event : raw.at(at);
    if (!isObject(next)) break;
    if (next.kind !== 'ActionEvent') continue;
    if (at > index && (response === undefined || next.llm_response_id !== response)) break;
    const call =
      toolCallOf(next.tool_call) ?? (text(next.tool_name) ? { name: String(next.tool_name), arguments: '{}' } : null);
    if (call) calls.push(call);
  }
  const thought = Array.isArray(event.thought) ? contentText(event.thought) : null;
  return { tool_calls: calls, content: thought };
}

/**
 * What the agent did at a step, as it recorded it: the answer of the LLM call the step made (the
 * action event it came before). Null when the log keeps no tool call nor text for it.
 */
export function recordedAction(raw: RawEvents, index: number, flavor: 'v0' | 'sdk'): AgentAnswer | null {
  const event = raw.at(index);
  if (!isObject(event)) return null;
  return flavor === 'v0' ? v0Action(event) : sdkAction(raw, index, event);
}
