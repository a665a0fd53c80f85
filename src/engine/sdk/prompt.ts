import { type PromptPart, PromptParts } from '../core/index.ts';

/**
 * The SDK summarizer's prompt: our own wording, in the structure of the SDK's template (a preamble,
 * the sections to track, priorities, two examples, then each forgotten event in an `<EVENT>` block
 * without ids, then a closing line). Previous summaries arrive as ordinary events.
 */
const BODY = `You keep the running state summary of an interactive AI agent whose older events are being dropped from its context.
The events below may include earlier summaries; fold everything into one updated summary.
If the events use task tracking in any way, you MUST write a TASK_TRACKING section.
Copy task IDs and statuses exactly as they appear.

Track:

USER_CONTEXT: (what the user asked for, with requirements, constraints and clarifications, kept short)
TASK_TRACKING: {every task with its exact ID and status, when tasks are tracked}
COMPLETED: (what is done, with results)
PENDING: (what is still to do)
CURRENT_STATE: (where things stand: variables, data, open questions)

For code-specific tasks, also track:
CODE_STATE: {files, functions and data structures involved}
TESTS: {failing cases, error messages, outputs}
CHANGES: {edits made and how they went}
DEPS: {dependencies added or needed}
VERSION_CONTROL_STATUS: {repository, branch, pull request, commits}

PRIORITIZE:
1. Keep the section headings exactly as above
2. Keep what the next step depends on
3. Keep exact values: names, paths, IDs, error text, numbers
4. Keep every section short

SKIP: anything that does not change what the agent does next (long listings, build noise, repeated output)

Example for a code task:
USER_CONTEXT: Add retry logic to the HTTP client; no new dependencies
TASK_TRACKING: t1 write failing test (done), t2 implement backoff (in progress)
COMPLETED: Read client.py; wrote test_retry.py
PENDING: Implement exponential backoff; run the whole test suite
CODE_STATE: client.py: fetch(), _send(); new class RetryPolicy
TESTS: test_retry_on_503 fails: AssertionError, 1 call made, 3 expected
CHANGES: _send() now catches ConnectionError
DEPS: none
VERSION_CONTROL_STATUS: branch feature/retry, 2 commits, no pull request yet

Example for another task:
USER_CONTEXT: Write 20 haikus about autumn, one per file, each from a random word
COMPLETED: 14 haikus written (haiku_01.txt to haiku_14.txt)
PENDING: 6 more haikus
CURRENT_STATE: Next file is haiku_15.txt; Haiku count: 14/20`;

const CLOSING = 'Now write the updated summary of the events above, following these rules.';

/** The prompt for these events' texts, each given with the newline after it (`str(event)`, possibly truncated). */
export function summarizingPromptParts(eventLines: readonly PromptPart[]): readonly PromptPart[] {
  const prompt = new PromptParts().text(`${BODY}\n\n`);
  for (const line of eventLines) prompt.text('\n<EVENT>\n').add(line).text('</EVENT>\n');
  return prompt.text(`\n\n${CLOSING}`).done();
}
