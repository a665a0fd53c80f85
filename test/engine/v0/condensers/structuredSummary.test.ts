import { describe, expect, it } from 'vitest';
import { type LlmAnswer, type LlmRequest, OpenHandsFailure } from '../../../../src/engine/index.ts';
import { viewOf } from '../../../../src/engine/v0/index.ts';
import { build, condensationOf, condense, messages, range } from '../factory.ts';

function structured(maxSize = 10, keepFirst = 1) {
  return build({ type: 'structured', max_size: maxSize, keep_first: keepFirst });
}

/** str(StateSummary) as §4.8 lays it out, from a partial field map. */
function rendering(fields: Record<string, string> = {}): string {
  const f = (key: string) => fields[key] ?? '';
  return [
    '# State Summary',
    '## Core Information',
    `**User Context**: ${f('user_context')}`,
    `**Completed Tasks**: ${f('completed_tasks')}`,
    `**Pending Tasks**: ${f('pending_tasks')}`,
    `**Current State**: ${f('current_state')}`,
    '## Code Changes',
    `**Files Modified**: ${f('files_modified')}`,
    `**Function Changes**: ${f('function_changes')}`,
    `**Data Structures**: ${f('data_structures')}`,
    `**Dependencies**: ${f('dependencies')}`,
    '## Testing Status',
    `**Tests Written**: ${f('tests_written')}`,
    `**Tests Passing**: ${f('tests_passing')}`,
    `**Failing Tests**: ${f('failing_tests')}`,
    `**Error Messages**: ${f('error_messages')}`,
    '## Version Control',
    `**Branch Created**: ${f('branch_created')}`,
    `**Branch Name**: ${f('branch_name')}`,
    `**Commits Made**: ${f('commits_made')}`,
    `**PR Created**: ${f('pr_created')}`,
    `**PR Status**: ${f('pr_status')}`,
    '## Additional Context',
    `**Other Relevant Context**: ${f('other_relevant_context')}`,
  ].join('\n\n');
}

const FIELDS = [
  'user_context',
  'completed_tasks',
  'pending_tasks',
  'current_state',
  'files_modified',
  'function_changes',
  'data_structures',
  'tests_written',
  'tests_passing',
  'failing_tests',
  'error_messages',
  'branch_created',
  'branch_name',
  'commits_made',
  'pr_created',
  'pr_status',
  'dependencies',
  'other_relevant_context',
];

function summaryFor(reply: LlmAnswer): string | null {
  const args = condensationOf(condense(structured(), viewOf(messages(11)), () => reply).result);
  expect(args).toMatchObject({ forgottenEventsStartId: 1, forgottenEventsEndId: 7, summaryOffset: 1 });
  return args.summary;
}

const call = (args: string, name = 'create_state_summary') => ({
  content: null,
  toolCalls: [{ name, arguments: args }],
});

describe('structured summary condenser: the request (§4.8)', () => {
  const { requests } = condense(structured(), viewOf(messages(11)), () => call('{}'));
  const request: LlmRequest = requests[0]!;

  it('forces the create_state_summary tool with 18 string fields in declaration order', () => {
    expect(request.condenser).toBe('structured');
    expect(request.forcedTool).toBe('create_state_summary');
    expect(request.tools).toHaveLength(1);
    const tool = request.tools![0]!;
    expect(tool.function.name).toBe('create_state_summary');
    const parameters = tool.function.parameters as { properties: Record<string, { type: string }>; required: string[] };
    expect(Object.keys(parameters.properties)).toEqual(FIELDS);
    for (const field of FIELDS) expect(parameters.properties[field]!.type).toBe('string');
    expect(parameters.required).toEqual(['user_context', 'completed_tasks', 'pending_tasks']);
    expect(request.responseSchema).toBeUndefined();
  });

  it('one user message with the previous-summary block and the event blocks, and no closing sentence', () => {
    expect(request.messages).toHaveLength(1);
    expect(request.messages[0]!.role).toBe('user');
    const prompt = request.messages[0]!.content;
    expect(prompt).toContain('<PREVIOUS SUMMARY>\nNo events summarized\n</PREVIOUS SUMMARY>\n\n\n<EVENT id=1>\n');
    expect([...prompt.matchAll(/<EVENT id=(-?\d+)>/g)].map((match) => Number(match[1]))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(prompt.endsWith('</EVENT>\n')).toBe(true);
  });
});

describe('structured summary condenser: parsing the tool call (§4.8)', () => {
  it('renders the filled fields in the §4.8 layout (dependencies under Code Changes)', () => {
    const fields = {
      user_context: 'U',
      completed_tasks: 'C',
      pending_tasks: 'P',
      dependencies: 'D',
      pr_status: 'open',
      other_relevant_context: 'O',
    };
    expect(summaryFor(call(JSON.stringify(fields)))).toBe(rendering(fields));
  });

  it('ignores unknown keys', () => {
    expect(summaryFor(call(JSON.stringify({ user_context: 'U', surprise: 'x' })))).toBe(
      rendering({ user_context: 'U' }),
    );
  });

  it('no tool call → the empty summary rendering', () => {
    expect(summaryFor({ content: 'plain text instead' })).toBe(rendering());
  });

  it('null content and no tool call → the empty rendering, no error', () => {
    expect(summaryFor({ content: null })).toBe(rendering());
  });

  it('a tool call with another name → the empty rendering', () => {
    expect(summaryFor(call(JSON.stringify({ user_context: 'U' }), 'something_else'))).toBe(rendering());
  });

  it('arguments that are not JSON → the empty rendering', () => {
    expect(summaryFor(call('{"user_context": '))).toBe(rendering());
  });

  it('a non-string field → the empty rendering (not a partial one)', () => {
    expect(summaryFor(call(JSON.stringify({ user_context: 'U', completed_tasks: 5 })))).toBe(rendering());
  });

  it('the empty rendering is never an empty string', () => {
    expect(rendering().length).toBeGreaterThan(0);
    expect(summaryFor({ content: null })).toContain('# State Summary');
  });
});

describe('structured summary condenser: same arithmetic and failures as llm (§4.8)', () => {
  it('max 10, kf 3, 11 events → range 3–9 at offset 3', () => {
    const args = condensationOf(condense(structured(10, 3), viewOf(messages(11)), () => call('{}')).result);
    expect(args).toEqual(range(3, 9, rendering(), 3));
  });

  it('IndexError when len(view) <= keep_first, before any LLM call', () => {
    let calls = 0;
    expect(() =>
      condense(structured(10, 3), viewOf(messages(3), true), () => {
        calls++;
        return call('{}');
      }),
    ).toThrow(expect.objectContaining({ pythonError: 'IndexError: list index out of range' }));
    expect(calls).toBe(0);
  });

  it('min([]) ValueError after the LLM call for a request with a short view', () => {
    let calls = 0;
    let thrown: unknown;
    try {
      condense(structured(100, 1), viewOf(messages(5), true), () => {
        calls++;
        return call('{}');
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OpenHandsFailure);
    expect((thrown as OpenHandsFailure).pythonError).toBe('ValueError: min() arg is an empty sequence');
    expect(calls).toBe(1);
  });
});
