/**
 * The application layer: what the app, the worker, `replay` and `sweep` ask of a log. It opens a log of
 * either engine (V0, SDK), replays it, and gives each step's view, messages, usage, cost and the trace,
 * each written once here; the worker is a message shell around it and the CLI a set of thin commands.
 */
export { Inspector, type CreateAgentLlm, type CreateLiveLlm, type FileInPlace } from './inspector.ts';
export type * from './types.ts';
export {
  type InspectedLog,
  type Prepared,
  type ReplayedLog,
  type TraceOptions,
  type TraceSize,
  type Tokens,
} from './inspectedLog.ts';
export { countAllTokens, openLog } from './openLog.ts';
export { type InferredConfig, inferConfig } from './inferConfig.ts';
export type { FactOrigin, QualityReport } from './qualityReport.ts';
export { type LogSummaryUse, emptyLogSummaryUse, logSummaryAnswers } from './logSummaries.ts';
export type * from './trace/types.ts';
export * from './cost.ts';
export { defaultProfile } from './profiles.ts';
export type { StepViewsDiff, ViewsDiff } from './viewDiff.ts';
export * from './counterfactual/index.ts';
export { yieldToEvents } from './yieldToEvents.ts';
