/**
 * What the SDK reader keeps for the agent's chat messages: thinking blocks, reasoning, a message's
 * tool-call fields, each observation's tool fields (by generation), the recorded tools, cache flags
 * and image URLs. Checked on the real logs too: every observation of every SDK fixture is readable.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { sdk } from '../../../src/engine/index.ts';
import { type SdkParsedLog, readLog } from '../../../src/formats/index.ts';
import { readObservation } from '../../../src/formats/sdk/observation.ts';
import { REAL_LOGS, realLog } from '../../helpers/logs.ts';

function readSdk(name: string): SdkParsedLog {
  const log = readLog(realLog(name));
  if (log.flavor !== 'sdk') throw new Error(`${name} is not an SDK log`);
  return log;
}

const SDK_FIXTURES = readdirSync(REAL_LOGS).filter((name) => name.startsWith('v1_'));

describe('SDK observations by shape', () => {
  it('with a content list: the 1.43.1 rendering of the kind; without one: the rendering of the SDK before 2025-11-05', () => {
    expect(readObservation({ content: [], is_error: false, kind: 'BrowserObservation' }).render).toBe('browser');
    expect(readObservation({ kind: 'BrowserObservation', output: 'x', error: null }).render).toBe('earlierBrowser');
    expect(readObservation({ output: 'x', kind: 'ExecuteBashObservation' }).render).toBe('earlierBash');
    expect(readObservation({ kind: 'ExecuteBashObservation', content: [], metadata: {} }).render).toBe('terminal');
    expect(readObservation({ kind: 'FileEditorObservation', output: 'x' }).render).toBe('earlierEditor');
    expect(readObservation({ content: [], kind: 'FileEditorObservation' }).render).toBe('content');
  });

  it('an MCP result carries the line naming the tool since 2025-11-05; one without it was rendered with the line added', () => {
    const line = { type: 'text', text: "[Tool 'fetch' executed.]" };
    expect(
      readObservation({
        content: [line, { type: 'text', text: 'r' }],
        is_error: false,
        tool_name: 'fetch',
        kind: 'MCPToolObservation',
      }).render,
    ).toBe('content');
    expect(
      readObservation({
        kind: 'MCPToolObservation',
        content: [{ type: 'text', text: 'r' }],
        is_error: false,
        tool_name: 'fetch',
      }).render,
    ).toBe('earlierMcp');
  });

  it('fields the SDK defaults may be missing; a wrong type makes the observation unreadable, with the path', () => {
    expect(readObservation({ content: [], kind: 'TerminalObservation' })).toEqual({
      render: 'terminal',
      kind: 'TerminalObservation',
      content: [],
      isError: false,
      metadata: { exitCode: -1, workingDir: null, pyInterpreterPath: null, prefix: '', suffix: '' },
      fullOutputSaveDir: null,
    });
    expect(readObservation({ content: [], metadata: { exit_code: 'zero' }, kind: 'TerminalObservation' })).toEqual({
      render: 'unreadable',
      kind: 'TerminalObservation',
      problem: 'observation.metadata.exit_code: expected an integer',
    });
    expect(readObservation({ content: 'text', kind: 'X' })).toMatchObject({
      render: 'unreadable',
      problem: expect.stringMatching(/^a X without a content list/),
    });
  });

  it.each(SDK_FIXTURES)('every observation of %s is one the SDK could read', (name) => {
    const log = readSdk(name);
    const observations = log.events.filter((event): event is sdk.ObservationEvent => event.kind === 'ObservationEvent');
    expect(observations.length).toBeGreaterThan(0);
    expect(observations.filter((event) => event.observation?.render === 'unreadable')).toEqual([]);
  });
});

describe('the rest of an event the LLM reads', () => {
  it('thinking blocks and reasoning of the CLI conversation: on agent messages and on the first action of a response', () => {
    const log = readSdk('v1_cli_tests-trajectories_cli447_hi_followup_iterative_case_a');
    const agentMessage = log.events.find(
      (event): event is sdk.MessageEvent => event.kind === 'MessageEvent' && event.role === 'assistant',
    )!;
    expect(agentMessage.thinkingBlocks).toEqual([
      {
        type: 'thinking',
        thinking: expect.stringContaining('The user said "hi"'),
        signature: expect.stringMatching(/^Eq4C/),
      },
    ]);
    expect(agentMessage.reasoningContent).toMatch(/^The user said "hi"/);
    const actions = log.events.filter((event): event is sdk.ActionEvent => event.kind === 'ActionEvent');
    expect(actions.map((action) => action.thinkingBlocks?.length)).toEqual([1, 0, 1]);
    expect(actions.map((action) => action.reasoningContent === null)).toEqual([false, true, false]);
  });

  it('the recorded tools: chat function tools in 2025 logs, ToolDefinition titles in 2026 ones', () => {
    const system = (log: SdkParsedLog) =>
      log.events.find((event): event is sdk.SystemPromptEvent => event.kind === 'SystemPromptEvent')!;
    const benchmark = system(readSdk('v1_benchmarks_conversation_47be6561_78ev_0cond'));
    expect(benchmark.chatTools).toHaveLength(7);
    expect(benchmark.toolNames).toEqual([
      'execute_bash',
      'str_replace_editor',
      'task_tracker',
      'fetch_fetch',
      'repomix_pack_codebase',
      'finish',
      'think',
    ]);
    const cli = system(readSdk('v1_cli_tests-trajectories_cli447_hi_followup_iterative_case_a'));
    expect(cli.chatTools).toBeNull();
    expect(cli.toolNames).toEqual(['terminal', 'file_editor', 'task_tracker', 'delegate', 'finish', 'think']);
  });

  it('content parts keep cache_prompt and image URLs; a message keeps tool_calls [] apart from none', () => {
    const log = readLog({
      kind: 'file',
      file: {
        path: 'log.jsonl',
        text: [
          {
            id: 'm1',
            timestamp: 't',
            source: 'user',
            llm_message: {
              role: 'user',
              content: [
                { cache_prompt: true, type: 'text', text: 'a' },
                { type: 'image', image_urls: ['u1', 'u2'] },
              ],
              tool_calls: [],
            },
            kind: 'MessageEvent',
          },
        ]
          .map((event) => JSON.stringify(event))
          .join('\n'),
      },
    });
    const message = log.events[0] as sdk.MessageEvent;
    expect(message.content).toEqual([
      { type: 'text', text: 'a', cachePrompt: true },
      { type: 'image', urls: ['u1', 'u2'], cachePrompt: false },
    ]);
    expect(message.toolCalls).toEqual([]);
  });
});
