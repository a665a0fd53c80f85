import { z } from 'zod';
import { defineCondenser, keepFirstBelowHalf } from '../condenser.ts';
import { DEFAULT_SUMMARY_TEMPLATE } from '../prompts/summarizing.ts';
import { KEEP_FIRST_DESCRIPTION, MAX_SIZE_DESCRIPTION, intSetting, llmConfigSetting } from './fields.ts';
import { rollingSummarizer } from './summaryWindow.ts';

export const llmSummarizingCondenser = defineCondenser({
  type: 'llm',
  label: 'LLM summarizing',
  description: 'When the view outgrows max_size, an LLM folds the middle events into a rolling summary.',
  schema: z.strictObject({
    type: z.literal('llm'),
    llm_config: llmConfigSetting,
    keep_first: intSetting(1, 0, KEEP_FIRST_DESCRIPTION),
    max_size: intSetting(100, 2, MAX_SIZE_DESCRIPTION),
    max_event_length: intSetting(10_000, null, 'Each event is cut to this many characters in the summarizer prompt.'),
  }),
  usesLlm: true,
  check: keepFirstBelowHalf,
  create: (config, environment) =>
    rollingSummarizer(config, environment.prompts?.llm ?? DEFAULT_SUMMARY_TEMPLATE, {
      condenser: 'llm',
      summaryOf: (answer) => answer.content,
    }),
});
