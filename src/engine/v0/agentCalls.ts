import type { ChatTool, RecordedUsage, TextTokens, AgentCall, LearnedUsage, MeasuredRequest } from '../core/index.ts';
import {
  MAX_LEARNED_CALLS,
  noLlm,
  runSync,
  PrefixIds,
  learnFromCallsInSteps,
  measureRequest,
  toolSchemaText,
} from '../core/index.ts';
import type { LogEvent } from './events.ts';
import { type PreparedLog, initialUserMessageAt } from './history.ts';
import {
  type AgentMessageOptions,
  type AgentRequest,
  AgentMessagesError,
  DEFAULT_MAX_MESSAGE_CHARS,
  buildAgentRequest,
  newMessagePartsCache,
} from './messages/index.ts';
import { IncrementalMeasure, eventTextDigests } from './messages/index.ts';
import { type ReplayStep, replay } from './replay.ts';
import type { View } from './view.ts';

/** The tool schemas the agent sent, as its SystemMessageAction recorded them. */
export function recordedTools(events: readonly LogEvent[]): readonly ChatTool[] | null {
  for (const event of events) {
    if (event.kind === 'action' && event.type === 'system') {
      const tools = event.args.tools;
      return Array.isArray(tools) && tools.length ? (tools as ChatTool[]) : null;
    }
  }
  return null;
}

/** The provider's usage of the LLM call that produced the event at a log position (the recorded bill's), or null. */
export type RecordedUsageAt = (eventIndex: number) => RecordedUsage | null;
export type StepRequest =
  | { readonly request: AgentRequest; readonly error?: undefined }
  | { readonly request?: undefined; readonly error: string };

export interface AgentCallOptions extends AgentMessageOptions {
  readonly tokens: TextTokens;
  /** What the provider recorded for each step's call (from the log's recorded bill); none without it. */
  readonly recorded?: RecordedUsageAt;
}

/** The agent's LLM calls of a V0 replay: each step's request, and what the usage model needs of it. */
export class V0AgentCalls {
  readonly tools: readonly ChatTool[] | null;
  readonly toolTokens: number;

  private readonly options: AgentCallOptions;
  private readonly prefixes = new PrefixIds();
  private readonly measure: IncrementalMeasure;

  constructor(
    private readonly log: PreparedLog,
    options: AgentCallOptions,
  ) {
    this.options = { ...options, cache: options.cache ?? newMessagePartsCache() };
    this.tools = recordedTools(log.events);
    const text = toolSchemaText(this.tools);
    this.toolTokens = text ? options.tokens.text(text) : 0;
    const limit = this.options.maxMessageChars === undefined ? DEFAULT_MAX_MESSAGE_CHARS : this.options.maxMessageChars;
    // The estimate measures each observation's texts once per opened log: later replays reuse their digests.
    const digests = eventTextDigests(options.tokens, limit);
    this.measure = new IncrementalMeasure(
      { ...this.options, maxMessageChars: limit, digests },
      options.tokens,
      this.toolTokens,
      this.prefixes,
    );
  }

  request(step: ReplayStep, view: View): StepRequest {
    try {
      return {
        request: buildAgentRequest(view.entries, initialUserMessageAt(this.log, step.beforeEventIndex), this.options),
      };
    } catch (error) {
      if (!(error instanceof AgentMessagesError)) throw error;
      return { error: error.pythonError ? `${error.message} (${error.pythonError})` : error.message };
    }
  }

  /**
   * The step's call as the usage model sees it (null measurement where OpenHands builds no messages).
   * Steps of one run go in order: each measurement builds on the one before (IncrementalMeasure).
   */
  call(step: ReplayStep, view: View | null): AgentCall {
    let measured: MeasuredRequest | null = null;
    let problem: string | null = null;
    if (view) {
      try {
        const initial = initialUserMessageAt(this.log, step.beforeEventIndex);
        if (!initial) buildAgentRequest(view.entries, null, this.options);
        else measured = this.measure.measure(view, initial);
      } catch (error) {
        if (!(error instanceof AgentMessagesError)) throw error;
        problem = error.pythonError ? `${error.message} (${error.pythonError})` : error.message;
      }
    }
    return {
      measured,
      time: this.log.events[step.beforeEventIndex]?.time ?? null,
      recorded: this.options.recorded?.(step.beforeEventIndex) ?? null,
      error: problem,
    };
  }

  /** A step's call measured from its whole request (what `call` gives, without its shortcut). */
  wholeCall(step: ReplayStep, request: StepRequest | null): AgentCall {
    const measured = request?.request
      ? measureRequest(
          request.request.messages,
          request.request.eventIds.map((ids) => ids.join(',')),
          this.toolTokens,
          this.options.tokens,
          this.prefixes,
        )
      : null;
    return {
      measured,
      time: this.log.events[step.beforeEventIndex]?.time ?? null,
      recorded: this.options.recorded?.(step.beforeEventIndex) ?? null,
    };
  }
}

/**
 * What re-simulated runs learn from: the log's own run, as recorded, against its recorded usage (its
 * first MAX_LEARNED_CALLS calls), a call at a time (see learnFromCallsInSteps).
 */
export function learnFromRecordedRun(log: PreparedLog, options: AgentCallOptions): Generator<void, LearnedUsage, void> {
  const calls = new V0AgentCalls(log, options);
  // The replay is quick; measuring the calls is not. A step's view stays readable after the replay.
  const steps: (readonly [ReplayStep, View | null])[] = [];
  runSync(
    replay({
      log,
      mode: 'recorded',
      onStep: (step, view) => {
        if (steps.length < MAX_LEARNED_CALLS) steps.push([step, view]);
      },
    }),
    noLlm,
  );
  return learnFromCallsInSteps(options.profile, steps, (step, view) => calls.call(step, view));
}
