import { type ChatProfile, type ReplayMode, UsageSimulator } from '../engine/index.ts';
import { type AgentTemplates, type PreparedLog, type ReplayStep, type StepRequest, type TokenEstimator, type View, V0AgentCalls, ZERO_TOKENS, learnFromRecordedRun } from '../engine/v0/index.ts';

/** What `--messages` and `--usage` add to a step. */
export type StepExtras = (step: ReplayStep, view: View | null) => Record<string, unknown>;
export interface ExtrasRequest {
  readonly messages: ChatProfile | null;
  readonly usage: ChatProfile | null;
  readonly templates: AgentTemplates;
  /** Needed for --usage. */
  readonly tokens: TokenEstimator | null;
  readonly mode: ReplayMode;
}

const usageJson = (usage: { promptTokens: number; cacheReadTokens: number; cacheWriteTokens: number }) => ({
  prompt_tokens: usage.promptTokens,
  cache_read_tokens: usage.cacheReadTokens,
  cache_write_tokens: usage.cacheWriteTokens,
});

/**
 * Messages of each step (or why OpenHands' agent would build none) and the usage model's estimate next
 * to the recorded usage. As recorded, the estimate learns only from earlier steps; re-simulated, from
 * the whole log's recorded usage.
 */
export function v0StepExtras(log: PreparedLog, wanted: ExtrasRequest): StepExtras {
  const tokens = wanted.tokens ?? ZERO_TOKENS;
  const messageCalls = wanted.messages ? new V0AgentCalls(log, { profile: wanted.messages, templates: wanted.templates, tokens }) : null;
  const usageCalls =
    wanted.usage === null ? null : wanted.usage === wanted.messages ? messageCalls : new V0AgentCalls(log, { profile: wanted.usage, templates: wanted.templates, tokens });
  const simulator =
    wanted.usage === null
      ? null
      : new UsageSimulator(wanted.usage, wanted.mode === 'recorded' ? 'earlier-steps' : learnFromRecordedRun(log, { profile: wanted.usage, templates: wanted.templates, tokens }));
  return (step, view) => {
    if (!view) return {};
    const extras: Record<string, unknown> = {};
    const forMessages: StepRequest | null = messageCalls ? messageCalls.request(step, view) : null;
    if (forMessages) {
      if (forMessages.request) extras.messages = forMessages.request.messages;
      else extras.messages_error = forMessages.error;
    }
    if (usageCalls && simulator) {
      const call = usageCalls.call(step, view);
      const estimate = simulator.next(call);
      if (estimate) extras.usage = usageJson(estimate);
      if (call.recorded) extras.recorded_usage = usageJson(call.recorded);
      if (call.error && !('messages_error' in extras)) extras.messages_error = call.error;
    }
    return extras;
  };
}

/** Appends extra keys to a step's JSON object text (`{...}` → `{...,"k":v}`). */
export function withExtras(stepJson: string, extras: Record<string, unknown>): string {
  const keys = Object.keys(extras);
  if (keys.length === 0) return stepJson;
  const fields = keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(extras[key])}`).join(',');
  return `${stepJson.slice(0, -1)},${fields}}`;
}
