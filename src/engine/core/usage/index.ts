/**
 * The usage model: what an agent LLM call cost in tokens (prompt, cache reads, cache writes) and dollars,
 * estimated from the messages and checked against the usage the provider recorded.
 */
export * from './calibration.ts';
export * from './measure.ts';
export * from './pricing.ts';
export * from './promptCache.ts';
export * from './usageModel.ts';
