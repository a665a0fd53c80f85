import { summaryBlocks } from './template.ts';

/**
 * The `llm` condenser's prompt: our own wording, with the sections OpenHands' summarizer asks for
 * (USER_CONTEXT, TASK_TRACKING, COMPLETED, PENDING, CURRENT_STATE, and the code-task sections).
 */
const PREAMBLE = `You keep a running state summary for an AI agent whose older events are about to be dropped from its context. Merge the previous summary with the events below into one updated summary that lets the agent carry on without them.

If the events use task tracking, keep a TASK_TRACKING section that lists every task with its exact ID and status, copied as they are.

Track these sections:

USER_CONTEXT: what the user asked for, their requirements, constraints and clarifications
TASK_TRACKING: the active tasks with their IDs and statuses (only when task tracking is in use)
COMPLETED: what has been done, with results
PENDING: what is still to do
CURRENT_STATE: where things stand now (variables, data, open questions)

For programming work, also track:
CODE_STATE: files, functions and data structures involved
TESTS: failing cases, error messages and outputs
CHANGES: edits made and how they went
DEPS: dependencies added or needed
VERSION_CONTROL_STATUS: repository, branch, pull request and commit history

Give priority to:
1. Keeping the section headings exactly as above
2. What the next step depends on
3. Exact values: names, paths, IDs, error text, numbers
4. What changed since the previous summary

Leave out: anything that does not affect what the agent does next.

Example for a programming task:
USER_CONTEXT: Add retry logic to the HTTP client, no new dependencies
COMPLETED: Read client.py; wrote test_retry.py
PENDING: Implement backoff, run the test suite
CODE_STATE: client.py: fetch(), _send(); new class RetryPolicy
TESTS: test_retry_on_503 failing: AssertionError, 1 call made, 3 expected
CHANGES: _send() now catches ConnectionError
DEPS: none
VERSION_CONTROL_STATUS: branch feature/retry, 2 commits, no pull request yet

Example for another task:
USER_CONTEXT: Write 20 haikus about autumn, one per file
COMPLETED: 14 haikus written (haiku_01.txt to haiku_14.txt)
PENDING: 6 more haikus
CURRENT_STATE: Next file is haiku_15.txt`;

const CLOSING = 'Now write the updated state summary, following the rules above, for the events just given.';

export const DEFAULT_SUMMARY_TEMPLATE = `${PREAMBLE}\n\n${summaryBlocks(CLOSING)}`;

/** What OpenHands puts in the previous-summary slot before the first condensation. */
export const NO_PREVIOUS_SUMMARY = 'No events summarized';
