import { type ForgottenIds, forgottenIds, forgottenLength, forgottenList } from '../forgotten.ts';
import type { PyEvent } from './eventFromDict.ts';
import { PyEnum, pyRepr, pySliceText, pyStr } from './pythonRepr.ts';
import { ownEntry } from '../../core/index.ts';

/**
 * The `message` property of OpenHands' V0 event classes (openhands/events at 156d068): what
 * llm_attention shows the LLM for each event. Classes without the property fall back to `Event.message`,
 * which is `''` for an event read from a log (its `message` key is ignored).
 */

type Fields = PyEvent['fields'];

const text = (fields: Fields, name: string) => pyStr(fields.get(name));
const length = (value: unknown) =>
  Array.isArray(value) ? value.length : typeof value === 'object' && value !== null ? Object.keys(value).length : 0;

function condensationMessage(fields: Fields): string {
  const summary = fields.get('summary');
  if (typeof summary === 'string' && summary !== '') return `Summary: ${summary}`;
  const intOrNull = (name: string) => {
    const value = fields.get(name);
    return typeof value === 'number' ? value : null;
  };
  const explicit = fields.get('forgotten_event_ids');
  const forgotten = Array.isArray(explicit)
    ? (explicit as number[])
    : shownRange(
        forgottenIds({
          forgottenEventIds: null,
          forgottenEventsStartId: intOrNull('forgotten_events_start_id'),
          forgottenEventsEndId: intOrNull('forgotten_events_end_id'),
          summary: null,
          summaryOffset: null,
        }),
      );
  return `Condenser is dropping the events: ${typeof forgotten === 'string' ? forgotten : pyRepr(forgotten)}.`;
}

/** Ranges wider than this are shown by their ends: the message is read by people, never by a condenser. */
const SHOWN_RANGE = 1000;

/** A range as OpenHands lists it, or for a wide one its ends and how many ids lie between. */
function shownRange(forgotten: ForgottenIds): number[] | string {
  if (forgotten.kind === 'list' || forgottenLength(forgotten) <= SHOWN_RANGE) return forgottenList(forgotten);
  const { start, end } = forgotten;
  return `[${start}, ${start + 1}, ${start + 2}, … ${forgottenLength(forgotten) - 5} more …, ${end - 1}, ${end}]`;
}

function rejectMessage(fields: Fields): string {
  const outputs = fields.get('outputs');
  const reason =
    typeof outputs === 'object' && outputs !== null && 'reason' in outputs
      ? (outputs as Record<string, unknown>).reason
      : undefined;
  return reason === undefined
    ? 'Task is rejected by the agent.'
    : `Task is rejected by the agent. Reason: ${pyStr(reason)}`;
}

function taskTrackingMessage(fields: Fields): string {
  const count = length(fields.get('task_list'));
  return count === 0
    ? 'Clearing the task list.'
    : count === 1
      ? 'Managing 1 task item.'
      : `Managing ${count} task items.`;
}

const MESSAGES: Readonly<Record<string, (fields: Fields) => string>> = {
  MessageAction: (f) => text(f, 'content'),
  SystemMessageAction: (f) => text(f, 'content'),
  CmdRunAction: (f) => `Running command: ${text(f, 'command')}`,
  IPythonRunCellAction: (f) => `Running Python code interactively: ${text(f, 'code')}`,
  FileReadAction: (f) => `Reading file: ${text(f, 'path')}`,
  FileWriteAction: (f) => `Writing file: ${text(f, 'path')}`,
  BrowseURLAction: (f) => `I am browsing the URL: ${text(f, 'url')}`,
  BrowseInteractiveAction: (f) => `I am interacting with the browser:\n\`\`\`\n${text(f, 'browser_actions')}\n\`\`\``,
  MCPAction: (f) =>
    `I am interacting with the MCP server with name:\n\`\`\`\n${text(f, 'name')}\n\`\`\`\nand arguments:\n\`\`\`\n${text(f, 'arguments')}\n\`\`\``,
  AgentThinkAction: (f) => `I am thinking...: ${text(f, 'thought')}`,
  AgentFinishAction: (f) => (f.get('thought') !== '' ? text(f, 'thought') : "All done! What's next on the agenda?"),
  AgentRejectAction: rejectMessage,
  AgentDelegateAction: (f) => `I'm asking ${text(f, 'agent')} for help with this task.`,
  RecallAction: (f) => `Retrieving content for: ${pySliceText(text(f, 'query'), 0, 50)}`,
  ChangeAgentStateAction: (f) => `Agent state changed to ${text(f, 'agent_state')}`,
  CondensationAction: condensationMessage,
  CondensationRequestAction: () => 'Requesting a condensation of the conversation history.',
  TaskTrackingAction: taskTrackingMessage,
  NullAction: () => 'No action',
  CmdOutputObservation: (f) =>
    `Command \`${text(f, 'command')}\` executed with exit code ${pyStr((f.get('metadata') as Record<string, unknown>).exit_code)}.`,
  IPythonRunCellObservation: () => 'Code executed in IPython cell.',
  FileReadObservation: (f) => `I read the file ${text(f, 'path')}.`,
  FileWriteObservation: (f) => `I wrote to the file ${text(f, 'path')}.`,
  FileEditObservation: (f) => `I edited the file ${text(f, 'path')}.`,
  BrowserOutputObservation: (f) => `Visited ${text(f, 'url')}`,
  AgentDelegateObservation: () => '',
  AgentStateChangedObservation: () => '',
  RecallObservation: (f) => {
    const recallType = f.get('recall_type');
    return recallType instanceof PyEnum && recallType.value === 'workspace_context'
      ? 'Added workspace context'
      : 'Added microagent knowledge';
  },
  NullObservation: () => 'No observation',
  FileDownloadObservation: (f) => `Downloaded the file at location: ${text(f, 'file_path')}`,
  // Observations whose message is their content.
  AgentCondensationObservation: (f) => text(f, 'content'),
  AgentThinkObservation: (f) => text(f, 'content'),
  MCPObservation: (f) => text(f, 'content'),
  ErrorObservation: (f) => text(f, 'content'),
  SuccessObservation: (f) => text(f, 'content'),
  UserRejectObservation: (f) => text(f, 'content'),
  TaskTrackingObservation: (f) => text(f, 'content'),
};

/** `event.message` of the dataclass `event_from_dict` builds. */
export function pyEventMessage(event: PyEvent): string {
  return ownEntry(MESSAGES, event.className)?.(event.fields) ?? '';
}
