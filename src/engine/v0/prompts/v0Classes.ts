import { PyEnum } from './pythonRepr.ts';

/**
 * OpenHands V0's event dataclasses (openhands/events/action, openhands/events/observation at 156d068):
 * each class's fields in declaration order with their defaults, which is what its dataclass repr
 * prints and what `event_from_dict` fills in for a key the log leaves out.
 */

/** A field the class requires: OpenHands cannot load an event without it (the engine shows the value given here). */
export class Required {
  constructor(readonly fallback: unknown) {}
}

export type FieldSpec = readonly [name: string, fallback: unknown];

export interface ClassSpec {
  readonly className: string;
  readonly fields: readonly FieldSpec[];
}

const REQUIRED_TEXT = new Required('');

const action = (member: string, value: string) => ['action', new PyEnum('ActionType', member, value)] as const;
const observation = (member: string, value: string) =>
  ['observation', new PyEnum('ObservationType', member, value)] as const;
const risk: FieldSpec = ['security_risk', new PyEnum('ActionSecurityRisk', 'UNKNOWN', -1)];
const confirmed: FieldSpec = ['confirmation_state', new PyEnum('ActionConfirmationStatus', 'CONFIRMED', 'confirmed')];
const content: FieldSpec = ['content', REQUIRED_TEXT];

export const ACTION_CLASSES: Readonly<Record<string, ClassSpec>> = {
  message: {
    className: 'MessageAction',
    fields: [
      content,
      ['file_urls', null],
      ['image_urls', null],
      ['wait_for_response', false],
      action('MESSAGE', 'message'),
      risk,
    ],
  },
  // openhands_version defaults to the installed version; no text OpenHands derives prints it.
  system: {
    className: 'SystemMessageAction',
    fields: [content, ['tools', null], ['openhands_version', null], ['agent_class', null], action('SYSTEM', 'system')],
  },
  run: {
    className: 'CmdRunAction',
    fields: [
      ['command', REQUIRED_TEXT],
      ['is_input', false],
      ['thought', ''],
      ['blocking', false],
      ['is_static', false],
      ['cwd', null],
      ['hidden', false],
      action('RUN', 'run'),
      confirmed,
      risk,
    ],
  },
  run_ipython: {
    className: 'IPythonRunCellAction',
    fields: [
      ['code', REQUIRED_TEXT],
      ['thought', ''],
      ['include_extra', true],
      action('RUN_IPYTHON', 'run_ipython'),
      confirmed,
      risk,
      ['kernel_init_code', ''],
    ],
  },
  read: {
    className: 'FileReadAction',
    fields: [
      ['path', REQUIRED_TEXT],
      ['start', 0],
      ['end', -1],
      ['thought', ''],
      action('READ', 'read'),
      risk,
      ['impl_source', new PyEnum('FileReadSource', 'DEFAULT', 'default')],
      ['view_range', null],
    ],
  },
  write: {
    className: 'FileWriteAction',
    fields: [
      ['path', REQUIRED_TEXT],
      content,
      ['start', 0],
      ['end', -1],
      ['thought', ''],
      action('WRITE', 'write'),
      risk,
    ],
  },
  edit: {
    className: 'FileEditAction',
    fields: [
      ['path', REQUIRED_TEXT],
      ['command', ''],
      ['file_text', null],
      ['old_str', null],
      ['new_str', null],
      ['insert_line', null],
      ['content', ''],
      ['start', 1],
      ['end', -1],
      ['thought', ''],
      action('EDIT', 'edit'),
      risk,
      ['impl_source', new PyEnum('FileEditSource', 'OH_ACI', 'oh_aci')],
    ],
  },
  browse: {
    className: 'BrowseURLAction',
    fields: [['url', REQUIRED_TEXT], ['thought', ''], action('BROWSE', 'browse'), risk, ['return_axtree', false]],
  },
  browse_interactive: {
    className: 'BrowseInteractiveAction',
    fields: [
      ['browser_actions', REQUIRED_TEXT],
      ['thought', ''],
      ['browsergym_send_msg_to_user', ''],
      action('BROWSE_INTERACTIVE', 'browse_interactive'),
      risk,
      ['return_axtree', false],
    ],
  },
  call_tool_mcp: {
    className: 'MCPAction',
    fields: [['name', REQUIRED_TEXT], ['arguments', {}], ['thought', ''], action('MCP', 'call_tool_mcp'), risk],
  },
  think: { className: 'AgentThinkAction', fields: [['thought', ''], action('THINK', 'think')] },
  finish: {
    className: 'AgentFinishAction',
    fields: [['final_thought', ''], ['outputs', {}], ['thought', ''], action('FINISH', 'finish')],
  },
  reject: { className: 'AgentRejectAction', fields: [['outputs', {}], ['thought', ''], action('REJECT', 'reject')] },
  delegate: {
    className: 'AgentDelegateAction',
    fields: [['agent', REQUIRED_TEXT], ['inputs', new Required({})], ['thought', ''], action('DELEGATE', 'delegate')],
  },
  recall: {
    className: 'RecallAction',
    fields: [['recall_type', REQUIRED_TEXT], ['query', ''], ['thought', ''], action('RECALL', 'recall')],
  },
  change_agent_state: {
    className: 'ChangeAgentStateAction',
    fields: [['agent_state', REQUIRED_TEXT], ['thought', ''], action('CHANGE_AGENT_STATE', 'change_agent_state')],
  },
  condensation: {
    className: 'CondensationAction',
    fields: [
      action('CONDENSATION', 'condensation'),
      ['forgotten_event_ids', null],
      ['forgotten_events_start_id', null],
      ['forgotten_events_end_id', null],
      ['summary', null],
      ['summary_offset', null],
    ],
  },
  condensation_request: {
    className: 'CondensationRequestAction',
    fields: [action('CONDENSATION_REQUEST', 'condensation_request')],
  },
  task_tracking: {
    className: 'TaskTrackingAction',
    fields: [['command', 'view'], ['task_list', []], ['thought', ''], action('TASK_TRACKING', 'task_tracking')],
  },
  loop_recovery: { className: 'LoopRecoveryAction', fields: [['option', 1], action('LOOP_RECOVERY', 'loop_recovery')] },
  null: { className: 'NullAction', fields: [action('NULL', 'null')] },
};

