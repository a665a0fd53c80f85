import type { ActionEvent } from '../events.ts';
import { eventPromptText } from '../prompts/eventText.ts';
import { pyStrip } from '../../core/index.ts';
import { type DraftMessage, type DraftPart, AgentMessagesError, draft, imagePart, textPart } from './draft.ts';

/** Actions the agent takes through a tool call: their message is the LLM response that made them. */
const TOOL_ACTIONS = new Set([
  'delegate',
  'think',
  'run_ipython',
  'edit',
  'read',
  'browse_interactive',
  'browse',
  'call_tool_mcp',
  'task_tracking',
]);

/** A tool call's assistant message, waiting for the results of every call of its LLM response. */
export interface PendingToolCalls {
  readonly responseId: string;
  readonly message: DraftMessage;
}

export type ActionOutcome = { readonly messages: DraftMessage[] } | { readonly pending: PendingToolCalls };

const pyTrimmedEmpty = (text: string) => pyStrip(text) === '';

function describe(event: ActionEvent): string {
  return `event ${event.id} (${event.type} action by ${event.source ?? 'no source'})`;
}

function toolCallAction(event: ActionEvent): ActionOutcome {
  const call = event.toolCall;
  if (call === null) {
    if (event.source === 'user') {
      return {
        messages: [draft('user', [textPart(`User requested to read file: ${eventPromptText(event)}`)], [event.id])],
      };
    }
    throw new AgentMessagesError(
      `${describe(event)} records no tool call (tool_call_metadata); OpenHands' function-calling agent cannot turn it into a message`,
      'AssertionError: Tool call metadata should NOT be None when function calling is enabled for agent actions.',
    );
  }
  const { response } = call;
  if (response.message === null) {
    throw new AgentMessagesError(
      `${describe(event)}: its tool call ${call.toolCallId} has no recorded LLM response (tool_call_metadata.model_response.choices), so the assistant message is unknown`,
    );
  }
  if (response.message.toolCalls === null) {
    throw new AgentMessagesError(
      `${describe(event)}: the recorded LLM response has no tool_calls`,
      'AssertionError: Tool calls should NOT be None when function calling is enabled & the message is considered pending tool call.',
    );
  }
  const { content, role, toolCalls } = response.message;
  const parts: DraftPart[] = content !== null && !pyTrimmedEmpty(content) ? [textPart(content)] : [];
  const message = draft(role as DraftMessage['role'], parts, [event.id], { toolCalls });
  // OpenHands keys pending messages by the response id; a response without one is keyed None.
  return { pending: { responseId: response.id ?? '\u0000none', message } };
}

/** `AgentFinishAction`: the response's text joins the thought, and the tool call itself is never shown. */
function finishMessage(event: ActionEvent): DraftMessage {
  const role = event.source === 'user' ? 'user' : 'assistant';
  let thought = typeof event.args.thought === 'string' ? event.args.thought : '';
  const call = event.toolCall;
  if (call !== null) {
    if (call.response.message === null) {
      throw new AgentMessagesError(
        `${describe(event)}: its tool call ${call.toolCallId} has no recorded LLM response (tool_call_metadata.model_response.choices)`,
      );
    }
    const content = call.response.message.content ?? '';
    if (thought) {
      if (thought !== content) thought += `\n${content}`;
    } else {
      thought = content;
    }
  }
  return draft(role, [textPart(thought)], [event.id]);
}

function messageAction(event: ActionEvent): DraftMessage {
  const role = event.source === 'user' ? 'user' : 'assistant';
  const content = event.args.content;
  const parts: DraftPart[] = [textPart(typeof content === 'string' ? content : '')];
  // Older logs call them images_urls (action_from_dict renames the key).
  const urls = 'images_urls' in event.args ? event.args.images_urls : event.args.image_urls;
  if (Array.isArray(urls) && urls.length) {
    const strings = urls.map((url) => (typeof url === 'string' ? url : String(url)));
    // Vision is off in both profiles, so no "Image N:" labels; the serializer drops the images.
    if (role === 'user') for (const url of strings) parts.push(imagePart([url]));
    else parts.push(imagePart(strings));
  }
  return draft(role, parts, [event.id]);
}

/** `ConversationMemory._process_action`. */
export function processAction(event: ActionEvent): ActionOutcome {
  if (TOOL_ACTIONS.has(event.type) || (event.type === 'run' && event.source === 'agent')) return toolCallAction(event);
  switch (event.type) {
    case 'finish':
      return { messages: [finishMessage(event)] };
    case 'message':
      return { messages: [messageAction(event)] };
    case 'run': {
      if (event.source !== 'user') return { messages: [] };
      const command = typeof event.args.command === 'string' ? event.args.command : '';
      return { messages: [draft('user', [textPart(`User executed the command:\n${command}`)], [event.id])] };
    }
    case 'system': {
      const content = event.args.content;
      return { messages: [draft('system', [textPart(typeof content === 'string' ? content : '')], [event.id])] };
    }
  }
  return { messages: [] };
}
