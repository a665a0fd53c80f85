import { OpenHandsFailure, ownEntry } from '../../core/index.ts';
import { type PyEvent } from './eventFromDict.ts';
import { visualizeDiff } from './fileEditDiff.ts';
import { PyEnum, PyTuple, dataclassRepr, pyJsonDumpsIndented, pyRstrip, pySliceText, pyStr } from './pythonRepr.ts';

/**
 * `str(event)` for OpenHands' V0 event classes: each class's own `__str__` (or `__repr__`) as written in
 * openhands/events at 156d068, and the dataclass repr for classes without one.
 */

type Fields = PyEvent['fields'];

function field(fields: Fields, name: string): unknown {
  return fields.get(name);
}

/** `f'{self.<name>}'`. */
function text(fields: Fields, name: string): string {
  return pyStr(field(fields, name));
}

/** Python truthiness of a JSON value. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof PyTuple) return value.items.length > 0;
  if (typeof value === 'object' && value !== null && !(value instanceof PyEnum)) return Object.keys(value).length > 0;
  return Boolean(value);
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function thoughtLine(fields: Fields): string {
  return truthy(field(fields, 'thought')) ? `THOUGHT: ${text(fields, 'thought')}\n` : '';
}

function messageAction(event: PyEvent): string {
  const { fields } = event;
  let out = `**MessageAction** (source=${pyStr(event.source)})\nCONTENT: ${text(fields, 'content')}`;
  if (truthy(field(fields, 'image_urls')))
    for (const url of list(field(fields, 'image_urls'))) out += `\nIMAGE_URL: ${pyStr(url)}`;
  if (truthy(field(fields, 'file_urls')))
    for (const url of list(field(fields, 'file_urls'))) out += `\nFILE_URL: ${pyStr(url)}`;
  return out;
}

function systemMessageAction(event: PyEvent): string {
  const { fields } = event;
  let out = `**SystemMessageAction** (source=${pyStr(event.source)})\nCONTENT: ${text(fields, 'content')}`;
  const tools = field(fields, 'tools');
  if (truthy(tools))
    out += `\nTOOLS: ${Array.isArray(tools) ? tools.length : Object.keys(tools as object).length} tools available`;
  if (truthy(field(fields, 'agent_class'))) out += `\nAGENT_CLASS: ${text(fields, 'agent_class')}`;
  return out;
}

function fileEditAction(fields: Fields): string {
  let out = `**FileEditAction**\nPath: [${text(fields, 'path')}]\nThought: ${text(fields, 'thought')}\n`;
  const implSource = field(fields, 'impl_source');
  if (implSource === 'llm_based_edit' || (implSource instanceof PyEnum && implSource.value === 'llm_based_edit')) {
    return `${out}Range: [L${text(fields, 'start')}:L${text(fields, 'end')}]\nContent:\n\`\`\`\n${text(fields, 'content')}\n\`\`\`\n`;
  }
  const command = field(fields, 'command');
  out += `Command: ${pyStr(command)}\n`;
  if (command === 'create') out += `Created File with Text:\n\`\`\`\n${text(fields, 'file_text')}\n\`\`\`\n`;
  else if (command === 'str_replace')
    out += `Old String: \`\`\`\n${text(fields, 'old_str')}\n\`\`\`\nNew String: \`\`\`\n${text(fields, 'new_str')}\n\`\`\`\n`;
  else if (command === 'insert')
    out += `Insert Line: ${text(fields, 'insert_line')}\nNew String: \`\`\`\n${text(fields, 'new_str')}\n\`\`\`\n`;
  else if (command === 'undo_edit') out += 'Undo Edit\n';
  return out;
}

/** `CmdOutputObservation.to_agent_observation()`: what the agent's LLM reads of a command's output. */
export function toAgentObservation(event: PyEvent): string {
  const { fields } = event;
  const metadata = field(fields, 'metadata') as Record<string, unknown>;
  let body = `${pyStr(metadata.prefix)}${text(fields, 'content')}${pyStr(metadata.suffix)}`;
  if (truthy(metadata.working_dir)) body += `\n[Current working directory: ${pyStr(metadata.working_dir)}]`;
  if (truthy(metadata.py_interpreter_path)) body += `\n[Python interpreter: ${pyStr(metadata.py_interpreter_path)}]`;
  if (metadata.exit_code !== -1) body += `\n[Command finished with exit code ${pyStr(metadata.exit_code)}]`;
  return body;
}

function cmdOutputObservation(event: PyEvent): string {
  const metadata = field(event.fields, 'metadata') as Record<string, unknown>;
  const body = toAgentObservation(event);
  return `**CmdOutputObservation (source=${pyStr(event.source)}, exit code=${pyStr(metadata.exit_code)}, metadata=${pyJsonDumpsIndented(metadata)})**\n--BEGIN AGENT OBSERVATION--\n${body}\n--END AGENT OBSERVATION--`;
}

/** `str(FileEditObservation)` (ConversationMemory sends it as is). */
export function fileEditObservation(fields: Fields): string {
  const implSource = field(fields, 'impl_source');
  if (implSource === 'oh_aci' || (implSource instanceof PyEnum && implSource.value === 'oh_aci'))
    return text(fields, 'content');
  const path = text(fields, 'path');
  if (!truthy(field(fields, 'prev_exist'))) {
    if (field(fields, 'old_content') !== '') {
      throw new OpenHandsFailure(
        `FileEditObservation for ${path} says the file is new (prev_exist false) but has old content, and OpenHands asserts it has none`,
        'AssertionError: old_content should be empty if the file is new (prev_exist=False).',
      );
    }
    return `[New file ${path} is created with the provided content.]\n`;
  }
  const stringOrNull = (name: string) => {
    const value = field(fields, name);
    return typeof value === 'string' ? value : null;
  };
  return `${pyRstrip(visualizeDiff(path, stringOrNull('old_content'), stringOrNull('new_content'), stringOrNull('_diff_cache')))}\n`;
}

