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
    events.push({ id, source: 'agent', action: 'run', args: { command: `ls ${i}` }, tool_call_metadata: { model_response: { id: `r${i}` } } });
    events.push({ id: id + 1, source: 'agent', cause: id, observation: 'run', content: `out ${i}`, extras: { command: `ls ${i}` } });
  }
  return events;
}
