import { z } from 'zod';
import { ConfigError } from '../core/index.ts';
import { NoOpCondenser, PipelineCondenser, type SdkCondenser } from './condenser.ts';
import { LegacySummarizingCondenser } from './legacySummarizing.ts';
import { LlmSummarizingCondenser } from './llmSummarizing.ts';
import type { AgentContextWindow } from './contextWindow.ts';
import { PINNED_SDK_RULES, type SdkRules, sdkRuleApplies } from './ruleDates.ts';

const int = () => z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' });
const fraction = () => z.number({ error: 'must be a number' }).gt(0, { error: 'must be greater than 0' }).lt(1, { error: 'must be less than 1' });
/** The summarizer's model settings: the replay answers from scripts or its own endpoint instead. */
const llmSetting = z.unknown().optional().describe('The summarizer LLM the SDK uses; the inspector ignores it.');

const KEEP_FIRST = 'Events at the start of the view that are never forgotten (the system prompt and task).';
const MAX_SIZE = 'Condense when the view holds more events than this.';

const summarizing1431 = z.strictObject({
  kind: z.literal('LLMSummarizingCondenser'),
  llm: llmSetting,
  max_size: int().gt(0, { error: 'must be greater than 0' }).default(240).describe(MAX_SIZE),
  max_tokens: int().nullable().default(null).describe('Condense when the view holds more tokens than this (the agent model’s context window also caps it).'),
  keep_first: int().min(0, { error: 'must be at least 0' }).default(2).describe(KEEP_FIRST),
  minimum_progress: fraction().default(0.1).describe('Refuse a condensation that forgets less than this share of the view.'),
  hard_context_reset_max_retries: int().gt(0, { error: 'must be greater than 0' }).default(5).describe('Attempts of a hard context reset.'),
  hard_context_reset_context_scaling: fraction().default(0.8).describe('Each hard-reset retry cuts event texts to this share of the previous limit.'),
});

const summarizing202509 = z.strictObject({
  kind: z.literal('LLMSummarizingCondenser'),
  llm: llmSetting,
  max_size: int().gt(0, { error: 'must be greater than 0' }).default(120).describe(MAX_SIZE),
  keep_first: int().min(0, { error: 'must be at least 0' }).default(4).describe(KEEP_FIRST),
});

const noop = z.strictObject({ kind: z.literal('NoOpCondenser') });
const pipeline = z.strictObject({
  kind: z.literal('PipelineCondenser'),
  condensers: z.array(z.unknown(), { error: 'must be a list of condensers' }).describe('The condensers, in order.'),
});

export type LlmSummarizingConfig = z.infer<typeof summarizing1431>;
export type LegacySummarizingConfig = z.infer<typeof summarizing202509>;

/** A validated SDK condenser configuration, defaults filled in (the `llm` key kept as given). */
export type SdkCondenserConfig =
  | { readonly kind: 'NoOpCondenser' }
  | { readonly kind: 'PipelineCondenser'; readonly condensers: readonly SdkCondenserConfig[] }
  | LlmSummarizingConfig
  | LegacySummarizingConfig;

export const SDK_CONDENSER_KINDS = ['LLMSummarizingCondenser', 'NoOpCondenser', 'PipelineCondenser'] as const;

function schemaFor(kind: string, rules: SdkRules): z.ZodType | null {
  switch (kind) {
    case 'LLMSummarizingCondenser':
      return rules === '1.43.1' ? summarizing1431 : summarizing202509;
    case 'NoOpCondenser':
      return noop;
    case 'PipelineCondenser':
      return pipeline;
    default:
      return null;
  }
}

function join(prefix: string, key: string | number): string {
  return prefix ? `${prefix}.${key}` : String(key);
}

