import { STATE_SUMMARY_TOOL_NAME, type ToolDefinition } from '../../core/index.ts';
import { summaryBlocks } from './template.ts';

/** The `structured` condenser's prompt: our own wording; OpenHands' version has no closing sentence. */
const PREAMBLE = `You are writing the state summary of a software agent whose older events are about to leave its context window. The summary replaces those events, so it must let the agent continue as if it still had them.

A good summary matters because:
1. The agent will not see the dropped events again.
2. Anything missing from the summary is lost for the rest of the task.
3. The agent needs exact facts (names, paths, errors) to avoid repeating work.

You will be given:
- the previous summary (or a note that there is none yet)
- the events being dropped, each in an <EVENT id=N> block

Capture everything that still matters:
- what the user wants and every requirement they stated
- what has been finished and what is still open
- files, functions and data structures touched
- the state of tests, errors seen, and version control

Call the create_state_summary tool with the result.`;

export const DEFAULT_STRUCTURED_TEMPLATE = `${PREAMBLE}\n\n${summaryBlocks('')}`;

/** The StateSummary fields in declaration order, with the label its text rendering uses. */
export const STATE_SUMMARY_FIELDS = [
  ['user_context', 'User Context', 'The user’s essential requirements, goals and clarifications, concisely.'],
  ['completed_tasks', 'Completed Tasks', 'Tasks finished so far, each with a brief result.'],
  ['pending_tasks', 'Pending Tasks', 'Tasks that still have to be done.'],
  ['current_state', 'Current State', 'Current variables, data structures and other state that matters.'],
  ['files_modified', 'Files Modified', 'Files created or changed.'],
  ['function_changes', 'Function Changes', 'Functions created or changed.'],
  ['data_structures', 'Data Structures', 'Key data structures in use or changed.'],
  ['tests_written', 'Tests Written', 'Whether tests were written: true, false or unknown.'],
  ['tests_passing', 'Tests Passing', 'Whether all tests pass now: true, false or unknown.'],
  ['failing_tests', 'Failing Tests', 'Names or descriptions of failing tests.'],
  ['error_messages', 'Error Messages', 'Important error messages seen.'],
  ['branch_created', 'Branch Created', 'Whether a branch was created: true, false or unknown.'],
  ['branch_name', 'Branch Name', 'The current branch, if known.'],
  ['commits_made', 'Commits Made', 'Whether commits were made: true, false or unknown.'],
  ['pr_created', 'PR Created', 'Whether a pull request was opened: true, false or unknown.'],
  ['pr_status', 'PR Status', 'Pull request status: draft, open, merged, closed or unknown.'],
  ['dependencies', 'Dependencies', 'Dependencies or imports added or changed.'],
  ['other_relevant_context', 'Other Relevant Context', 'Anything else the agent must not lose.'],
] as const;

export type StateSummaryField = (typeof STATE_SUMMARY_FIELDS)[number][0];
export type StateSummary = Record<StateSummaryField, string>;

export const STATE_SUMMARY_TOOL: ToolDefinition = {
  type: 'function',
  function: {
    name: STATE_SUMMARY_TOOL_NAME,
    description:
      'Record a complete summary of the agent’s state. user_context, completed_tasks and pending_tasks must not be empty.',
    parameters: {
      type: 'object',
      properties: Object.fromEntries(
        STATE_SUMMARY_FIELDS.map(([key, , description]) => [key, { type: 'string', description }]),
      ),
      required: ['user_context', 'completed_tasks', 'pending_tasks'],
    },
  },
};

const SECTIONS: ReadonlyArray<readonly [string, readonly StateSummaryField[]]> = [
  ['## Core Information', ['user_context', 'completed_tasks', 'pending_tasks', 'current_state']],
  ['## Code Changes', ['files_modified', 'function_changes', 'data_structures', 'dependencies']],
  ['## Testing Status', ['tests_written', 'tests_passing', 'failing_tests', 'error_messages']],
  ['## Version Control', ['branch_created', 'branch_name', 'commits_made', 'pr_created', 'pr_status']],
  ['## Additional Context', ['other_relevant_context']],
];

const LABELS = new Map<string, string>(STATE_SUMMARY_FIELDS.map(([key, label]) => [key, label]));

/** str(StateSummary): headings and `**Label**: value` lines joined by blank lines; never empty. */
export function renderStateSummary(summary: StateSummary): string {
  const parts = ['# State Summary'];
  for (const [heading, fields] of SECTIONS) {
    parts.push(heading);
    for (const field of fields) parts.push(`**${LABELS.get(field)}**: ${summary[field]}`);
  }
  return parts.join('\n\n');
}

export function emptyStateSummary(): StateSummary {
  return Object.fromEntries(STATE_SUMMARY_FIELDS.map(([key]) => [key, ''])) as StateSummary;
}

/**
 * Reads the forced tool call as OpenHands does: a missing call, bad JSON or a non-string field all
 * give the empty summary (OpenHands logs a warning and carries on). Unknown keys are ignored.
 */
export function parseStateSummary(argumentsJson: string | undefined): StateSummary {
  const summary = emptyStateSummary();
  if (argumentsJson === undefined) return summary;
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson);
  } catch {
    return summary;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return summary;
  const record = parsed as Record<string, unknown>;
  for (const [key] of STATE_SUMMARY_FIELDS) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return emptyStateSummary();
    summary[key] = value;
  }
  return summary;
}