export const CMD_OUTPUT_METADATA_DEFAULTS: Readonly<Record<string, unknown>> = {
  exit_code: -1,
  pid: -1,
  username: null,
  hostname: null,
  working_dir: null,
  py_interpreter_path: null,
  prefix: '',
  suffix: '',
};

export const OBSERVATION_CLASSES: Readonly<Record<string, ClassSpec>> = {
  run: {
    className: 'CmdOutputObservation',
    fields: [
      content,
      ['command', REQUIRED_TEXT],
      observation('RUN', 'run'),
      ['metadata', CMD_OUTPUT_METADATA_DEFAULTS],
      ['hidden', false],
    ],
  },
  run_ipython: {
    className: 'IPythonRunCellObservation',
    fields: [content, ['code', REQUIRED_TEXT], observation('RUN_IPYTHON', 'run_ipython'), ['image_urls', null]],
  },
  read: {
    className: 'FileReadObservation',
    fields: [
      content,
      ['path', REQUIRED_TEXT],
      observation('READ', 'read'),
      ['impl_source', new PyEnum('FileReadSource', 'DEFAULT', 'default')],
    ],
  },
  write: {
    className: 'FileWriteObservation',
    fields: [content, ['path', REQUIRED_TEXT], observation('WRITE', 'write')],
  },
  edit: {
    className: 'FileEditObservation',
    fields: [
      content,
      ['path', ''],
      ['prev_exist', false],
      ['old_content', null],
      ['new_content', null],
      observation('EDIT', 'edit'),
      ['impl_source', new PyEnum('FileEditSource', 'LLM_BASED_EDIT', 'llm_based_edit')],
      ['diff', null],
      ['_diff_cache', null],
    ],
  },
  browse: {
    className: 'BrowserOutputObservation',
    fields: [
      content,
      ['url', REQUIRED_TEXT],
      ['trigger_by_action', REQUIRED_TEXT],
      ['screenshot', ''],
      ['screenshot_path', null],
      ['set_of_marks', ''],
      ['error', false],
      observation('BROWSE', 'browse'),
      ['goal_image_urls', []],
      ['open_pages_urls', []],
      ['active_page_index', -1],
      ['dom_object', {}],
      ['axtree_object', {}],
      ['extra_element_properties', {}],
      ['last_browser_action', ''],
      ['last_browser_action_error', ''],
      ['focused_element_bid', ''],
      ['filter_visible_only', false],
    ],
  },
  delegate: {
    className: 'AgentDelegateObservation',
    fields: [content, ['outputs', new Required({})], observation('DELEGATE', 'delegate')],
  },
  think: { className: 'AgentThinkObservation', fields: [content, observation('THINK', 'think')] },
  condense: { className: 'AgentCondensationObservation', fields: [content, observation('CONDENSE', 'condense')] },
  recall: {
    className: 'RecallObservation',
    fields: [
      content,
      ['recall_type', new Required(new PyEnum('RecallType', 'KNOWLEDGE', 'knowledge'))],
      observation('RECALL', 'recall'),
      ['repo_name', ''],
      ['repo_directory', ''],
      ['repo_branch', ''],
      ['repo_instructions', ''],
      ['runtime_hosts', {}],
      ['additional_agent_instructions', ''],
      ['date', ''],
      ['custom_secrets_descriptions', {}],
      ['conversation_instructions', ''],
      ['working_dir', ''],
      ['microagent_knowledge', []],
    ],
  },
  mcp: { className: 'MCPObservation', fields: [content, observation('MCP', 'mcp'), ['name', ''], ['arguments', {}]] },
  error: { className: 'ErrorObservation', fields: [content, observation('ERROR', 'error'), ['error_id', '']] },
  success: { className: 'SuccessObservation', fields: [content, observation('SUCCESS', 'success')] },
  null: { className: 'NullObservation', fields: [content, observation('NULL', 'null')] },
  agent_state_changed: {
    className: 'AgentStateChangedObservation',
    fields: [
      content,
      ['agent_state', REQUIRED_TEXT],
      ['reason', ''],
      observation('AGENT_STATE_CHANGED', 'agent_state_changed'),
    ],
  },
  user_rejected: {
    className: 'UserRejectObservation',
    fields: [content, observation('USER_REJECTED', 'user_rejected')],
  },
  download: {
    className: 'FileDownloadObservation',
    fields: [content, ['file_path', REQUIRED_TEXT], observation('DOWNLOAD', 'download')],
  },
  task_tracking: {
    className: 'TaskTrackingObservation',
    fields: [content, observation('TASK_TRACKING', 'task_tracking'), ['command', ''], ['task_list', []]],
  },
  loop_detection: {
    className: 'LoopDetectionObservation',
    fields: [content, observation('LOOP_DETECTION', 'loop_detection')],
  },
};
