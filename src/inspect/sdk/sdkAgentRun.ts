import { UsageSimulator, messageTokens, sdk } from '../../engine/index.ts';
import type { AgentRun, AgentRunContext } from '../agentRun.ts';
import type { AgentSettings, AgentTranscript } from '../types.ts';

type SdkEvents = readonly sdk.SdkEvent[];

/**
 * The SDK agent's LLM calls of a replay. SDK logs record no per-call usage, so the estimates stay in our
 * tokenizer's count; messages are not tied back to events (the SDK's builder merges them).
 */
export function sdkAgentRun(events: SdkEvents, result: sdk.SdkReplayResult, settings: AgentSettings, context: AgentRunContext): AgentRun {
  const calls = new sdk.SdkAgentCalls(events, { profile: settings.profile, tokens: context.tokens });
  const requestAt = (index: number) => {
    const step = result.steps[index];
    if (!step) throw new Error(`there is no step ${index}`);
    return step.view ? calls.request(step.view.events) : null;
  };
  let simulator: UsageSimulator | null = null;
  return {
    tools: calls.tools,
    calibration: result.mode === 'recorded' ? 'earlier-steps' : 'whole-log',
    transcript(index): AgentTranscript {
      const request = requestAt(index);
      const base = { step: index, tools: calls.tools, toolTokens: calls.toolTokens };
      if (!request) return { ...base, messages: [], error: 'This step failed, so the agent made no call.' };
      if (request.error !== undefined) return { ...base, messages: [], error: request.error };
      return { ...base, messages: request.messages.map((message) => ({ message, eventIds: [], tokens: messageTokens(message, context.tokens) })), error: null };
    },
    *usage() {
      simulator = new UsageSimulator(settings.profile, 'earlier-steps');
      for (let index = 0; index < result.steps.length; index++) yield { estimate: simulator.next(calls.call(requestAt(index))), recorded: null };
    },
    learned() {
      return (simulator ?? new UsageSimulator(settings.profile, 'earlier-steps')).learned();
    },
  };
}

