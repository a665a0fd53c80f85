import { type PromptUsage, presetById } from '../../engine/index.ts';
import type { SweepRow } from '../../formats/index.ts';
import {
  type AgentSettings,
  type Inspector,
  type OpenedLog,
  type ReplayRequest,
  type ResolvedPrices,
  defaultProfile,
  pricesFor,
  runCost,
} from '../../inspect/index.ts';
import type { SweepConfigSpec, SweepJob, SweepSettings } from './types.ts';

const EMPTY = {
  steps: null,
  condensations: null,
  peak_view_events: null,
  peak_view_tokens: null,
  peak_input_tokens: null,
  mean_input_tokens: null,
  agent_prompt_tokens: null,
  cache_read_tokens: null,
  cache_write_tokens: null,
  condenser_prompt_tokens: null,
  placeholder_summaries: null,
  missing_facts: null,
  estimated_cost_usd: null,
} as const;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The replay request of a configuration on this log, or why it does not apply. */
function requestFor(spec: SweepConfigSpec, opened: OpenedLog): { request: ReplayRequest } | { error: string } {
  const base = { answers: {}, onMissing: 'placeholder', measureLlm: true } as const;
  const engine = (flavor: 'v0' | 'sdk') => (flavor === 'sdk' ? 'an Agent SDK' : 'an OpenHands V0');
  switch (spec.kind) {
    case 'recorded':
      return { request: { ...base, config: null, mode: 'recorded' } };
    case 'preset': {
      const preset = presetById(spec.presetId)!;
      if (preset.flavor !== opened.flavor)
        return {
          error: `the preset ${spec.presetId} is for ${engine(preset.flavor)} log; this is ${engine(opened.flavor)} log`,
        };
      return {
        request: {
          ...base,
          mode: 'resimulate',
          config: preset.build({ agentMaxInputTokens: opened.agentMaxInputTokens }),
          ...(preset.sdkRules ? { sdkRules: preset.sdkRules } : {}),
        },
      };
    }
    default:
      if (spec.kind !== opened.flavor)
        return {
          error: `${spec.name} is ${spec.kind === 'sdk' ? 'an SDK condenser object ("kind")' : 'a V0 configuration ("type")'}; this is ${engine(opened.flavor)} log`,
        };
      return { request: { ...base, mode: 'resimulate', config: spec.value } };
  }
}

/** One configuration's figures on the open log: its replay, the agent's usage and cost, the facts it lost. */
async function replayConfig(
  host: Inspector,
  prepared: ReturnType<typeof requestFor>,
  agent: AgentSettings,
  prices: ResolvedPrices | null,
): Promise<Partial<SweepRow>> {
  if ('error' in prepared) return { error: prepared.error };
  const outcome = await host.replay(prepared.request);
  if (!outcome.ok) return { error: outcome.configError };
  const { steps, condensations, llm } = outcome.summary;
  const usage = await host.agentUsage({ agent });
  const estimated = usage.error === null ? usage.steps.flatMap((step) => (step.estimate ? [step.estimate] : [])) : [];
  const sum = (of: (estimate: PromptUsage) => number) =>
    usage.error === null ? estimated.reduce((total, estimate) => total + of(estimate), 0) : null;
  const cost = prices && usage.error === null ? runCost(usage, prices.prices) : null;
  const quality = await host.replayQuality({});
  const inputTokens = sum((estimate) => estimate.promptTokens);
  return {
    steps: steps.length,
    condensations: condensations.length,
    // Folds, not Math.max(...values): a call takes about 120,000 arguments, fewer than a long run's steps.
    peak_view_events: steps.reduce((peak, step) => Math.max(peak, step.viewLength), 0),
    peak_view_tokens: steps.reduce((peak, step) => Math.max(peak, step.viewTokens), 0),
    peak_input_tokens: estimated.length
      ? estimated.reduce((peak, estimate) => Math.max(peak, estimate.promptTokens), -Infinity)
      : null,
    mean_input_tokens: estimated.length && inputTokens !== null ? Math.round(inputTokens / estimated.length) : null,
    agent_prompt_tokens: inputTokens,
    cache_read_tokens: sum((estimate) => estimate.cacheReadTokens),
    cache_write_tokens: sum((estimate) => estimate.cacheWriteTokens),
    condenser_prompt_tokens: llm.promptTokens,
    placeholder_summaries: llm.placeholders,
    missing_facts: quality.total.missing_used,
    estimated_cost_usd: cost ? Math.round(cost.total * 1e6) / 1e6 : null,
    error: usage.error ?? steps.find((step) => step.failure)?.failure ?? null,
  };
}

/**
 * Replays one instance under every configuration, as the app would (the same engine host): each
 * condenser LLM call gets a placeholder answer, tokens are counted with o200k, usage and cost come
 * from the usage model with the model's list prices.
 */
export async function replayInstance(
  host: Inspector,
  job: SweepJob,
  settings: SweepSettings,
  onReplayed: () => void = () => {},
): Promise<{ rows: SweepRow[]; events: number }> {
  const specs = job.configs ? settings.configs.slice(job.configs.from, job.configs.to) : settings.configs;
  const row = (config: string, fields: Partial<SweepRow>): SweepRow => ({
    source: job.source,
    instance: job.instance,
    config,
    ...EMPTY,
    model: null,
    error: null,
    ...fields,
  });
  const failed = (error: string) => ({ rows: specs.map((spec) => row(spec.name, { error })), events: 0 });
  if (job.unreadable !== undefined) return failed(job.unreadable);
  let opened: OpenedLog;
  try {
    opened = await host.open({ input: job.input, instance: job.instance });
    await host.countTokens();
  } catch (error) {
    return failed(message(error));
  }
  const model = settings.model ?? opened.agentModel;
  const prices = pricesFor(model, {});
  const agent = { profile: settings.profile ?? defaultProfile(model), templates: {} };
  const rows: SweepRow[] = [];
  for (const spec of specs) {
    const base = { instance: opened.instanceId ?? job.instance, model };
    let fields: Partial<SweepRow>;
    try {
      fields = await replayConfig(host, requestFor(spec, opened), agent, prices);
    } catch (error) {
      fields = { error: message(error) };
    }
    rows.push(row(spec.name, { ...base, ...fields }));
    onReplayed();
  }
  return { rows, events: opened.rows.length };
}
