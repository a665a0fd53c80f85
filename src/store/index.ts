// The zustand store: the UI's only way to storage, the engine worker and the LLM.
// Slices per concern; selectors format what components show.
export { createAppStore } from './store.ts';
export type { AppStore } from './store.ts';
export type { ActiveSession, AppState, InstancePicker, Notice, StoreDeps, SweepSlice } from './types.ts';
export type { RecordedFigures, SweepConfig, SweepResult, SweepRow } from '../formats/index.ts';
export * from './selectors.ts';
export * from './alignStep.ts';
export * from './usageSelectors.ts';
export { proportionalShares, stepTokens, type StepTokens } from './tokenShares.ts';
export { sessionPrices } from './sessionPrices.ts';
export { answersAtRisk, leaveWarning } from './leaveWarning.ts';
export { agentSettingsOf } from './agentSettings.ts';
export type { CounterfactualRun } from './types.ts';
export { DEFAULT_SAMPLES, MAX_SAMPLES, type Counterfactual, type CounterfactualAnswer } from '../inspect/index.ts';
export {
  condensationCacheCosts,
  defaultProfile,
  pricesFor,
  runCost,
  stepCost,
  type ResolvedPrices,
  type RunCost,
  type StepCost,
} from '../inspect/index.ts';
export { lineDiff } from './lineDiff.ts';
export type { DiffLine } from './lineDiff.ts';
export { APP_VERSION, DEFAULT_DEADLINE_MS, DEFAULT_MAX_ANSWER_BYTES } from './defaults.ts';
export type { LlmSettings, SessionRecord } from '../storage/index.ts';
export type {
  AgentTranscript,
  CondensationSummary,
  EventId,
  EventLanes,
  EventLife,
  EventRow,
  LifeLane,
  LlmUse,
  PromptText,
  ReplaySummary,
  RecordedTotals,
  StepSummary,
  StepUsage,
  TranscriptMessage,
  UsageReport,
  ViewItem,
} from '../worker/index.ts';