/** The SDK's cross-field rule: room must be left for a tail after the head and the summary. */
function checkKeepFirst(config: { max_size: number; keep_first: number }, path: string): void {
  const room = Math.floor(config.max_size / 2) - config.keep_first - 1;
  if (room <= 0) {
    throw new ConfigError(
      join(path, 'keep_first'),
      `must be less than max_size // 2 to leave room for condensation (max_size // 2 - keep_first - 1 = ${room}, must be > 0); the SDK raises ValueError`,
    );
  }
}

/**
 * Validates an SDK condenser object (`agent.condenser` in base_state.json) by the given SDK version's
 * rules and fills in its defaults. Throws ConfigError naming the key and the rule.
 */
export function parseSdkCondenserConfig(input: unknown, rules: SdkRules = PINNED_SDK_RULES, path = ''): SdkCondenserConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ConfigError(path, 'an SDK condenser configuration must be an object with a "kind" key');
  }
  const kind = (input as Record<string, unknown>).kind;
  const schema = typeof kind === 'string' ? schemaFor(kind, rules) : null;
  if (!schema) {
    throw new ConfigError(join(path, 'kind'), `unknown SDK condenser kind ${typeof kind === 'string' ? JSON.stringify(kind) : Array.isArray(kind) ? 'a list' : String(typeof kind)} (known: ${SDK_CONDENSER_KINDS.join(', ')})`);
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') {
      throw new ConfigError(join(path, issue.keys.join(', ')), `unknown key${issue.keys.length > 1 ? 's' : ''} for ${String(kind)} (SDK ${rules})`);
    }
    throw new ConfigError(join(path, issue.path.map(String).join('.')), issue.message);
  }
  const config = result.data as SdkCondenserConfig;
  if (config.kind === 'LLMSummarizingCondenser') checkKeepFirst(config, path);
  if (config.kind === 'PipelineCondenser') {
    const children = config.condensers.map((child, i) => parseSdkCondenserConfig(child, rules, join(join(path, 'condensers'), i)));
    return { ...config, condensers: children };
  }
  return config;
}

/** Builds the condenser for a configuration `parseSdkCondenserConfig` accepted under the same rules. */
export function buildSdkCondenser(config: SdkCondenserConfig, rules: SdkRules = PINNED_SDK_RULES): SdkCondenser {
  switch (config.kind) {
    case 'NoOpCondenser':
      return new NoOpCondenser();
    case 'PipelineCondenser':
      return new PipelineCondenser(config.condensers.map((child) => buildSdkCondenser(child, rules)));
    case 'LLMSummarizingCondenser':
      return rules === '1.43.1' ? new LlmSummarizingCondenser(config as LlmSummarizingConfig) : new LegacySummarizingCondenser(config);
  }
}

/** True when the configuration (or any pipeline member) asks an LLM. */
export function sdkConfigUsesLlm(config: SdkCondenserConfig): boolean {
  if (config.kind === 'PipelineCondenser') return config.condensers.some(sdkConfigUsesLlm);
  return config.kind === 'LLMSummarizingCondenser';
}

/** True when a summarizer of the configuration condenses on token pressure, given the model's window. */
export function sdkConfigWatchesTokens(config: SdkCondenserConfig, modelWindow: number | null): boolean {
  if (config.kind === 'PipelineCondenser') return config.condensers.some((child) => sdkConfigWatchesTokens(child, modelWindow));
  return config.kind === 'LLMSummarizingCondenser' && 'max_tokens' in config && (config.max_tokens !== null || modelWindow !== null);
}

/**
 * What the user should know about the agent model's context window for this replay: only when the
 * rules cap the token trigger by it (SDK #4461) and a summarizer of the configuration condenses on tokens.
 */
export function contextWindowNote(config: SdkCondenserConfig, rules: SdkRules, window: AgentContextWindow): string | null {
  if (!sdkRuleApplies(rules, 'contextWindowCap') || !sdkConfigUsesLlm(config)) return null;
  return window.note;
}

/** The schema of one SDK condenser kind under the given rules (drives the settings form). */
export function sdkCondenserSchema(kind: string, rules: SdkRules): z.ZodType | null {
  return schemaFor(kind, rules);
}
