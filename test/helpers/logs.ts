import { join } from 'node:path';
import { readLogInput } from '../../src/cli/readInput.ts';
import type { LogInput } from '../../src/formats/index.ts';

export const REAL_LOGS = join(import.meta.dirname, '..', 'fixtures', 'real-logs');
export const SAMPLE_SESSIONS = join(import.meta.dirname, '..', '..', 'sample-sessions');

export function realLog(name: string): LogInput {
  return readLogInput(join(REAL_LOGS, name));
}

export function textInput(text: string, path = 'log.json'): LogInput {
  return { kind: 'file', file: { path, text } };
}

/** A minimal V0 event list: user task, then agent run/observation pairs, ids from 0. */
export function v0Events(pairs: number): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [
    { id: 0, source: 'user', message: 'task', action: 'message', args: { content: 'task' } },
  ];
  for (let i = 0; i < pairs; i++) {
    const id = events.length;
    events.push({
      id,
      source: 'agent',
      action: 'run',
      args: { command: `ls ${i}` },
      tool_call_metadata: { model_response: { id: `r${i}` } },
    });
    events.push({
      id: id + 1,
      source: 'agent',
      cause: id,
      observation: 'run',
      content: `out ${i}`,
      extras: { command: `ls ${i}` },
    });
  }
  return events;
}

const sdkText = (value: string) => ({ cache_prompt: false, type: 'text', text: value });

/** An SDK JSONL log: system prompt, task, then `pairs` terminal calls whose observations `observation(i)` gives. */
export function sdkJsonlLog(
  pairs: number,
  observation: (i: number) => unknown = (i) => ({ content: [sdkText(`out ${i}`)], kind: 'TerminalObservation' }),
): string {
  const events: unknown[] = [
    {
      id: 'sys',
      timestamp: 't',
      source: 'agent',
      system_prompt: sdkText('You are'),
      tools: [],
      kind: 'SystemPromptEvent',
    },
    {
      id: 'task',
      timestamp: 't',
      source: 'user',
      llm_message: { role: 'user', content: [sdkText('Fix it')] },
      kind: 'MessageEvent',
    },
  ];
  for (let i = 0; i < pairs; i++) {
    events.push(
      {
        id: `a${i}`,
        timestamp: 't',
        source: 'agent',
        thought: [sdkText(`step ${i}`)],
        action: { command: 'ls', kind: 'TerminalAction' },
        tool_name: 'terminal',
        tool_call_id: `c${i}`,
        tool_call: { id: `c${i}`, name: 'terminal', arguments: '{"command": "ls"}', origin: 'completion' },
        llm_response_id: `r${i}`,
        kind: 'ActionEvent',
      },
      {
        id: `o${i}`,
        timestamp: 't',
        source: 'environment',
        tool_name: 'terminal',
        tool_call_id: `c${i}`,
        observation: observation(i),
        action_id: `a${i}`,
        kind: 'ObservationEvent',
      },
    );
  }
  return events.map((event) => JSON.stringify(event)).join('\n');
}
