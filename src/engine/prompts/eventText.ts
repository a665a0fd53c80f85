import {
  type ActionEvent,
  type LogEvent,
  type ObservationEvent,
  type ViewEntry,
  forgottenIdsOf,
  stringArg,
} from '../events.ts';
import { dataclassRepr, enumRepr, pyJsonDumpsIndented, pyRepr, pyStr } from './pythonRepr.ts';

/**
 * The texts OpenHands derives from an event: its `message` property (what `llm_attention` shows) and
 * `str(event)` (what the summarizers show). Both follow OpenHands' formats so that prompts read like
 * the ones OpenHands would send; dataclass reprs and a few rarely used layouts are approximations.
 */

const SOURCE_ENUM: Record<string, string> = { agent: 'EventSource.AGENT', user: 'EventSource.USER', environment: 'EventSource.ENVIRONMENT' };

function sourceText(event: LogEvent): string {
  return event.source ? (SOURCE_ENUM[event.source] ?? event.source) : 'None';
}

function arg(event: ActionEvent, key: string): unknown {
  return event.args[key];
}

function extra(event: ObservationEvent, key: string): unknown {
  return event.extras[key];
}

function metadataOf(event: ObservationEvent): Record<string, unknown> {
  const metadata = extra(event, 'metadata');
  const base: Record<string, unknown> = {
    exit_code: -1,
    pid: -1,
    username: null,
    hostname: null,
    working_dir: null,
    py_interpreter_path: null,
    prefix: '',
    suffix: '',
  };
  return typeof metadata === 'object' && metadata !== null ? { ...base, ...(metadata as Record<string, unknown>) } : base;
}

function exitCode(event: ObservationEvent): number {
  const code = metadataOf(event).exit_code;
  return typeof code === 'number' ? code : -1;
}

function actionMessage(event: ActionEvent): string {
  const s = (key: string) => stringArg(event, key);
  switch (event.type) {
    case 'message':
    case 'system':
      return s('content');
    case 'run':
      return `Running command: ${s('command')}`;
    case 'run_ipython':
      return `Running Python code interactively: ${s('code')}`;
    case 'read':
      return `Reading file: ${s('path')}`;
    case 'write':
      return `Writing file: ${s('path')}`;
    case 'browse':
      return `I am browsing the URL: ${s('url')}`;
    case 'browse_interactive':
      return `I am interacting with the browser:\n\`\`\`\n${s('browser_actions')}\n\`\`\``;
    case 'call_tool_mcp':
      return `I am interacting with the MCP server with name:\n\`\`\`\n${s('name')}\n\`\`\`\nand arguments:\n\`\`\`\n${pyRepr(arg(event, 'arguments') ?? {})}\n\`\`\``;
    case 'think':
      return `I am thinking...: ${s('thought')}`;
    case 'finish':
      return s('thought') !== '' ? s('thought') : "All done! What's next on the agenda?";
    case 'reject': {
      const outputs = arg(event, 'outputs');
      const reason = typeof outputs === 'object' && outputs !== null ? (outputs as Record<string, unknown>).reason : undefined;
      return 'Task is rejected by the agent.' + (reason === undefined ? '' : ` Reason: ${pyStr(reason)}`);
    }
    case 'delegate':
      return `I'm asking ${s('agent')} for help with this task.`;
    case 'recall':
      return `Retrieving content for: ${s('query').slice(0, 50)}`;
    case 'change_agent_state':
      return `Agent state changed to ${s('agent_state')}`;
    case 'condensation': {
      const args = event.condensation;
      if (args?.summary) return `Summary: ${args.summary}`;
      return `Condenser is dropping the events: ${pyRepr(args ? forgottenIdsOf(args) : [])}.`;
    }
    case 'condensation_request':
      return 'Requesting a condensation of the conversation history.';
    case 'task_tracking': {
      const tasks = arg(event, 'task_list');
      const count = Array.isArray(tasks) ? tasks.length : 0;
      return count === 0 ? 'Clearing the task list.' : count === 1 ? 'Managing 1 task item.' : `Managing ${count} task items.`;
    }
    case 'null':
      return 'No action';
    default:
      return event.loggedMessage ?? '';
  }
}

