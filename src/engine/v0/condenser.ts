import type { z } from 'zod';
import type { CondensationArgs } from './events.ts';
import type { LlmWork } from '../core/index.ts';
import type { View } from './view.ts';

/** A condenser's alternative to a View: a condensation action for the replay to append to the history. */
export interface Condensation {
  readonly kind: 'condensation';
  readonly args: CondensationArgs;
}

export type CondenseResult = View | Condensation;

export function isCondensation(result: CondenseResult): result is Condensation {
  return 'kind' in result && result.kind === 'condensation';
}

export function condensation(args: Partial<CondensationArgs>): Condensation {
  return {
    kind: 'condensation',
    args: {
      forgottenEventIds: args.forgottenEventIds ?? null,
      forgottenEventsStartId: args.forgottenEventsStartId ?? null,
      forgottenEventsEndId: args.forgottenEventsEndId ?? null,
      summary: args.summary ?? null,
      summaryOffset: args.summaryOffset ?? null,
    },
  };
}

export interface Condenser {
  condense(view: View): LlmWork<CondenseResult>;
  /**
   * The view `condense` would hand on, when it can tell without condensing or asking an LLM (a
   * transform, or a rolling condenser below its trigger); null when `condense` must run. Most steps
   * condense nothing, and this spares them the generator machinery.
   */
  passThrough(view: View): View | null;
}

/** Per-session prompt templates that replace the built-in ones (`{previous_summary}`, `{events}`). */
export interface PromptOverrides {
  readonly llm?: string;
  readonly structured?: string;
}

/** What `create` gets besides its own config. */
export interface CondenserEnvironment {
  /** Builds a child condenser from an already validated config (pipelines need it). */
  readonly build: (config: CondenserConfig) => Condenser;
  readonly prompts?: PromptOverrides;
}

/** A validated configuration: the `[condenser]` keys with defaults filled in. */
export interface CondenserConfig {
  readonly type: string;
  readonly [key: string]: unknown;
}

export interface CondenserDefinition<Schema extends z.ZodType = z.ZodType> {
  /** OpenHands' own `type` value, as in `config.toml`. Persisted: never rename. */
  readonly type: string;
  readonly label: string;
  readonly description: string;
  /** Keys, defaults and per-key rules, as OpenHands' config class has them. Drives the settings form. */
  readonly schema: Schema;
  /** True when the condenser asks an LLM. */
  readonly usesLlm: boolean;
  /** Cross-key rules the condenser's constructor enforces; returns [key, message] when violated. */
  readonly check?: (config: z.infer<Schema>) => readonly [string, string] | null;
  /** For pipelines: the key holding child configurations, validated recursively. */
  readonly childrenKey?: string;
  create(config: z.infer<Schema>, environment: CondenserEnvironment): Condenser;
}

export function defineCondenser<Schema extends z.ZodType>(
  definition: CondenserDefinition<Schema>,
): CondenserDefinition<Schema> {
  return definition;
}

/**
 * RollingCondenser.condense: condense when `shouldCondense`, otherwise hand back the very same view
 * (its request flag preserved).
 */
export function rolling(
  shouldCondense: (view: View) => boolean,
  getCondensation: (view: View) => LlmWork<Condensation>,
): Condenser {
  return {
    *condense(view) {
      if (!shouldCondense(view)) return view;
      return yield* getCondensation(view);
    },
    passThrough: (view) => (shouldCondense(view) ? null : view),
  };
}

/** A condenser that never asks an LLM and never condenses: a pure view transform. */
export function transform(apply: (view: View) => View): Condenser {
  return {
    // eslint-disable-next-line require-yield -- the generator shape is the shared condenser contract
    *condense(view) {
      return apply(view);
    },
    passThrough: apply,
  };
}

/** The keep_first/max_size rule of the rolling condensers' constructors. */
export function keepFirstBelowHalf(config: { keep_first: number; max_size: number }): readonly [string, string] | null {
  const half = Math.floor(config.max_size / 2);
  if (config.keep_first >= half) {
    return [
      'keep_first',
      `must be less than half of max_size (keep_first ${config.keep_first} >= max_size // 2 = ${half}); OpenHands raises ValueError when it builds this condenser`,
    ];
  }
  return null;
}
