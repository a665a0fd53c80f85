import { type z } from 'zod';
import { ConfigError } from '../core/index.ts';
import type { SdkCondenser } from './condenser.ts';
import {
  SDK_CONDENSER_KINDS,
  type SdkConfigOf,
  sdkCondenserDefinition,
  type summarizing1431,
  type summarizing202509,
} from './condensers/index.ts';
import type { AgentContextWindow } from './contextWindow.ts';
import { PINNED_SDK_RULES, type SdkRules, sdkRuleApplies } from './ruleDates.ts';

export type LlmSummarizingConfig = z.infer<typeof summarizing1431>;
export type LegacySummarizingConfig = z.infer<typeof summarizing202509>;

/** A validated SDK condenser configuration, defaults filled in (the `llm` key kept as given). */
export type SdkCondenserConfig =
  | { readonly kind: 'NoOpCondenser' }
  | { readonly kind: 'PipelineCondenser'; readonly condensers: readonly SdkCondenserConfig[] }
  | LlmSummarizingConfig
  | LegacySummarizingConfig;

function join(prefix: string, key: string | number): string {
  return prefix ? `${prefix}.${key}` : String(key);
}

/**
 * Validates an SDK condenser object (`agent.condenser` in base_state.json) by the given SDK version's
 * rules and fills in its defaults. Throws ConfigError naming the key and the rule.
 */
export function parseSdkCondenserConfig(
  input: unknown,
  rules: SdkRules = PINNED_SDK_RULES,
  path = '',
): SdkCondenserConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ConfigError(path, 'an SDK condenser configuration must be an object with a "kind" key');
  }
  const kind = (input as Record<string, unknown>).kind;
  const definition = typeof kind === 'string' ? sdkCondenserDefinition(kind) : undefined;
  if (!definition) {
    throw new ConfigError(
      join(path, 'kind'),
      `unknown SDK condenser kind ${typeof kind === 'string' ? JSON.stringify(kind) : Array.isArray(kind) ? 'a list' : String(typeof kind)} (known: ${SDK_CONDENSER_KINDS.join(', ')})`,
    );
  }
  const result = definition.schema(rules).safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') {
      throw new ConfigError(
        join(path, issue.keys.join(', ')),
        `unknown key${issue.keys.length > 1 ? 's' : ''} for ${String(kind)} (SDK ${rules})`,
      );
    }
    throw new ConfigError(join(path, issue.path.map(String).join('.')), issue.message);
  }
  const config = result.data as SdkConfigOf;
  const broken = definition.check?.(config);
  if (broken) throw new ConfigError(join(path, broken[0]), broken[1]);
  const childrenKey = definition.childrenKey;
  if (childrenKey) {
    const children = (config[childrenKey] as unknown[]).map((child, i) =>
      parseSdkCondenserConfig(child, rules, join(join(path, childrenKey), i)),
    );
    return { ...config, [childrenKey]: children } as SdkCondenserConfig;
  }
  return config as SdkCondenserConfig;
}

/** Builds the condenser for a configuration `parseSdkCondenserConfig` accepted under the same rules. */
export function buildSdkCondenser(config: SdkCondenserConfig, rules: SdkRules = PINNED_SDK_RULES): SdkCondenser {
  const definition = sdkCondenserDefinition(config.kind);
  if (!definition) throw new ConfigError('kind', `unknown SDK condenser kind ${JSON.stringify(config.kind)}`);
  return definition.build(config as SdkConfigOf, rules, (child) =>
    buildSdkCondenser(child as SdkCondenserConfig, rules),
  );
}

/** True when the configuration (or any pipeline member) asks an LLM. */
export function sdkConfigUsesLlm(config: SdkCondenserConfig): boolean {
  if (config.kind === 'PipelineCondenser') return config.condensers.some(sdkConfigUsesLlm);
  return sdkCondenserDefinition(config.kind)?.usesLlm ?? false;
}

/** True when a summarizer of the configuration condenses on token pressure, given the model's window. */
export function sdkConfigWatchesTokens(config: SdkCondenserConfig, modelWindow: number | null): boolean {
  if (config.kind === 'PipelineCondenser')
    return config.condensers.some((child) => sdkConfigWatchesTokens(child, modelWindow));
  return (
    config.kind === 'LLMSummarizingCondenser' &&
    'max_tokens' in config &&
    (config.max_tokens !== null || modelWindow !== null)
  );
}

/**
 * What the user should know about the agent model's context window for this replay: only when the
 * rules cap the token trigger by it (SDK #4461) and a summarizer of the configuration condenses on tokens.
 */
export function contextWindowNote(
  config: SdkCondenserConfig,
  rules: SdkRules,
  window: AgentContextWindow,
): string | null {
  if (!sdkRuleApplies(rules, 'contextWindowCap') || !sdkConfigUsesLlm(config)) return null;
  return window.note;
}

/** The schema of one SDK condenser kind under the given rules (drives the settings form). */
export function sdkCondenserSchema(kind: string, rules: SdkRules): z.ZodType | null {
  return sdkCondenserDefinition(kind)?.schema(rules) ?? null;
}