function observationMessage(event: ObservationEvent): string {
  const s = (key: string) => stringArg(event, key);
  switch (event.type) {
    case 'run':
      return `Command \`${s('command')}\` executed with exit code ${exitCode(event)}.`;
    case 'run_ipython':
      return 'Code executed in IPython cell.';
    case 'read':
      return `I read the file ${s('path')}.`;
    case 'write':
      return `I wrote to the file ${s('path')}.`;
    case 'edit':
      return `I edited the file ${s('path')}.`;
    case 'browse':
      return `Visited ${s('url')}`;
    case 'delegate':
    case 'agent_state_changed':
    case 'loop_detection':
      return '';
    case 'recall':
      return s('recall_type') === 'workspace_context' ? 'Added workspace context' : 'Added microagent knowledge';
    case 'null':
      return 'No observation';
    case 'download':
      return `Downloaded the file at location: ${s('file_path')}`;
    default:
      return event.content;
  }
}

/** The event's `message` property as OpenHands computes it (not the logged copy). */
export function eventMessage(entry: ViewEntry): string {
  switch (entry.kind) {
    case 'summary':
    case 'masked':
      return entry.content;
    case 'action':
      return actionMessage(entry);
    case 'observation':
      return observationMessage(entry);
  }
}

const ACTION_CLASSES: Record<string, readonly [string, string, readonly string[]]> = {
  think: ['AgentThinkAction', 'THINK', ['thought']],
  finish: ['AgentFinishAction', 'FINISH', ['final_thought', 'outputs', 'thought']],
  reject: ['AgentRejectAction', 'REJECT', ['outputs', 'thought']],
  delegate: ['AgentDelegateAction', 'DELEGATE', ['agent', 'inputs', 'thought']],
  change_agent_state: ['ChangeAgentStateAction', 'CHANGE_AGENT_STATE', ['agent_state', 'thought']],
  task_tracking: ['TaskTrackingAction', 'TASK_TRACKING', ['command', 'task_list', 'thought']],
  condensation_request: ['CondensationRequestAction', 'CONDENSATION_REQUEST', []],
  loop_recovery: ['LoopRecoveryAction', 'LOOP_RECOVERY', ['option']],
  null: ['NullAction', 'NULL', []],
  read: ['FileReadAction', 'READ', ['path', 'start', 'end', 'thought']],
};

const OBSERVATION_CLASSES: Record<string, readonly [string, string, readonly string[]]> = {
  think: ['AgentThinkObservation', 'THINK', []],
  condense: ['AgentCondensationObservation', 'CONDENSE', []],
  mcp: ['MCPObservation', 'MCP', ['name', 'arguments']],
  success: ['SuccessObservation', 'SUCCESS', []],
  null: ['NullObservation', 'NULL', []],
  agent_state_changed: ['AgentStateChangedObservation', 'AGENT_STATE_CHANGED', ['agent_state', 'reason']],
  delegate: ['AgentDelegateObservation', 'DELEGATE', ['outputs']],
  task_tracking: ['TaskTrackingObservation', 'TASK_TRACKING', ['command', 'task_list']],
  user_rejected: ['UserRejectObservation', 'USER_REJECTED', []],
  download: ['FileDownloadObservation', 'DOWNLOAD', ['file_path']],
  loop_detection: ['LoopDetectionObservation', 'LOOP_DETECTION', []],
};

function thoughtLine(event: ActionEvent): string {
  const thought = stringArg(event, 'thought');
  return thought ? `THOUGHT: ${thought}\n` : '';
}

function actionText(event: ActionEvent): string {
  const s = (key: string) => stringArg(event, key);
  switch (event.type) {
    case 'message': {
      let text = `**MessageAction** (source=${sourceText(event)})\nCONTENT: ${s('content')}`;
      for (const url of asList(arg(event, 'image_urls'))) text += `\nIMAGE_URL: ${pyStr(url)}`;
      for (const url of asList(arg(event, 'file_urls'))) text += `\nFILE_URL: ${pyStr(url)}`;
      return text;
    }
    case 'system': {
      const tools = asList(arg(event, 'tools'));
      return `**SystemMessageAction** (source=${sourceText(event)})\nCONTENT: ${s('content')}\nTOOLS: ${tools.length} tools available\nAGENT_CLASS: ${pyStr(arg(event, 'agent_class') ?? null)}`;
    }
    case 'run':
      return `**CmdRunAction (source=${sourceText(event)}, is_input=${arg(event, 'is_input') === true ? 'True' : 'False'})**\n${thoughtLine(event)}COMMAND:\n${s('command')}`;
    case 'run_ipython':
      return `**IPythonRunCellAction**\n${thoughtLine(event)}CODE:\n${s('code')}`;
    case 'browse':
      return `**BrowseURLAction**\n${thoughtLine(event)}URL: ${s('url')}`;
    case 'browse_interactive':
      return `**BrowseInteractiveAction**\n${thoughtLine(event)}BROWSER_ACTIONS: ${s('browser_actions')}`;
    case 'call_tool_mcp':
      return `**MCPAction**\n${thoughtLine(event)}NAME: ${s('name')}\nARGUMENTS: ${pyRepr(arg(event, 'arguments') ?? {})}`;
    case 'recall':
      return `**RecallAction**\nQUERY: ${s('query').slice(0, 50)}`;
    case 'write':
      return `**FileWriteAction**\nPath: ${s('path')}\nRange: [L${pyStr(arg(event, 'start') ?? 0)}:L${pyStr(arg(event, 'end') ?? -1)}]\nThought: ${s('thought')}\nContent:\n\`\`\`\n${s('content')}\n\`\`\`\n`;
    case 'edit':
      return editActionText(event);
  }
  return dataclassText(event, ACTION_CLASSES[event.type], 'ActionType', 'action');
}

