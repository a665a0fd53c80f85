// The V0 condenser registry: one file per condenser, one line here each.
// Their zod schemas give defaults, validation and the settings form.
import type { CondenserDefinition } from '../condenser.ts';
import { amortizedCondenser } from './amortized.ts';
import { browserOutputMaskingCondenser } from './browserOutputMasking.ts';
import { conversationWindowCondenser } from './conversationWindow.ts';
import { llmAttentionCondenser } from './llmAttention.ts';
import { llmSummarizingCondenser } from './llmSummarizing.ts';
import { noopCondenser } from './noop.ts';
import { observationMaskingCondenser } from './observationMasking.ts';
import { pipelineCondenser } from './pipeline.ts';
import { recentCondenser } from './recent.ts';
import { structuredSummaryCondenser } from './structuredSummary.ts';

/** Every condenser the engine knows. Adding one: its file plus one line here. */
export const CONDENSERS: readonly CondenserDefinition[] = [
  noopCondenser,
  observationMaskingCondenser,
  browserOutputMaskingCondenser,
  recentCondenser,
  amortizedCondenser,
  conversationWindowCondenser,
  llmSummarizingCondenser,
  structuredSummaryCondenser,
  llmAttentionCondenser,
  pipelineCondenser,
] as CondenserDefinition[];

export const CONDENSER_TYPES: readonly string[] = CONDENSERS.map((definition) => definition.type);

export function condenserDefinition(type: string): CondenserDefinition | undefined {
  return CONDENSERS.find((definition) => definition.type === type);
}
