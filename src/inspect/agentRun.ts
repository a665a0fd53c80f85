import {
  type AgentProfile,
  type ChatProfile,
  type ChatTool,
  type LearnedUsage,
  type TextTokens,
  UsageSimulator,
  messageTokens,
} from '../engine/index.ts';
import type { RecordedCall } from '../formats/index.ts';
import type { AgentCallsPort, StepWalk } from './flavor.ts';
import { profileFor } from './profiles.ts';
import type { AgentSettings, AgentTranscript, StepUsage } from './types.ts';

/**
 * The agent's LLM calls of one finished replay, whatever the log's engine: each step's messages on
 * demand, and every step's usage in order (a generator, so the host can pause between steps).
 */
export interface AgentRun {
  readonly tools: readonly ChatTool[] | null;
  transcript(step: number): AgentTranscript;
  usage(): Generator<StepUsage, void>;
  /** Learns what usage() reads first, pausing often (a yield after each call measured); optional. */
  prepareUsage(): Generator<void, void, void>;
  readonly calibration: Calibration;
  /** What the estimates learned, once `usage()` has run to the end (the run's first model's, with 'auto'). */
  learned(): LearnedUsage;
}

/** As recorded, each step learns only from the steps before it; re-simulated, from the whole log's recorded run. */
export type Calibration = 'earlier-steps' | 'whole-log';

/** The agent's calls under one provider profile; `model`: only that model's recorded calls teach the estimates. */
export interface ChatSettings {
  readonly profile: ChatProfile;
  readonly templates: AgentSettings['templates'];
}

/** What the usage estimates need of a log, whatever its engine. */
export interface UsagePorts<Step, View> {
  calls(settings: ChatSettings, model: string | null): AgentCallsPort<Step, View>;
  /** What the log's own recorded run teaches about `model`'s calls (all calls when null); learned once. */
  learnedFromLog(settings: ChatSettings, model: string | null): LearnedUsage;
  /** The same, learned a call at a time (a yield after each) where it is not learned yet. */
  learnInSteps(settings: ChatSettings, model: string | null): Generator<void, LearnedUsage, void>;
  /** The step's call as the log recorded it (its model and cost); null where the log does not say. */
  recordedCallAt(step: Step): RecordedCall | null;
  /** The agent's model when a step does not say (the log's first recorded one). */
  readonly defaultModel: string | null;
}

/** Building an AgentRun needs the text token counter besides the log's ports. */
export interface AgentRunContext {
  readonly tokens: TextTokens;
}

interface ModelUsage<Step, View> {
  readonly calls: AgentCallsPort<Step, View>;
  readonly simulator: UsageSimulator;
}

/**
 * Every step's usage estimate next to what the provider recorded, fed in step order (the app's and the
 * CLI's). Under 'auto' each call is estimated with its own model's profile and a fit of that model's
 * recorded calls, and each model keeps its own prompt cache: a run that moves from GPT-5 to Claude is
 * estimated and priced call by call.
 */
export class StepUsageStream<Step, View> {
  private readonly byModel = new Map<string, ModelUsage<Step, View>>();
  private first: ModelUsage<Step, View> | null = null;
  private lastModel: string | null;

  constructor(
    private readonly ports: UsagePorts<Step, View>,
    private readonly settings: AgentSettings,
    private readonly calibration: Calibration,
  ) {
    this.lastModel = ports.defaultModel;
  }

  /** The profile and templates of `model`'s calls, and the model whose recorded calls they learn from. */
  private settingsOf(model: string | null): { settings: ChatSettings; fitted: string | null } {
    return {
      settings: { profile: profileFor(this.settings.profile, model), templates: this.settings.templates },
      fitted: this.settings.profile === 'auto' ? model : null,
    };
  }

  /**
   * Learns from the log's recorded run, a call at a time, what the first steps' estimates will read
   * (the log's first model's fit): reading it then costs nothing, where learning it took a third of a
   * second in one go at 100 MB, and held the engine's thread.
   */
  *prepare(): Generator<void, void, void> {
    if (this.calibration === 'earlier-steps') return;
    const { settings, fitted } = this.settingsOf(this.ports.defaultModel);
    yield* this.ports.learnInSteps(settings, fitted);
  }

  private usageOf(model: string | null): ModelUsage<Step, View> {
    const key = this.settings.profile === 'auto' ? (model ?? '') : '';
    let entry = this.byModel.get(key);
    if (!entry) {
      const { settings, fitted } = this.settingsOf(model);
      const learned =
        this.calibration === 'earlier-steps' ? 'earlier-steps' : this.ports.learnedFromLog(settings, fitted);
      entry = { calls: this.ports.calls(settings, fitted), simulator: new UsageSimulator(settings.profile, learned) };
      this.byModel.set(key, entry);
      this.first ??= entry;
    }
    return entry;
  }

  next(step: Step, view: View | null): StepUsage & { readonly error: string | null } {
    const recordedCall = this.ports.recordedCallAt(step);
    const model = recordedCall?.model ?? this.lastModel;
    this.lastModel = model;
    const { calls, simulator } = this.usageOf(model);
    const call = calls.call(step, view);
    return {
      estimate: simulator.next(call),
      recorded: call.recorded,
      recordedCost: recordedCall?.cost ?? null,
      messages: call.measured?.count ?? null,
      model,
      error: call.error ?? null,
    };
  }

  learned(): LearnedUsage {
    return (this.first ?? this.usageOf(this.ports.defaultModel)).simulator.learned();
  }
}

export function agentRun<Step, View>(
  ports: UsagePorts<Step, View>,
  walk: StepWalk<Step, View>,
  settings: AgentSettings,
  calibration: Calibration,
  context: AgentRunContext,
): AgentRun {
  let stream: StepUsageStream<Step, View> | null = null;
  const byProfile = new Map<ChatProfile, AgentCallsPort<Step, View>>();
  const callsFor = (profile: AgentProfile, model: string | null) => {
    const chat = profileFor(profile, model);
    let calls = byProfile.get(chat);
    if (!calls) byProfile.set(chat, (calls = ports.calls({ profile: chat, templates: settings.templates }, null)));
    return calls;
  };
  const main = callsFor(settings.profile, ports.defaultModel);
  const base = (step: number, calls: AgentCallsPort<Step, View>) => ({
    step,
    tools: calls.tools,
    toolTokens: calls.toolTokens,
  });
  return {
    tools: main.tools,
    calibration,
    transcript(index): AgentTranscript {
      const step = walk.steps[index];
      if (!step) throw new Error(`there is no step ${index}`);
      const calls = callsFor(settings.profile, ports.recordedCallAt(step)?.model ?? ports.defaultModel);
      const view = walk.view(index);
      if (view === null)
        return { ...base(index, calls), messages: [], error: 'This step failed, so the agent made no call.' };
      const request = calls.request(step, view);
      if (request.error !== undefined) return { ...base(index, calls), messages: [], error: request.error };
      const { messages, eventIds } = request;
      return {
        ...base(index, calls),
        messages: messages.map((message, k) => ({
          message,
          eventIds: eventIds?.[k] ?? [],
          tokens: messageTokens(message, context.tokens),
        })),
        error: null,
      };
    },
    prepareUsage: () => new StepUsageStream(ports, settings, calibration).prepare(),
    *usage() {
      stream = new StepUsageStream(ports, settings, calibration);
      for (let index = 0; index < walk.steps.length; index++) {
        const { error: _error, ...usage } = stream.next(walk.steps[index]!, walk.view(index));
        yield usage;
      }
    },
    learned() {
      return (stream ?? new StepUsageStream(ports, settings, calibration)).learned();
    },
  };
}