function editActionText(event: ActionEvent): string {
  const s = (key: string) => pyStr(arg(event, key) ?? null);
  let text = `**FileEditAction**\nPath: [${s('path')}]\nThought: ${s('thought')}\n`;
  if (stringArg(event, 'impl_source') === 'llm_based_edit') {
    return text + `Range: [L${s('start')}:L${s('end')}]\nContent:\n\`\`\`\n${s('content')}\n\`\`\`\n`;
  }
  const command = stringArg(event, 'command');
  text += `Command: ${command}\n`;
  if (command === 'create') text += `Created File with Text:\n\`\`\`\n${s('file_text')}\n\`\`\`\n`;
  else if (command === 'str_replace') text += `Old String: \`\`\`\n${s('old_str')}\n\`\`\`\nNew String: \`\`\`\n${s('new_str')}\n\`\`\`\n`;
  else if (command === 'insert') text += `Insert Line: ${s('insert_line')}\nNew String: \`\`\`\n${s('new_str')}\n\`\`\`\n`;
  else if (command === 'undo_edit') text += 'Undo Edit\n';
  return text;
}

function observationText(event: ObservationEvent): string {
  const s = (key: string) => stringArg(event, key);
  switch (event.type) {
    case 'run': {
      const metadata = metadataOf(event);
      let body = `${pyStr(metadata.prefix)}${event.content}${pyStr(metadata.suffix)}`;
      if (metadata.working_dir) body += `\n[Current working directory: ${pyStr(metadata.working_dir)}]`;
      if (metadata.py_interpreter_path) body += `\n[Python interpreter: ${pyStr(metadata.py_interpreter_path)}]`;
      if (metadata.exit_code !== -1) body += `\n[Command finished with exit code ${pyStr(metadata.exit_code)}]`;
      return `**CmdOutputObservation (source=${sourceText(event)}, exit code=${exitCode(event)}, metadata=${pyJsonDumpsIndented(metadata)})**\n--BEGIN AGENT OBSERVATION--\n${body}\n--END AGENT OBSERVATION--`;
    }
    case 'run_ipython': {
      const images = asList(extra(event, 'image_urls'));
      return `**IPythonRunCellObservation**\n${event.content}` + (images.length ? `\nImages: ${images.length}` : '');
    }
    case 'read':
      return `[Read from ${s('path')} is successful.]\n${event.content}`;
    case 'write':
      return `[Write to ${s('path')} is successful.]\n${event.content}`;
    case 'edit':
      // OpenHands shows a line diff for LLM-based edits; the stored content stands in for it here.
      if (s('impl_source') !== 'oh_aci' && extra(event, 'prev_exist') === false) {
        return `[New file ${s('path')} is created with the provided content.]\n`;
      }
      return event.content;
    case 'browse':
      return browserText(event);
    case 'error':
      return `**ErrorObservation**\n${event.content}`;
    case 'recall':
      return recallText(event);
  }
  return dataclassText(event, OBSERVATION_CLASSES[event.type], 'ObservationType', 'observation');
}

