import type { LlmAnswer } from '../../engine/index.ts';

/** One answer of the agent's model, as the trace writes it: its tool calls (name, JSON arguments as sent) or its text. */
export interface AgentAnswer {
  readonly tool_calls: ReadonlyArray<{ readonly name: string; readonly arguments: string }>;
  readonly content: string | null;
}

export function agentAnswer(answer: LlmAnswer): AgentAnswer {
  return {
    tool_calls: (answer.toolCalls ?? []).map((call) => ({ name: call.name, arguments: call.arguments })),
    content: answer.content,
  };
}
