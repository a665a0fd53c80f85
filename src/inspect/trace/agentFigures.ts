import { type RecordedBill, recordedUsageJson } from '../../formats/index.ts';
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

/**
 * `usage` (the usage model's estimate, with the model it was estimated for) next to `recorded_usage`
 * (the provider's bill of the step's call: its usage, model and cost); at the end, the whole run's
 * recorded bill as the top-level `recorded_usage` (agent and condenser calls, by role and by model).
 */
export function usageFigure<Step, View>(
  stream: StepUsageStream<Step, View>,
  options: {
    readonly withMessages: boolean;
    readonly recorded: RecordedBill;
  },
): StepFigure<Step, View> {
  return {
    step(step, view) {
      const { estimate, recorded, recordedCost, error, model } = stream.next(step, view);
      return {
        usage: estimate ? { ...usageJson(estimate), model } : undefined,
        recorded_usage: recorded
          ? { ...usageJson(recorded), completion_tokens: recorded.completionTokens, model, cost: recordedCost }
          : undefined,
        // The messages figure says it already when it runs.
        messages_error: error !== null && !options.withMessages ? error : undefined,
      };
    },
    total: () => ({ recorded_usage: recordedUsageJson(options.recorded) }),
  };
}
