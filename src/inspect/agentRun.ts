import type { ChatTool, LearnedUsage } from '../engine/index.ts';
import { type TokenEstimator } from '../engine/v0/index.ts';
import type { AgentTranscript, StepUsage } from './types.ts';

/**
 * The agent's LLM calls of one finished replay, whatever the log's flavor: each step's messages on
 * demand, and every step's usage in order (a generator, so the host can pause between steps).
 */
export interface AgentRun {
  readonly tools: readonly ChatTool[] | null;
  transcript(step: number): AgentTranscript;
  usage(): Generator<StepUsage, void>;
  readonly calibration: 'earlier-steps' | 'whole-log';
  /** What the estimates learned, once `usage()` has run to the end. */
  learned(): LearnedUsage;
}

/** What building an AgentRun needs from the host. */
export interface AgentRunContext {
  readonly tokens: TokenEstimator;
  /** What the log's own recorded run teaches (computed once per log and settings; re-simulated runs use it). */
  readonly learnedFromLog: () => LearnedUsage;
}
