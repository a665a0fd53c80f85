import { z } from 'zod';
import { LegacySummarizingCondenser } from '../legacySummarizing.ts';
import { LlmSummarizingCondenser } from '../llmSummarizing.ts';
import { defineSdkCondenser } from './definition.ts';

const int = () => z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' });
const fraction = () =>
  z
    .number({ error: 'must be a number' })
    .gt(0, { error: 'must be greater than 0' })
    .lt(1, { error: 'must be less than 1' });
/** The summarizer's model settings: the replay answers from scripts or its own endpoint instead. */
const llmSetting = z.unknown().optional().describe('The summarizer LLM the SDK uses; the inspector ignores it.');

const KEEP_FIRST = 'Events at the start of the view that are never forgotten (the system prompt and task).';
const MAX_SIZE = 'Condense when the view holds more events than this.';

/** openhands-sdk 1.43.1. */
export const summarizing1431 = z.strictObject({
  kind: z.literal('LLMSummarizingCondenser'),
  llm: llmSetting,
  max_size: int().gt(0, { error: 'must be greater than 0' }).default(240).describe(MAX_SIZE),
  max_tokens: int()
    .nullable()
    .default(null)
    .describe('Condense when the view holds more tokens than this (the agent model’s context window also caps it).'),
  keep_first: int().min(0, { error: 'must be at least 0' }).default(2).describe(KEEP_FIRST),
  minimum_progress: fraction()
    .default(0.1)
    .describe('Refuse a condensation that forgets less than this share of the view.'),
  hard_context_reset_max_retries: int()
    .gt(0, { error: 'must be greater than 0' })
    .default(5)
    .describe('Attempts of a hard context reset.'),
  hard_context_reset_context_scaling: fraction()
    .default(0.8)
    .describe('Each hard-reset retry cuts event texts to this share of the previous limit.'),
});

/** The agent-sdk of September 2025. */
export const summarizing202509 = z.strictObject({
  kind: z.literal('LLMSummarizingCondenser'),
  llm: llmSetting,
  max_size: int().gt(0, { error: 'must be greater than 0' }).default(120).describe(MAX_SIZE),
  keep_first: int().min(0, { error: 'must be at least 0' }).default(4).describe(KEEP_FIRST),
});

export const llmSummarizingCondenser = defineSdkCondenser({
  kind: 'LLMSummarizingCondenser',
  label: 'LLM summarizing',
  description: 'When the view outgrows max_size (or max_tokens), an LLM folds the older events into a summary.',
  schema: (rules) => (rules === '1.43.1' ? summarizing1431 : summarizing202509),
  usesLlm: true,
  check(config) {
    // The SDK's cross-field rule: room must be left for a tail after the head and the summary.
    const room = Math.floor(Number(config.max_size) / 2) - Number(config.keep_first) - 1;
    if (room > 0) return null;
    return [
      'keep_first',
      `must be less than max_size // 2 to leave room for condensation (max_size // 2 - keep_first - 1 = ${room}, must be > 0); the SDK raises ValueError`,
    ];
  },
  build: (config, rules) =>
    rules === '1.43.1'
      ? new LlmSummarizingCondenser(config as z.infer<typeof summarizing1431>)
      : new LegacySummarizingCondenser(config as z.infer<typeof summarizing202509>),
});
