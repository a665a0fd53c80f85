/**
 * `--messages <profile>` on SDK logs: every SDK sample conversation replays with both profiles, and
 * every step that did not fail carries the chat messages the agent's LLM received, in a shape a chat
 * API accepts (system prompt first, every tool result answering a tool call of an earlier turn).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayCli, scratchFiles } from '../helpers/cli.ts';
import type { sdk } from '../../src/engine/index.ts';
import { readLog } from '../../src/formats/index.ts';
import { REAL_LOGS, realLog, sdkJsonlLog } from '../helpers/logs.ts';

const { file } = scratchFiles('replay-sdk-messages-');

const SDK_SAMPLES = readdirSync(REAL_LOGS).filter((name) => name.startsWith('v1_'));
const PROFILES = ['anthropic', 'openai'] as const;

/** What the log holds: its system prompts, and the tool calls of its actions (a trimmed log may lack some). */
function logFacts(name: string) {
  const log = readLog(realLog(name));
  if (log.flavor !== 'sdk') throw new Error(`${name} is not an SDK log`);
  const systemPrompts = new Set(
    log.events.filter((event) => event.kind === 'SystemPromptEvent').map((event) => event.id),
  );
  const calls = new Set(log.events.flatMap((event) => (event.kind === 'ActionEvent' ? [event.toolCallId] : [])));
  return { systemPrompts, calls };
}

/** What makes a step's messages a well-formed chat request; returns the problems found. */
function problems(
  messages: readonly sdk.SdkChatMessage[],
  viewHasSystemPrompt: boolean,
  actionsOfLog: (id: string) => boolean,
): string[] {
  const found: string[] = [];
  const systems = messages.flatMap((message, i) => (message.role === 'system' ? [i] : []));
  if (JSON.stringify(systems) !== JSON.stringify(viewHasSystemPrompt ? [0] : []))
    found.push(`system messages at ${systems.join(',')}`);
  const called = new Set<string>();
  let pending: string[] = [];
  messages.forEach((message, i) => {
    if (message.role === 'tool') {
      const id = message.tool_call_id!;
      if (!called.has(id) && actionsOfLog(id))
        found.push(`tool message ${i} answers ${id}, which no earlier turn called`);
      pending = pending.filter((call) => call !== id);
      if (!message.name) found.push(`tool message ${i} has no name`);
      return;
    }
    if (pending.length > 0) found.push(`calls ${pending.join(',')} unanswered before message ${i}`);
    pending = [];
    for (const call of message.tool_calls ?? []) {
      called.add(call.id);
      pending.push(call.id);
    }
    if (message.role === 'assistant' && !message.tool_calls && message.content === undefined)
      found.push(`assistant message ${i} has neither content nor tool calls`);
  });
  return found;
}

interface MessagesStep {
  readonly before_event_id: string;
  readonly view?: ({ id: string } | { summary: string })[];
  readonly messages?: sdk.SdkChatMessage[];
  readonly messages_error?: string;
  readonly error?: string;
}

function hasBreakpoint(message: sdk.SdkChatMessage): boolean {
  return (
    message.cache_control !== undefined ||
    (Array.isArray(message.content) && message.content.some((part) => part.cache_control !== undefined))
  );
}

describe('replay --messages on every SDK sample conversation', () => {
  it.each(SDK_SAMPLES.flatMap((name) => PROFILES.map((profile) => [name, profile] as const)))(
    '%s, %s profile',
    (name, profile) => {
      const { status, stdout, stderr } = replayCli(join(REAL_LOGS, name), '--recorded', '--messages', profile);
      expect(stderr).not.toMatch(/unexpected failure/);
      expect(status).toBe(0);
      const steps = (JSON.parse(stdout) as { steps: MessagesStep[] }).steps;
      expect(steps.length).toBeGreaterThan(0);
      const { systemPrompts, calls } = logFacts(name);
      for (const step of steps.filter((s) => !s.error)) {
        expect(step.messages_error).toBeUndefined();
        const messages = step.messages!;
        expect(Array.isArray(messages)).toBe(true);
        // A log that begins with the agent's first action (no system prompt, no task) has an empty first view.
        expect(messages.length > 0).toBe(step.view!.length > 0);
        const viewHasSystemPrompt = step.view!.some((item) => 'id' in item && systemPrompts.has(item.id));
        expect(problems(messages, viewHasSystemPrompt, (id) => calls.has(id))).toEqual([]);
        // Anthropic: the system prompt and the last user or tool message carry the breakpoints; OpenAI: none.
        const marked = messages.flatMap((message, i) => (hasBreakpoint(message) ? [i] : []));
        const lastUserOrTool = messages.findLastIndex((message) => message.role === 'user' || message.role === 'tool');
        const expected =
          profile === 'openai'
            ? []
            : [...(viewHasSystemPrompt ? [0] : []), ...(lastUserOrTool >= 0 ? [lastUserOrTool] : [])];
        expect(marked).toEqual(expected);
      }
    },
  );
});