function browserOutputObservation(fields: Fields): string {
  let out =
    `**BrowserOutputObservation**\nURL: ${text(fields, 'url')}\nError: ${text(fields, 'error')}\nOpen pages: ${text(fields, 'open_pages_urls')}\n` +
    `Active page index: ${text(fields, 'active_page_index')}\nLast browser action: ${text(fields, 'last_browser_action')}\n` +
    `Last browser action error: ${text(fields, 'last_browser_action_error')}\nFocused element bid: ${text(fields, 'focused_element_bid')}\n`;
  if (truthy(field(fields, 'screenshot_path'))) out += `Screenshot saved to: ${text(fields, 'screenshot_path')}\n`;
  return `${out}--- Agent Observation ---\n${text(fields, 'content')}`;
}

function recallObservation(fields: Fields): string {
  const recallType = field(fields, 'recall_type');
  const parts = [`recall_type=${pyStr(recallType)}`];
  if (recallType instanceof PyEnum && recallType.value === 'workspace_context') {
    const cut = (name: string) => pySliceText(text(fields, name), 0, 20);
    parts.push(
      `repo_name=${text(fields, 'repo_name')}`,
      `repo_instructions=${cut('repo_instructions')}...`,
      `runtime_hosts=${text(fields, 'runtime_hosts')}`,
      `additional_agent_instructions=${cut('additional_agent_instructions')}...`,
      // OpenHands misses the separator here (two adjacent f-strings); kept so the text matches.
      `date=${text(fields, 'date')}custom_secrets_descriptions=${text(fields, 'custom_secrets_descriptions')}`,
      `conversation_instructions=${cut('conversation_instructions')}...`,
    );
  }
  const knowledge = list(field(fields, 'microagent_knowledge'));
  if (knowledge.length)
    parts.push(
      `microagent_knowledge=${knowledge.map((item) => pyStr((item as Record<string, unknown>)?.name)).join(', ')}`,
    );
  return `**RecallObservation**\n${parts.join(', ')}`;
}

/** The classes with their own `__str__` or `__repr__`; the rest print as dataclasses. */
const CUSTOM: Readonly<Record<string, (event: PyEvent) => string>> = {
  MessageAction: messageAction,
  SystemMessageAction: systemMessageAction,
  CmdRunAction: (e) =>
    `**CmdRunAction (source=${pyStr(e.source)}, is_input=${text(e.fields, 'is_input')})**\n${thoughtLine(e.fields)}COMMAND:\n${text(e.fields, 'command')}`,
  IPythonRunCellAction: (e) => `**IPythonRunCellAction**\n${thoughtLine(e.fields)}CODE:\n${text(e.fields, 'code')}`,
  BrowseURLAction: (e) => `**BrowseURLAction**\n${thoughtLine(e.fields)}URL: ${text(e.fields, 'url')}`,
  BrowseInteractiveAction: (e) =>
    `**BrowseInteractiveAction**\n${thoughtLine(e.fields)}BROWSER_ACTIONS: ${text(e.fields, 'browser_actions')}`,
  MCPAction: (e) =>
    `**MCPAction**\n${thoughtLine(e.fields)}NAME: ${text(e.fields, 'name')}\nARGUMENTS: ${text(e.fields, 'arguments')}`,
  RecallAction: (e) => `**RecallAction**\nQUERY: ${pySliceText(text(e.fields, 'query'), 0, 50)}`,
  FileWriteAction: ({ fields: f }) =>
    `**FileWriteAction**\nPath: ${text(f, 'path')}\nRange: [L${text(f, 'start')}:L${text(f, 'end')}]\nThought: ${text(f, 'thought')}\nContent:\n\`\`\`\n${text(f, 'content')}\n\`\`\`\n`,
  FileEditAction: (e) => fileEditAction(e.fields),
  CmdOutputObservation: cmdOutputObservation,
  IPythonRunCellObservation: (e) => {
    const images = field(e.fields, 'image_urls');
    return `**IPythonRunCellObservation**\n${text(e.fields, 'content')}${truthy(images) ? `\nImages: ${list(images).length}` : ''}`;
  },
  FileReadObservation: (e) => `[Read from ${text(e.fields, 'path')} is successful.]\n${text(e.fields, 'content')}`,
  FileWriteObservation: (e) => `[Write to ${text(e.fields, 'path')} is successful.]\n${text(e.fields, 'content')}`,
  FileEditObservation: (e) => fileEditObservation(e.fields),
  FileDownloadObservation: (e) =>
    `**FileDownloadObservation**\nLocation of downloaded file: ${text(e.fields, 'file_path')}\n`,
  BrowserOutputObservation: (e) => browserOutputObservation(e.fields),
  ErrorObservation: (e) => `**ErrorObservation**\n${text(e.fields, 'content')}`,
  RecallObservation: (e) => recallObservation(e.fields),
};

/** `str(event)` of the dataclass `event_from_dict` builds. */
export function pyEventString(event: PyEvent): string {
  const custom = ownEntry(CUSTOM, event.className);
  return custom ? custom(event) : dataclassRepr(event.className, [...event.fields]);
}
