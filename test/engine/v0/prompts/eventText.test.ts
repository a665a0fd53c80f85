/**
 * str(event) and event.message as OpenHands prints them. Every expected text here was printed by
 * OpenHands' own classes (event_from_dict, then str() and .message) for the same event.
 */
import { describe, expect, it } from 'vitest';
import { OpenHandsFailure } from '../../../../src/engine/index.ts';
import { eventMessage, eventPromptText } from '../../../../src/engine/v0/index.ts';
import { readV0Event } from '../../../../src/formats/v0Event.ts';

const CASES: Array<[string, Record<string, unknown>, string, string]> = [
  [
    'FileReadAction: every field, security_risk as its enum, impl_source as logged',
    {
      id: 1,
      source: 'agent',
      action: 'read',
      args: { path: '/w/a.py', thought: 'look', security_risk: 2, impl_source: 'oh_aci', view_range: [1, 20] },
    },
    "FileReadAction(path='/w/a.py', start=0, end=-1, thought='look', action=<ActionType.READ: 'read'>, security_risk=<ActionSecurityRisk.HIGH: 2>, impl_source='oh_aci', view_range=[1, 20])",
    'Reading file: /w/a.py',
  ],
  [
    'FileReadAction: missing args take the dataclass defaults (enums)',
    { id: 2, source: 'agent', action: 'read', args: { path: '/w/a.py' } },
    "FileReadAction(path='/w/a.py', start=0, end=-1, thought='', action=<ActionType.READ: 'read'>, security_risk=<ActionSecurityRisk.UNKNOWN: -1>, impl_source=<FileReadSource.DEFAULT: 'default'>, view_range=None)",
    'Reading file: /w/a.py',
  ],
  [
    'FileReadAction: a null security_risk stays None',
    { id: 3, source: 'agent', action: 'read', args: { path: '/w/a.py', security_risk: null, impl_source: 'default' } },
    "FileReadAction(path='/w/a.py', start=0, end=-1, thought='', action=<ActionType.READ: 'read'>, security_risk=None, impl_source='default', view_range=None)",
    'Reading file: /w/a.py',
  ],
  [
    'FileReadAction: translated_ipython_code unpacked (a tuple view_range)',
    {
      id: 4,
      source: 'agent',
      action: 'read',
      args: {
        path: '/old',
        translated_ipython_code: "print(file_editor(**{'command': 'view', 'path': '/w/b.py', 'view_range': (3, 9)}))",
      },
    },
    "FileReadAction(path='/w/b.py', start=0, end=-1, thought='', action=<ActionType.READ: 'read'>, security_risk=<ActionSecurityRisk.UNKNOWN: -1>, impl_source=<FileReadSource.DEFAULT: 'default'>, view_range=(3, 9))",
    'Reading file: /w/b.py',
  ],
  [
    'FileEditAction: translated_ipython_code unpacked',
    {
      id: 5,
      source: 'agent',
      action: 'edit',
      args: {
        path: '/old',
        translated_ipython_code:
          "print(file_editor(**{'command': 'str_replace', 'path': '/w/c.py', 'old_str': 'x = 1', 'new_str': \"y = 'q'\"}))",
      },
    },
    "**FileEditAction**\nPath: [/w/c.py]\nThought: \nCommand: str_replace\nOld String: ```\nx = 1\n```\nNew String: ```\ny = 'q'\n```\n",
    '',
  ],
  [
    'TaskTrackingObservation: observation before command and task_list',
    {
      id: 6,
      source: 'agent',
      observation: 'task_tracking',
      content: 'Task list updated',
      extras: { command: 'plan', task_list: [{ id: '1', title: 'Fix', status: 'todo' }] },
    },
    "TaskTrackingObservation(content='Task list updated', observation=<ObservationType.TASK_TRACKING: 'task_tracking'>, command='plan', task_list=[{'id': '1', 'title': 'Fix', 'status': 'todo'}])",
    'Task list updated',
  ],
  [
    'MCPObservation: observation before name and arguments',
    {
      id: 7,
      source: 'agent',
      observation: 'mcp',
      content: '{"ok": true}',
      extras: { name: 'fetch', arguments: { url: 'https://x' } },
    },
    "MCPObservation(content='{\"ok\": true}', observation=<ObservationType.MCP: 'mcp'>, name='fetch', arguments={'url': 'https://x'})",
    '{"ok": true}',
  ],
  [
    'FileDownloadObservation: its own __str__',
    { id: 8, source: 'environment', observation: 'download', content: '', extras: { file_path: '/w/report.pdf' } },
    '**FileDownloadObservation**\nLocation of downloaded file: /w/report.pdf\n',
    'Downloaded the file at location: /w/report.pdf',
  ],
  [
    'FileEditObservation, LLM-based edit: the diff in hunks (difflib, 2 lines of context)',
    {
      id: 9,
      source: 'agent',
      observation: 'edit',
      content: 'edited',
      extras: {
        path: '/w/a.py',
        prev_exist: true,
        old_content: 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj',
        new_content: 'a\nB\nc\nd\ne\nf\ng\nh\nI\nj\nk',
        impl_source: 'llm_based_edit',
      },
    },
    '[Existing file /w/a.py is edited with 2 changes.]\n[begin of edit 1 / 2]\n(content before edit)\n 1|a\n-2|b\n 3|c\n 4|d\n(content after edit)\n 1|a\n+2|B\n 3|c\n 4|d\n[end of edit 1 / 2]\n-------------------------\n[begin of edit 2 / 2]\n(content before edit)\n  7|g\n  8|h\n- 9|i\n 10|j\n(content after edit)\n  7|g\n  8|h\n+ 9|I\n 10|j\n+11|k\n[end of edit 2 / 2]\n',
    'I edited the file /w/a.py.',
  ],
  [
    'FileEditObservation, a new file',
    {
      id: 10,
      source: 'agent',
      observation: 'edit',
      content: 'created',
      extras: { path: '/w/n.py', prev_exist: false, old_content: '', new_content: 'x' },
    },
    '[New file /w/n.py is created with the provided content.]\n',
    'I edited the file /w/n.py.',
  ],
  [
    'FileEditObservation, oh_aci: its content',
    {
      id: 11,
      source: 'agent',
      observation: 'edit',
      content: 'The file /w/a.py has been edited.',
      extras: { path: '/w/a.py', prev_exist: true, old_content: 'a', new_content: 'b', impl_source: 'oh_aci' },
    },
    'The file /w/a.py has been edited.',
    'I edited the file /w/a.py.',
  ],
  [
    'SystemMessageAction without tools: no TOOLS line',
    {
      id: 0,
      source: 'agent',
      action: 'system',
      args: { content: 'You are OpenHands agent', tools: [], openhands_version: '0.62.0', agent_class: 'CodeActAgent' },
    },
    '**SystemMessageAction** (source=EventSource.AGENT)\nCONTENT: You are OpenHands agent\nAGENT_CLASS: CodeActAgent',
    'You are OpenHands agent',
  ],
  [
    'SystemMessageAction with tools and no agent_class',
    {
      id: 0,
      source: 'agent',
      action: 'system',
      args: { content: 'You are OpenHands agent', tools: [{ type: 'function' }, { type: 'function' }] },
    },
    '**SystemMessageAction** (source=EventSource.AGENT)\nCONTENT: You are OpenHands agent\nTOOLS: 2 tools available',
    'You are OpenHands agent',
  ],
  [
    'MessageAction: the old images_urls key read as image_urls',
    { id: 12, source: 'user', action: 'message', args: { content: 'see', images_urls: ['http://i/1.png'] } },
    '**MessageAction** (source=EventSource.USER)\nCONTENT: see\nIMAGE_URL: http://i/1.png',
    'see',
  ],
  [
    'CmdOutputObservation: legacy exit_code and command_id folded into metadata',
    {
      id: 13,
      source: 'agent',
      observation: 'run',
      content: 'ok',
      extras: { command: 'ls', exit_code: 2, command_id: 7 },
    },
    '**CmdOutputObservation (source=EventSource.AGENT, exit code=2, metadata={\n  "exit_code": 2,\n  "pid": 7,\n  "username": null,\n  "hostname": null,\n  "working_dir": null,\n  "py_interpreter_path": null,\n  "prefix": "",\n  "suffix": ""\n})**\n--BEGIN AGENT OBSERVATION--\nok\n[Command finished with exit code 2]\n--END AGENT OBSERVATION--',
    'Command `ls` executed with exit code 2.',
  ],
  [
    'CmdOutputObservation: metadata read by pydantic (lax int, unknown key dropped, ensure_ascii)',
    {
      id: 14,
      source: 'agent',
      observation: 'run',
      content: 'out',
      extras: { command: 'ls', metadata: { exit_code: '0', working_dir: '/wü', prefix: '[p]\n', extra: 1 } },
    },
    '**CmdOutputObservation (source=EventSource.AGENT, exit code=0, metadata={\n  "exit_code": 0,\n  "pid": -1,\n  "username": null,\n  "hostname": null,\n  "working_dir": "/w\\u00fc",\n  "py_interpreter_path": null,\n  "prefix": "[p]\\n",\n  "suffix": ""\n})**\n--BEGIN AGENT OBSERVATION--\n[p]\nout\n[Current working directory: /wü]\n[Command finished with exit code 0]\n--END AGENT OBSERVATION--',
    'Command `ls` executed with exit code 0.',
  ],
  [
    'FileWriteAction: start/end defaults',
    { id: 15, source: 'agent', action: 'write', args: { path: '/w/w.txt', content: 'hi' } },
    '**FileWriteAction**\nPath: /w/w.txt\nRange: [L0:L-1]\nThought: \nContent:\n```\nhi\n```\n',
    'Writing file: /w/w.txt',
  ],
  [
    'AgentFinishAction without args: dataclass defaults',
    { id: 16, source: 'agent', action: 'finish', args: {} },
    "AgentFinishAction(final_thought='', outputs={}, thought='', action=<ActionType.FINISH: 'finish'>)",
    "All done! What's next on the agenda?",
  ],
  [
    'RecallObservation: 20 characters counted in code points, the missing separator after date',
    {
      id: 18,
      source: 'environment',
      observation: 'recall',
      content: '',
      extras: {
        recall_type: 'workspace_context',
        repo_name: 'acme/app',
        repo_instructions: '😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀',
        date: '2025-01-01',
        custom_secrets_descriptions: { TOKEN: 'gh' },
        microagent_knowledge: [{ name: 'git', trigger: 'git', content: 'x' }],
      },
    },
    "**RecallObservation**\nrecall_type=RecallType.WORKSPACE_CONTEXT, repo_name=acme/app, repo_instructions=😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀..., runtime_hosts={}, additional_agent_instructions=..., date=2025-01-01custom_secrets_descriptions={'TOKEN': 'gh'}, conversation_instructions=..., microagent_knowledge=git",
    'Added workspace context',
  ],
  [
    'AgentThinkAction: repr escapes what str.isprintable() refuses',
    { id: 19, source: 'agent', action: 'think', args: { thought: "it's   ­" } },
    "AgentThinkAction(thought=\"it's \\u2028 \\xad\", action=<ActionType.THINK: 'think'>)",
    "I am thinking...: it's   ­",
  ],
  [
    'AgentCondensationObservation stored by old OpenHands',
    { id: 20, source: 'agent', observation: 'condense', content: 'Trimming prompt to meet context window limitations' },
    "AgentCondensationObservation(content='Trimming prompt to meet context window limitations', observation=<ObservationType.CONDENSE: 'condense'>)",
    'Trimming prompt to meet context window limitations',
  ],
  [
    'FileEditObservation: a logged _diff_cache is printed as is (right-stripped, one newline)',
    {
      id: 21,
      source: 'agent',
      observation: 'edit',
      content: '',
      extras: { path: '/w/a.py', prev_exist: true, old_content: 'a', new_content: 'b', _diff_cache: 'cached diff\n\n' },
    },
    'cached diff\n',
    'I edited the file /w/a.py.',
  ],
  [
    'FileEditObservation without impl_source is LLM-based: no changes detected',
    {
      id: 22,
      source: 'agent',
      observation: 'edit',
      content: 'x',
      extras: { path: '/w/a.py', prev_exist: true, old_content: 'same', new_content: 'same' },
    },
    '(no changes detected. Please make sure your edits change the content of the existing file.)\n',
    'I edited the file /w/a.py.',
  ],
  [
    'FileEditObservation without new content: zero hunks',
    {
      id: 23,
      source: 'agent',
      observation: 'edit',
      content: 'x',
      extras: { path: '/w/a.py', prev_exist: true, old_content: 'a' },
    },
    '[Existing file /w/a.py is edited with 0 changes.]\n',
    'I edited the file /w/a.py.',
  ],
  [
    'CondensationAction: action first in its repr; message lists the range',
    {
      id: 24,
      source: 'agent',
      action: 'condensation',
      args: { forgotten_events_start_id: 3, forgotten_events_end_id: 5 },
    },
    "CondensationAction(action=<ActionType.CONDENSATION: 'condensation'>, forgotten_event_ids=None, forgotten_events_start_id=3, forgotten_events_end_id=5, summary=None, summary_offset=None)",
    'Condenser is dropping the events: [3, 4, 5].',
  ],
];

