import type { StepUsageStream } from '../agentRun.ts';
import type { AgentCallsPort } from '../flavor.ts';
import type { StepFigure } from './traceWriter.ts';

const usageJson = (usage: { promptTokens: number; cacheReadTokens: number; cacheWriteTokens: number }) => ({
  prompt_tokens: usage.promptTokens,
  cache_read_tokens: usage.cacheReadTokens,
  cache_write_tokens: usage.cacheWriteTokens,
});

/** `messages`: the chat messages the agent's LLM received (spec/agent-messages.md), or `messages_error`. */
export function messagesFigure<Step, View>(calls: AgentCallsPort<Step, View>): StepFigure<Step, View> {
  return {
    step(step, view) {
      const request = calls.request(step, view);
      return request.messages ? { messages: request.messages } : { messages_error: request.error };
    },
  };
}

/** `usage` (the usage model's estimate) next to `recorded_usage` (what the provider recorded). */
export function usageFigure<Step, View>(
  stream: StepUsageStream<Step, View>,
  options: { readonly withMessages: boolean },
): StepFigure<Step, View> {
  return {
    step(step, view) {
      const { estimate, recorded, error } = stream.next(step, view);
      return {
        usage: estimate ? usageJson(estimate) : undefined,
        recorded_usage: recorded ? usageJson(recorded) : undefined,
        // The messages figure says it already when it runs.
        messages_error: error !== null && !options.withMessages ? error : undefined,
      };
    },
  };
}