function browserText(event: ObservationEvent): string {
  const lines = [
    '**BrowserOutputObservation**',
    `URL: ${stringArg(event, 'url')}`,
    `Error: ${extra(event, 'error') === true ? 'True' : 'False'}`,
    `Open pages: ${pyRepr(extra(event, 'open_pages_urls') ?? [])}`,
    `Active page index: ${pyStr(extra(event, 'active_page_index') ?? -1)}`,
    `Last browser action: ${stringArg(event, 'last_browser_action')}`,
    `Last browser action error: ${stringArg(event, 'last_browser_action_error')}`,
    `Focused element bid: ${stringArg(event, 'focused_element_bid')}`,
  ];
  const screenshotPath = extra(event, 'screenshot_path');
  if (typeof screenshotPath === 'string' && screenshotPath) lines.push(`Screenshot saved to: ${screenshotPath}`);
  lines.push('--- Agent Observation ---', event.content);
  return lines.join('\n');
}

function recallText(event: ObservationEvent): string {
  const s = (key: string) => stringArg(event, key);
  const recallType = s('recall_type') === 'workspace_context' ? 'RecallType.WORKSPACE_CONTEXT' : 'RecallType.KNOWLEDGE';
  const fields = [`recall_type=${recallType}`];
  if (s('recall_type') === 'workspace_context') {
    fields.push(
      `repo_name=${s('repo_name')}`,
      `repo_instructions=${s('repo_instructions').slice(0, 20)}...`,
      `runtime_hosts=${pyRepr(extra(event, 'runtime_hosts') ?? {})}`,
      `additional_agent_instructions=${s('additional_agent_instructions').slice(0, 20)}...`,
      // OpenHands misses the separator here; kept so the text matches.
      `date=${s('date')}custom_secrets_descriptions=${pyRepr(extra(event, 'custom_secrets_descriptions') ?? {})}`,
      `conversation_instructions=${s('conversation_instructions').slice(0, 20)}...`,
    );
  }
  const knowledge = asList(extra(event, 'microagent_knowledge'));
  if (knowledge.length) {
    const names = knowledge.map((item) => pyStr(typeof item === 'object' && item !== null ? (item as Record<string, unknown>).name : item));
    fields.push(`microagent_knowledge=${names.join(', ')}`);
  }
  return `**RecallObservation**\n${fields.join(', ')}`;
}

function dataclassText(
  event: LogEvent,
  known: readonly [string, string, readonly string[]] | undefined,
  enumName: string,
  discriminator: string,
): string {
  const bag = event.kind === 'action' ? event.args : event.extras;
  const [className, member, fieldNames] = known ?? [`${event.kind === 'action' ? 'Action' : 'Observation'}`, event.type.toUpperCase(), Object.keys(bag)];
  const fields: Array<readonly [string, string]> = [];
  if (event.kind === 'observation') fields.push(['content', pyRepr(event.content)]);
  for (const name of fieldNames) fields.push([name, pyRepr(bag[name] ?? null)]);
  fields.push([discriminator, enumRepr(enumName, member, event.type)]);
  return dataclassRepr(className, fields);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const promptTexts = new WeakMap<LogEvent, string>();

/** `str(event)`: the text OpenHands' summarizers put inside each `<EVENT id=N>` block. */
export function eventPromptText(entry: ViewEntry): string {
  if (entry.kind === 'action' || entry.kind === 'observation') {
    // Replays with other settings summarize the same events again.
    let text = promptTexts.get(entry);
    if (text === undefined) {
      text = entry.kind === 'action' ? actionText(entry) : observationText(entry);
      promptTexts.set(entry, text);
    }
    return text;
  }
  switch (entry.kind) {
    case 'summary':
    case 'masked':
      return dataclassRepr('AgentCondensationObservation', [
        ['content', pyRepr(entry.content)],
        ['observation', enumRepr('ObservationType', 'CONDENSE', 'condense')],
      ]);
  }
}

/** Bookkeeping args that never reach the model. */
const HIDDEN_ARGS = new Set(['security_risk', 'confirmation_state', 'impl_source', 'is_static', 'blocking', 'hidden', 'kernel_init_code', 'include_extra']);

/**
 * The text a token estimate counts for an event: roughly what the agent's prompt holds for it
 * (message content, a tool call's thought and arguments, an observation's content).
 */
export function eventTokenText(event: LogEvent): string {
  if (event.kind === 'observation') return event.content;
  if (event.type === 'message') return stringArg(event, 'content');
  if (event.type === 'system') return stringArg(event, 'content') + (event.args.tools ? JSON.stringify(event.args.tools) : '');
  const visible = Object.entries(event.args).filter(([key, value]) => !HIDDEN_ARGS.has(key) && value !== null && value !== '');
  return visible.map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`).join('\n');
}
