import type { z } from 'zod';
import type { SdkCondenser } from '../condenser.ts';
import type { SdkRules } from '../ruleDates.ts';

/** A validated SDK condenser configuration: its `kind` and keys with defaults filled in. */
export interface SdkConfigOf {
  readonly kind: string;
  readonly [key: string]: unknown;
}

/** One SDK condenser kind: its keys per SDK version (driving the settings form), its rules, and how it is built. */
export interface SdkCondenserDefinition {
  /** The SDK's class name, as `kind` in base_state.json. Persisted: never rename. */
  readonly kind: string;
  readonly label: string;
  readonly description: string;
  /** The keys and defaults of this kind under the given SDK version's rules. */
  schema(rules: SdkRules): z.ZodType;
  readonly usesLlm: boolean;
  /** For pipelines: the key holding child configurations, validated recursively. */
  readonly childrenKey?: string;
  /** Cross-key rules the SDK's constructor enforces: [key, message] when violated. */
  check?(config: SdkConfigOf): readonly [string, string] | null;
  build(config: SdkConfigOf, rules: SdkRules, buildChild: (child: SdkConfigOf) => SdkCondenser): SdkCondenser;
}

export const defineSdkCondenser = (definition: SdkCondenserDefinition) => definition;
