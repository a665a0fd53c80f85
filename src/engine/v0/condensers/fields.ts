import { z } from 'zod';

/** An integer setting with OpenHands' default and lower bound (pydantic `Field(default, ge=min)`). */
export function intSetting(defaultValue: number, min: number | null, description: string) {
  const base = z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' });
  const bounded = min === null ? base : base.min(min, { error: `must be at least ${min}` });
  return bounded.default(defaultValue).describe(description);
}

/**
 * `llm_config` as a `[condenser]` section may carry it: a name of an `[llm.<name>]` section or an
 * inline table. The replay never uses it (the model comes from the app's own settings); it is kept
 * so a configuration can be copied back out unchanged.
 */
export const llmConfigSetting = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .optional()
  .describe('The LLM section OpenHands uses for this condenser; the inspector uses its own endpoint settings instead.');

export const KEEP_FIRST_DESCRIPTION =
  'Events at the start of the view that are never forgotten (the system prompt and task).';
export const MAX_SIZE_DESCRIPTION = 'Condense when the view holds more events than this; condensing brings it to half.';
