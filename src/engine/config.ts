import { z } from 'zod';
import type { Condenser, CondenserConfig, CondenserEnvironment, PromptOverrides } from './condenser.ts';
import { CONDENSER_TYPES, condenserDefinition } from './condensers/index.ts';

/** A configuration that OpenHands' config classes (or a condenser constructor) would reject. */
export class ConfigError extends Error {
  /** Dotted path of the offending key, e.g. `condensers.2.keep_first`. */
  readonly path: string;

  constructor(path: string, message: string) {
    super(path ? `${path}: ${message}` : message);
    this.name = 'ConfigError';
    this.path = path;
  }
}

function join(prefix: string, key: string | number): string {
  return prefix ? `${prefix}.${key}` : String(key);
}

function issueMessage(issue: z.core.$ZodIssue, input: Record<string, unknown>): [string, string] {
  const key = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return [issue.keys.join(', '), `unknown key${issue.keys.length > 1 ? 's' : ''} for condenser type "${String(input.type)}"`];
  }
  const got = issue.path.length === 1 ? input[String(issue.path[0])] : undefined;
  const shown = got === undefined ? '' : ` (got ${JSON.stringify(got)})`;
  return [key, `${issue.message}${shown}`];
}

/** The schema of one key, without its default wrapper. */
function fieldSchema(schema: z.ZodType, key: string): z.ZodType | undefined {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
  const field = shape?.[key];
  return field instanceof z.ZodDefault || field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
}

/**
 * pydantic's lax mode for int settings: `true`/`false` are 1/0 and digit strings are numbers
 * (OpenHands' own tests pass `keep_first=True`). Anything else is left for the schema to refuse.
 */
function coerceLaxInts(schema: z.ZodType, record: Record<string, unknown>): Record<string, unknown> {
  const coerced: Record<string, unknown> = { ...record };
  for (const [key, value] of Object.entries(record)) {
    if (!(fieldSchema(schema, key) instanceof z.ZodNumber)) continue;
    if (typeof value === 'boolean') coerced[key] = value ? 1 : 0;
    else if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) coerced[key] = Number(value);
  }
  return coerced;
}

/**
 * Validates a `[condenser]` configuration (as JSON) with OpenHands' rules and fills in its defaults.
 * Throws ConfigError naming the key and the rule.
 */
export function parseCondenserConfig(input: unknown, path = ''): CondenserConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ConfigError(path, 'a condenser configuration must be an object with a "type" key');
  }
  const record = input as Record<string, unknown>;
  const type = record.type ?? 'noop';
  const definition = typeof type === 'string' ? condenserDefinition(type) : undefined;
  if (!definition) {
    throw new ConfigError(join(path, 'type'), `unknown condenser type ${JSON.stringify(type)} (known: ${CONDENSER_TYPES.join(', ')})`);
  }
  const result = definition.schema.safeParse(coerceLaxInts(definition.schema, { ...record, type }));
  if (!result.success) {
    const [key, message] = issueMessage(result.error.issues[0]!, record);
    throw new ConfigError(join(path, key), message);
  }
  const config = result.data as CondenserConfig;
  const broken = definition.check?.(config);
  if (broken) throw new ConfigError(join(path, broken[0]), broken[1]);
  if (definition.childrenKey) {
    const children = config[definition.childrenKey] as unknown[];
    const parsed = children.map((child, i) => parseCondenserConfig(child, join(join(path, definition.childrenKey!), i)));
    return { ...config, [definition.childrenKey]: parsed };
  }
  return config;
}

/** Builds the condenser for a configuration that `parseCondenserConfig` accepted. */
export function buildCondenser(config: CondenserConfig, prompts?: PromptOverrides): Condenser {
  const definition = condenserDefinition(config.type);
  if (!definition) throw new ConfigError('type', `unknown condenser type ${JSON.stringify(config.type)}`);
  const environment: CondenserEnvironment = { build: (child) => buildCondenser(child, prompts), prompts };
  return definition.create(config, environment);
}
