import { z } from 'zod';
import { defineCondenser, keepFirstBelowHalf } from '../condenser.ts';
import {
  DEFAULT_STRUCTURED_TEMPLATE,
  STATE_SUMMARY_TOOL,
  parseStateSummary,
  renderStateSummary,
} from '../prompts/structured.ts';
import { KEEP_FIRST_DESCRIPTION, MAX_SIZE_DESCRIPTION, intSetting } from './fields.ts';
import { rollingSummarizer } from './summaryWindow.ts';

export const structuredSummaryCondenser = defineCondenser({
  type: 'structured',
  label: 'Structured summary',
  description: 'Like the LLM summarizer, but the model fills a fixed form of 18 fields through a tool call.',
  schema: z.strictObject({
    type: z.literal('structured'),
    // OpenHands resolves a named llm_config only for `llm` and `llm_attention`; here a name fails validation.
    llm_config: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('An inline LLM table; OpenHands rejects a section name here.'),
    keep_first: intSetting(1, 0, KEEP_FIRST_DESCRIPTION),
    max_size: intSetting(100, 2, MAX_SIZE_DESCRIPTION),
    max_event_length: intSetting(10_000, null, 'Each event is cut to this many characters in the summarizer prompt.'),
  }),
  usesLlm: true,
  check: keepFirstBelowHalf,
  create: (config, environment) =>
    rollingSummarizer(config, environment.prompts?.structured ?? DEFAULT_STRUCTURED_TEMPLATE, {
      condenser: 'structured',
      tool: STATE_SUMMARY_TOOL,
      summaryOf: (answer) => {
        const call = answer.toolCalls?.find((toolCall) => toolCall.name === STATE_SUMMARY_TOOL.function.name);
        return renderStateSummary(parseStateSummary(call?.arguments));
      },
    }),
});
