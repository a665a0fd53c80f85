import type { RecordedBill, RecordedCall, RecordedFigures } from './types.ts';

/** Figures as the trace writes them: `prompt_tokens` is the whole input (cache reads and writes included). */
function figuresJson(figures: RecordedFigures) {
  return {
    calls: figures.calls,
    cost: figures.cost,
    prompt_tokens: figures.inputTokens,
    cache_read_tokens: figures.cacheReadTokens,
    cache_write_tokens: figures.cacheWriteTokens,
    completion_tokens: figures.outputTokens,
    reasoning_tokens: figures.reasoningTokens,
    calls_without_cost: figures.callsWithoutCost,
    calls_without_usage: figures.callsWithoutUsage,
  };
}

/** The trace's top-level `recorded_usage`: totals by role and by model; null figures where nothing was recorded. */
export function recordedUsageJson(bill: RecordedBill) {
  const { agent, condenser, other } = bill.byRole;
  return {
    nothing_recorded: bill.nothingRecorded,
    total_cost: bill.totalCost,
    by_role: {
      agent: figuresJson(agent),
      condenser: figuresJson(condenser),
      ...(other ? { other: figuresJson(other) } : {}),
    },
    by_model: Object.fromEntries(Object.entries(bill.byModel).map(([model, figures]) => [model, figuresJson(figures)])),
    prompt_tokens_convention: bill.promptTokensConvention,
    notes: bill.notes,
  };
}

/** One recorded call as a trace step shows it. */
export function recordedCallJson(call: RecordedCall) {
  return {
    role: call.role,
    model: call.model,
    response_id: call.responseId,
    event_ids: call.events.map((event) => event.id),
    prompt_tokens: call.inputTokens,
    cache_read_tokens: call.cacheReadTokens,
    cache_write_tokens: call.cacheWriteTokens,
    completion_tokens: call.outputTokens,
    reasoning_tokens: call.reasoningTokens,
    cost: call.cost,
  };
}