describe('replay --messages: re-simulated steps, both writers, and what the SDK could not send', () => {
  const text = (value: string) => ({ cache_prompt: false, type: 'text', text: value });
  const terminal = (output: string) => ({
    content: [text(output)],
    is_error: false,
    command: 'ls',
    metadata: { exit_code: 0, working_dir: '/w' },
    kind: 'TerminalObservation',
  });

  const sdkLog = (pairs: number, observation: (i: number) => unknown = (i) => terminal(`out ${i}`)) =>
    sdkJsonlLog(pairs, observation);
  const small = file('sdk-small.jsonl', sdkLog(8));
  const config = file(
    'sdk-config.json',
    JSON.stringify({ kind: 'LLMSummarizingCondenser', max_size: 10, keep_first: 2 }),
  );
  const script = file('s.json', '[{"content": "S1"}]');

  it('a condensed view: the summary is a user turn that follows the task, the terminal results carry their lines', () => {
    const { status, stdout, stderr } = replayCli(
      small,
      '--config',
      config,
      '--llm-script',
      script,
      '--messages',
      'anthropic',
    );
    // The only note: this small log records no context window for the token trigger.
    expect(
      stderr
        .split('\n')
        .filter(Boolean)
        .every((line) => line.includes("does not record the agent model's context window")),
    ).toBe(true);
    expect(status).toBe(0);
    const step = (JSON.parse(stdout) as { steps: MessagesStep[] }).steps[5]!;
    expect(step.view).toEqual([{ id: 'sys' }, { id: 'task' }, { summary: 'S1' }, { id: 'a4' }, { id: 'o4' }]);
    expect(step.messages).toEqual([
      { content: [{ type: 'text', text: 'You are', cache_control: { type: 'ephemeral' } }], role: 'system' },
      {
        content: [
          { type: 'text', text: 'Fix it' },
          { type: 'text', text: 'S1' },
        ],
        role: 'user',
      },
      {
        content: [{ type: 'text', text: 'step 4' }],
        role: 'assistant',
        tool_calls: [{ id: 'c4', type: 'function', function: { name: 'terminal', arguments: '{"command": "ls"}' } }],
      },
      {
        content: [
          { type: 'text', text: 'out 4\n[Current working directory: /w]\n[Command finished with exit code 0]' },
        ],
        role: 'tool',
        cache_control: { type: 'ephemeral' },
        tool_call_id: 'c4',
        name: 'terminal',
      },
    ]);
  });

  it('writes the same messages with --pretty as streamed; without --messages there are none', () => {
    const args = [small, '--config', config, '--llm-script', script, '--messages', 'openai'];
    const streamed = JSON.parse(replayCli(...args).stdout) as unknown;
    expect(JSON.parse(replayCli(...args, '--pretty').stdout)).toEqual(streamed);
    const plain = JSON.parse(replayCli(small, '--config', config, '--llm-script', script).stdout) as {
      steps: MessagesStep[];
    };
    expect(plain.steps.some((step) => 'messages' in step)).toBe(false);
  });

  it('an observation the SDK could not read: the steps that show it say why in messages_error, the replay goes on', () => {
    const broken = file(
      'sdk-broken.jsonl',
      sdkLog(3, (i) =>
        i === 1
          ? { content: [text('x')], is_error: false, subagent: 's', status: 'done', kind: 'TaskObservation' }
          : terminal(`out ${i}`),
      ),
    );
    const { status, stdout, stderr } = replayCli(broken, '--recorded', '--messages', 'anthropic');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const steps = (JSON.parse(stdout) as { steps: MessagesStep[] }).steps;
    expect(steps.map((step) => (step.messages ? step.messages.length : step.messages_error))).toEqual([
      2,
      4,
      'observation o1 (tool terminal): the SDK could not read this TaskObservation: observation.task_id: expected a string',
    ]);
  });
});