describe('str(event) and message, as OpenHands prints them (issue 9)', () => {
  it.each(CASES)('%s', (_label, raw, str, message) => {
    const event = readV0Event(raw, 0, 'event');
    expect(eventPromptText(event)).toBe(str);
    expect(eventMessage(event)).toBe(message);
  });

  it('a CmdOutputObservation longer than 30000 characters is cut in its middle, as its constructor does', () => {
    const content = `${'a'.repeat(20_000)}${'b'.repeat(20_000)}`;
    const event = readV0Event(
      { id: 1, source: 'agent', observation: 'run', content, extras: { command: 'x', metadata: { exit_code: 0 } } },
      0,
      'event',
    );
    expect(eventPromptText(event)).toContain(
      `${'a'.repeat(15_000)}\n[... Observation truncated due to length ...]\n${'b'.repeat(15_000)}\n[Command finished`,
    );
  });

  it('a new-file FileEditObservation with old content fails as OpenHands’ assertion does', () => {
    const event = readV0Event(
      {
        id: 1,
        source: 'agent',
        observation: 'edit',
        content: '',
        extras: { path: '/w/a.py', prev_exist: false, old_content: 'x', new_content: 'y' },
      },
      0,
      'event',
    );
    expect(() => eventPromptText(event)).toThrow(OpenHandsFailure);
  });
});
