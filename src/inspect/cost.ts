import { type ModelPrices, type PricePreset, type PromptUsage, callCost, presetForModel } from '../engine/index.ts';
import type { ReplaySummary, StepUsage, UsageReport } from './types.ts';

/** Dollars of the agent's and the condenser's calls, estimated and recorded, at a model's prices. */

export interface ResolvedPrices {
  readonly prices: ModelPrices;
  /** The preset the prices come from, when the user has not set their own. */
  readonly preset: PricePreset | null;
  readonly userSet: boolean;
}

const samePrices = (a: ModelPrices, b: ModelPrices) =>
  a.input === b.input && a.cacheRead === b.cacheRead && a.cacheWrite === b.cacheWrite && a.output === b.output;

/**
 * The user's prices for the model, else its preset, else none (costs then stay unknown). A set price equal to
 * the preset's (as a reproduction file writes presets out) is still named after its preset.
 */
export function pricesFor(
  model: string | null,
  overrides: Readonly<Record<string, ModelPrices>>,
): ResolvedPrices | null {
  const preset = presetForModel(model);
  const own = model ? overrides[model] : undefined;
  if (own && !(preset && samePrices(own, preset.prices))) return { prices: own, preset: null, userSet: true };
  return preset ? { prices: preset.prices, preset, userSet: false } : null;
}

export interface StepCost {
  /** The estimate's dollars (output as the log recorded it); null without an estimate. */
  readonly estimated: number | null;
  /** The dollars the log recorded for the step's call, exactly; null where it recorded none. */
  readonly recorded: number | null;
  /** The recorded tokens at these prices (today's table or the user's); null where no usage was recorded. */
  readonly repriced: number | null;
}

const billed = (usage: PromptUsage, completionTokens: number) => ({ ...usage, completionTokens });

/** The agent's answer is the logged one in either mode, so its output tokens are the recorded ones. */
export function stepCost(step: StepUsage, prices: ModelPrices): StepCost {
  const completion = step.recorded?.completionTokens ?? 0;
  return {
    estimated: step.estimate ? callCost(billed(step.estimate, completion), prices) : null,
    recorded: step.recordedCost,
    repriced: step.recorded ? callCost(step.recorded, prices) : null,
  };
}

export interface RunCost {
  /** The agent's calls, as estimated (steps without an estimate left out). */
  readonly agentEstimated: number;
  /** The agent's calls' recorded dollars, over the steps that recorded a cost; null when none did. */
  readonly agentRecorded: number | null;
  /** The condenser's own LLM calls (summaries, rankings). */
  readonly condenser: number;
  readonly total: number;
  /** Cache reads and writes over the run, estimated. */
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly promptTokens: number;
}

export function runCost(report: UsageReport, prices: ModelPrices): RunCost {
  let agentEstimated = 0;
  let agentRecorded = 0;
  let anyRecorded = false;
  let cacheReadTokens = 0;
  let cacheWriteTokens = 0;
  let promptTokens = 0;
  for (const step of report.steps) {
    const cost = stepCost(step, prices);
    agentEstimated += cost.estimated ?? 0;
    if (cost.recorded !== null) {
      agentRecorded += cost.recorded;
      anyRecorded = true;
    }
    cacheReadTokens += step.estimate?.cacheReadTokens ?? 0;
    cacheWriteTokens += step.estimate?.cacheWriteTokens ?? 0;
    promptTokens += step.estimate?.promptTokens ?? 0;
  }
  const condenser = report.condenserCalls.reduce(
    (sum, call) =>
      sum +
      callCost(
        {
          promptTokens: call.promptTokens,
          cacheReadTokens: 0,
          cacheWriteTokens: 0,
          completionTokens: call.completionTokens,
        },
        prices,
      ),
    0,
  );
  return {
    agentEstimated,
    agentRecorded: anyRecorded ? agentRecorded : null,
    condenser,
    total: agentEstimated + condenser,
    cacheReadTokens,
    cacheWriteTokens,
    promptTokens,
  };
}

export interface CondensationCacheCost {
  readonly condensationId: string | number;
  readonly stepIndex: number;
  /** Tokens written to the cache at the step, beyond what a step without a condensation typically writes. */
  readonly rewriteTokens: number;
  readonly rewriteCost: number;
}

const median = (values: readonly number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * What each condensation cost in cache rewrites: after it, the prompt from the first changed message on
 * is written to the cache again. Measured against the median write of the steps that did not condense.
 */
export function condensationCacheCosts(
  summary: ReplaySummary,
  report: UsageReport,
  prices: ModelPrices,
): CondensationCacheCost[] {
  const condensingSteps = new Set(summary.condensations.map((c) => c.stepIndex));
  const usual = median(
    report.steps.filter((_, k) => !condensingSteps.has(k)).map((step) => step.estimate?.cacheWriteTokens ?? 0),
  );
  return summary.condensations.map((condensation) => {
    const written = report.steps[condensation.stepIndex]?.estimate?.cacheWriteTokens ?? 0;
    const rewriteTokens = Math.max(0, written - usual);
    return {
      condensationId: condensation.id,
      stepIndex: condensation.stepIndex,
      rewriteTokens,
      rewriteCost: (rewriteTokens * (prices.cacheWrite - prices.cacheRead)) / 1e6,
    };
  });
}
