import { describe, expect, it } from 'vitest';
import { type AgentAnswer, agreementOf, compareAction } from '../../../src/inspect/index.ts';

const call = (name: string, args: Record<string, unknown>): AgentAnswer => ({
  tool_calls: [{ name, arguments: JSON.stringify(args) }],
  content: null,
});
const text = (content: string): AgentAnswer => ({ tool_calls: [], content });

describe('compareAction: an answer against the recorded action', () => {
  const recorded = call('execute_bash', { command: 'pytest -q', security_risk: 'LOW', timeout: 30 });

  it('takes the same arguments in another order, without the incidental ones, as the same action', () => {
    expect(compareAction(call('execute_bash', { command: 'pytest -q' }), recorded)).toEqual({
      same_tool: true,
      same_target: true,
      same_arguments: true,
    });
  });

  it('tells the same tool with another command from the same command', () => {
    expect(compareAction(call('execute_bash', { command: 'ls' }), recorded)).toEqual({
      same_tool: true,
      same_target: false,
      same_arguments: false,
    });
    expect(compareAction(call('str_replace_editor', { command: 'pytest -q' }), recorded).same_tool).toBe(false);
  });

  it('reads an editor call by its file: another edit of the same file is the same target', () => {
    const edit = call('str_replace_editor', { command: 'str_replace', path: '/a.py', old_str: 'x', new_str: 'y' });
    const view = call('str_replace_editor', { command: 'view', path: '/a.py' });
    expect(compareAction(view, edit)).toEqual({ same_tool: true, same_target: true, same_arguments: false });
    expect(compareAction(call('str_replace_editor', { command: 'view', path: '/b.py' }), edit).same_target).toBe(false);
  });

  it('compares text answers by their words, and text with a call as unlike', () => {
    expect(compareAction(text('Done.\n'), text(' Done. '))).toEqual({
      same_tool: true,
      same_target: true,
      same_arguments: true,
    });
    expect(compareAction(text('Done.'), recorded).same_tool).toBe(false);
  });

  it('gives the shares of matching answers at each level', () => {
    const answers = [
      call('execute_bash', { command: 'pytest -q' }),
      call('execute_bash', { command: 'ls' }),
      text('?'),
    ];
    expect(agreementOf(answers.map((answer) => compareAction(answer, recorded)))).toEqual({
      same_tool: 0.667,
      same_target: 0.333,
      same_arguments: 0.333,
    });
    expect(agreementOf([])).toEqual({ same_tool: 0, same_target: 0, same_arguments: 0 });
  });
});
