import { type ChatTool, type LearnedUsage, type TextTokens, UsageSimulator, messageTokens } from '../engine/index.ts';
import type { AgentCallsPort, StepWalk } from './flavor.ts';
import type { AgentSettings, AgentTranscript, StepUsage } from './types.ts';

/**
 * The agent's LLM calls of one finished replay, whatever the log's engine: each step's messages on
 * demand, and every step's usage in order (a generator, so the host can pause between steps).
 */
export interface AgentRun {
  readonly tools: readonly ChatTool[] | null;
  transcript(step: number): AgentTranscript;
  usage(): Generator<StepUsage, void>;
  readonly calibration: Calibration;
  /** What the estimates learned, once `usage()` has run to the end. */
  learned(): LearnedUsage;
}

/** As recorded, each step learns only from the steps before it; re-simulated, from the whole log's recorded run. */
export type Calibration = 'earlier-steps' | 'whole-log';

/** What building an AgentRun needs from the host. */
export interface AgentRunContext {
  readonly tokens: TextTokens;
  /** What the log's own recorded run teaches (computed once per log and settings; re-simulated runs use it). */
  readonly learnedFromLog: () => LearnedUsage;
}

/** Every step's usage estimate next to what the provider recorded, fed in step order (the app's and the CLI's). */
export class StepUsageStream<Step, View> {
  readonly simulator: UsageSimulator;

  constructor(
    private readonly calls: AgentCallsPort<Step, View>,
    settings: AgentSettings,
    calibration: Calibration,
    learnedFromLog: () => LearnedUsage,
  ) {
    this.simulator = new UsageSimulator(
      settings.profile,
      calibration === 'earlier-steps' ? 'earlier-steps' : learnedFromLog(),
    );
  }

  next(step: Step, view: View | null): StepUsage & { readonly error: string | null } {
    const call = this.calls.call(step, view);
    return { estimate: this.simulator.next(call), recorded: call.recorded, error: call.error ?? null };
  }
}

export function agentRun<Step, View>(
  calls: AgentCallsPort<Step, View>,
  walk: StepWalk<Step, View>,
  settings: AgentSettings,
  calibration: Calibration,
  context: AgentRunContext,
): AgentRun {
  let stream: StepUsageStream<Step, View> | null = null;
  const base = (step: number) => ({ step, tools: calls.tools, toolTokens: calls.toolTokens });
  return {
    tools: calls.tools,
    calibration,
    transcript(index): AgentTranscript {
      const step = walk.steps[index];
      if (!step) throw new Error(`there is no step ${index}`);
      const view = walk.view(index);
      if (view === null) return { ...base(index), messages: [], error: 'This step failed, so the agent made no call.' };
      const request = calls.request(step, view);
      if (request.error !== undefined) return { ...base(index), messages: [], error: request.error };
      const { messages, eventIds } = request;
      return {
        ...base(index),
        messages: messages.map((message, k) => ({
          message,
          eventIds: eventIds?.[k] ?? [],
          tokens: messageTokens(message, context.tokens),
        })),
        error: null,
      };
    },
    *usage() {
      stream = new StepUsageStream(calls, settings, calibration, context.learnedFromLog);
      for (let index = 0; index < walk.steps.length; index++) {
        const { estimate, recorded } = stream.next(walk.steps[index]!, walk.view(index));
        yield { estimate, recorded };
      }
    },
    learned() {
      return (stream ?? new StepUsageStream(calls, settings, calibration, context.learnedFromLog)).simulator.learned();
    },
  };
}
