import type { ModelPrices } from '../../engine/index.ts';
import { type ReplaySummary, type UsageReport, condensationCacheCosts, runCost } from '../../store/index.ts';

export interface ReplayFacts {
  readonly condensations: number;
  readonly condensedAtSteps: readonly number[];
  readonly peakEvents: number;
  readonly peakTokens: number;
  /** Σ over steps of the view's tokens: what the agent's own LLM reads over the run. */
  readonly agentPromptTokens: number;
  readonly llmCalls: number;
  readonly placeholders: number;
  readonly condenserPromptTokens: number | null;
  /** Recorded condenser calls the prompt tokens of unrecorded calls were fitted on (0: our raw count). */
  readonly condenserPromptFittedOn: number;
  readonly condenserPromptEstimatedCalls: number;
  readonly condenserCompletionTokens: number | null;
}

export function replayFacts(summary: ReplaySummary): ReplayFacts {
  let peakEvents = 0;
  let peakTokens = 0;
  let agentPromptTokens = 0;
  for (const step of summary.steps) {
    peakEvents = Math.max(peakEvents, step.viewLength);
    peakTokens = Math.max(peakTokens, step.viewTokens);
    agentPromptTokens += step.viewTokens;
  }
  return {
    condensations: summary.condensations.length,
    condensedAtSteps: summary.steps.filter((step) => step.condensationIds.length > 0).map((step) => step.index),
    peakEvents,
    peakTokens,
    agentPromptTokens,
    llmCalls: summary.llm.calls,
    placeholders: summary.llm.placeholders,
    condenserPromptTokens: summary.llm.promptTokens,
    condenserPromptFittedOn: summary.llm.promptTokensFittedOn,
    condenserPromptEstimatedCalls: summary.llm.estimatedPromptCalls,
    condenserCompletionTokens: summary.llm.completionTokens,
  };
}

/** The summary the agent had at a step: the latest summary-bearing condensation up to it. */
export function summaryAtStep(summary: ReplaySummary, step: number): string | null {
  let found: string | null = null;
  for (const condensation of summary.condensations) {
    if (condensation.stepIndex > step) break;
    if (condensation.summary !== null) found = condensation.summary;
  }
  return found;
}

/** Dollars for the tokens, when prices are known. */
export function costOf(
  inputTokens: number | null,
  outputTokens: number | null,
  prices: { inputPrice: number | null; outputPrice: number | null } | null,
): number | null {
  if (!prices || prices.inputPrice === null || inputTokens === null) return null;
  return (inputTokens * prices.inputPrice + (outputTokens ?? 0) * (prices.outputPrice ?? 0)) / 1e6;
}

export interface DollarFacts {
  readonly agent: number;
  readonly cacheRewrites: { readonly cost: number; readonly tokens: number; readonly condensations: number };
  readonly condenser: number;
  readonly total: number;
}

/** Dollars of one replay with the prompt cache counted; the condenser priced like the agent unless it has its own prices. */
export function dollarFacts(
  summary: ReplaySummary,
  usage: UsageReport,
  prices: ModelPrices,
  condenserPrices: { inputPrice: number | null; outputPrice: number | null } | null,
): DollarFacts {
  const run = runCost(usage, prices);
  const rewrites = condensationCacheCosts(summary, usage, prices);
  const ownPrices = condenserPrices?.inputPrice != null;
  const condenser = ownPrices
    ? usage.condenserCalls.reduce(
        (sum, call) => sum + (costOf(call.promptTokens, call.completionTokens, condenserPrices) ?? 0),
        0,
      )
    : run.condenser;
  return {
    agent: run.agentEstimated,
    cacheRewrites: {
      cost: rewrites.reduce((sum, r) => sum + r.rewriteCost, 0),
      tokens: rewrites.reduce((sum, r) => sum + r.rewriteTokens, 0),
      condensations: rewrites.length,
    },
    condenser,
    total: run.agentEstimated + condenser,
  };
}
