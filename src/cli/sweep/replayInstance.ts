import { presetById } from '../../engine/index.ts';
import type { SweepRow } from '../../formats/index.ts';
import {
  type Inspector,
  type OpenedLog,
  type ReplayRequest,
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
  agent_prompt_tokens: null,
  cache_read_tokens: null,
  cache_write_tokens: null,
  condenser_prompt_tokens: null,
  placeholder_summaries: null,
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

/**
 * Replays one instance under every configuration, as the app would (the same engine host): each
 * condenser LLM call gets a placeholder answer, tokens are counted with o200k, usage and cost come
 * from the usage model with the model's list prices.
 */
export async function replayInstance(host: Inspector, job: SweepJob, settings: SweepSettings): Promise<SweepRow[]> {
  const row = (config: string, fields: Partial<SweepRow>): SweepRow => ({
    source: job.source,
    instance: job.instance,
    config,
    ...EMPTY,
    model: null,
    error: null,
    ...fields,
  });
  if (job.unreadable !== undefined) return settings.configs.map((spec) => row(spec.name, { error: job.unreadable! }));
  let opened: OpenedLog;
  try {
    opened = await host.open({ input: job.input, instance: job.instance });
    await host.countTokens();
  } catch (error) {
    return settings.configs.map((spec) => row(spec.name, { error: message(error) }));
  }
  const model = settings.model ?? opened.agentModel;
  const prices = pricesFor(model, {});
  const agent = { profile: settings.profile ?? defaultProfile(model), templates: {} };
  const rows: SweepRow[] = [];
  for (const spec of settings.configs) {
    const base = { instance: opened.instanceId ?? job.instance, model };
    const prepared = requestFor(spec, opened);
    if ('error' in prepared) {
      rows.push(row(spec.name, { ...base, error: prepared.error }));
      continue;
    }
    try {
      const outcome = await host.replay(prepared.request);
      if (!outcome.ok) {
        rows.push(row(spec.name, { ...base, error: outcome.configError }));
        continue;
      }
      const { steps, condensations, llm } = outcome.summary;
      const usage = await host.agentUsage({ agent });
      const cost = prices && usage.error === null ? runCost(usage, prices.prices) : null;
      rows.push(
        row(spec.name, {
          ...base,
          steps: steps.length,
          condensations: condensations.length,
          peak_view_events: Math.max(0, ...steps.map((step) => step.viewLength)),
          peak_view_tokens: Math.max(0, ...steps.map((step) => step.viewTokens)),
          agent_prompt_tokens:
            usage.error === null
              ? usage.steps.reduce((sum, step) => sum + (step.estimate?.promptTokens ?? 0), 0)
              : null,
          cache_read_tokens:
            usage.error === null
              ? usage.steps.reduce((sum, step) => sum + (step.estimate?.cacheReadTokens ?? 0), 0)
              : null,
          cache_write_tokens:
            usage.error === null
              ? usage.steps.reduce((sum, step) => sum + (step.estimate?.cacheWriteTokens ?? 0), 0)
              : null,
          condenser_prompt_tokens: llm.promptTokens,
          placeholder_summaries: llm.placeholders,
          estimated_cost_usd: cost ? Math.round(cost.total * 1e6) / 1e6 : null,
          error: usage.error ?? steps.find((step) => step.failure)?.failure ?? null,
        }),
      );
    } catch (error) {
      rows.push(row(spec.name, { ...base, error: message(error) }));
    }
  }
  return rows;
}
