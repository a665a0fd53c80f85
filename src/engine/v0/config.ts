import { ConfigError, hasOwnKey } from '../core/index.ts';
import { z } from 'zod';
import type {
  Condenser,
  CondenserConfig,
  CondenserDefinition,
  CondenserEnvironment,
  PromptOverrides,
} from './condenser.ts';
import { CONDENSER_TYPES, condenserDefinition } from './condensers/index.ts';
import { pyStr } from './prompts/pythonRepr.ts';
import { pydanticLaxInt } from './pydanticInt.ts';

/** A validated configuration and what the reading assumed on the way (shown to the user, never silent). */
export interface ReadConfig {
  readonly config: CondenserConfig;
  readonly notes: readonly string[];
}

/** The order of OpenHands' `CondenserConfig` union: pydantic tries its members in this order. */
const UNION_ORDER = [
  'noop',
  'observation_masking',
  'browser_output_masking',
  'recent',
  'llm',
  'amortized',
  'llm_attention',
  'structured',
  'pipeline',
  'conversation_window',
];

function join(prefix: string, key: string | number): string {
  return prefix ? `${prefix}.${key}` : String(key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

/** The schema of one key, without its default wrapper. */
function fieldSchema(schema: z.ZodType, key: string): z.ZodType | undefined {
  const field = shapeOf(schema)[key];
  return field instanceof z.ZodDefault || field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
}

/** Int settings as pydantic's lax mode reads them (`true`, `"24.0"`, `"1_0"`); the rest is left for the schema to refuse. */
function coerceLaxInts(schema: z.ZodType, record: Record<string, unknown>): Record<string, unknown> {
  const coerced: Record<string, unknown> = { ...record };
  for (const [key, value] of Object.entries(record)) {
    if (!(fieldSchema(schema, key) instanceof z.ZodNumber)) continue;
    const int = pydanticLaxInt(value);
    if (int !== null) coerced[key] = int;
  }
  return coerced;
}

/** Where the configuration sits: the `[condenser]` table itself, or a member of a pipeline's `condensers`. */
interface Place {
  readonly path: string;
  /** A pipeline member goes through pydantic's union, without the TOML loader's `llm_config` name lookup. */
  readonly member: boolean;
  /** How messages name the type, e.g. `"noop" (assumed: no "type" given)`. */
  readonly typeLabel: string;
}

type Validated =
  | { readonly ok: true; readonly config: CondenserConfig; readonly notes: readonly string[] }
  | { readonly ok: false; readonly error: ConfigError };

function issueError(issue: z.core.$ZodIssue, input: Record<string, unknown>, place: Place): ConfigError {
  if (issue.code === 'unrecognized_keys') {
    return new ConfigError(
      join(place.path, issue.keys.join(', ')),
      `unknown key${issue.keys.length > 1 ? 's' : ''} for condenser type ${place.typeLabel}`,
    );
  }
  const key = issue.path.map(String).join('.');
  const got = issue.path.length === 1 ? input[String(issue.path[0])] : undefined;
  const shown = got === undefined ? '' : ` (got ${JSON.stringify(got)})`;
  return new ConfigError(join(place.path, key), `${issue.message}${shown}`);
}

/**
 * What the config class's pydantic validation does with `record` (keys, types, bounds, the members of
 * a pipeline), without the condenser constructor's cross-key rules.
 */
function validate(definition: CondenserDefinition, record: Record<string, unknown>, place: Place): Validated {
  if (place.member && typeof record.llm_config === 'string' && 'llm_config' in shapeOf(definition.schema)) {
    return {
      ok: false,
      error: new ConfigError(
        join(place.path, 'llm_config'),
        'a pipeline member cannot name an [llm.<name>] section: OpenHands resolves names only for the [condenser] table itself, so pydantic refuses the string',
      ),
    };
  }
  const result = definition.schema.safeParse(coerceLaxInts(definition.schema, { ...record, type: definition.type }));
  if (!result.success) return { ok: false, error: issueError(result.error.issues[0]!, record, place) };
  const config = result.data as CondenserConfig;
  if (!definition.childrenKey) return { ok: true, config, notes: [] };
  const notes: string[] = [];
  const members: CondenserConfig[] = [];
  const children = config[definition.childrenKey] as unknown[];
  for (const [i, child] of children.entries()) {
    const read = readMember(child, join(join(place.path, definition.childrenKey), i));
    if (!read.ok) return read;
    members.push(read.config);
    notes.push(...read.notes);
  }
  return { ok: true, config: { ...config, [definition.childrenKey]: members }, notes };
}

/** The condenser constructor's own rules (OpenHands raises ValueError when it builds the condenser). */
function checked(definition: CondenserDefinition, validated: Validated, path: string): Validated {
  if (!validated.ok) return validated;
  const broken = definition.check?.(validated.config);
  return broken ? { ok: false, error: new ConfigError(join(path, broken[0]), broken[1]) } : validated;
}

function unknownType(type: unknown, path: string): ConfigError {
  const shown =
    typeof type === 'string' || typeof type === 'number' || typeof type === 'boolean' || type === null
      ? pyStr(type)
      : Array.isArray(type)
        ? 'a list'
        : typeof type;
  return new ConfigError(join(path, 'type'), `Unknown condenser type: ${shown} (known: ${CONDENSER_TYPES.join(', ')})`);
}

/** The number of the record's keys a config class takes as fields (pydantic's `fields_set` count). */
function fieldsSet(definition: CondenserDefinition, record: Record<string, unknown>): number {
  const fields = shapeOf(definition.schema);
  return Object.keys(record).filter((key) => hasOwnKey(fields, key)).length;
}

/**
 * A pipeline member: pydantic validates it against the `CondenserConfig` union. With a `type`, only that
 * class can match. Without one, pydantic's smart mode keeps the member that accepts it with the most
 * fields set, the earliest in the union on a tie: `{}` is noop, `{"max_size": 10}` amortized,
 * `{"attention_window": 2}` observation_masking. The LLM classes need their `llm_config`.
 */
function readMember(input: unknown, path: string): Validated {
  if (!isRecord(input))
    return {
      ok: false,
      error: new ConfigError(path, 'a pipeline member must be a condenser configuration (an object)'),
    };
  if ('type' in input) return readTyped(input, { path, member: true, typeLabel: JSON.stringify(input.type) });
  let best: { definition: CondenserDefinition; validated: Validated & { ok: true }; fields: number } | null = null;
  for (const type of UNION_ORDER) {
    const definition = condenserDefinition(type)!;
    if (definition.usesLlm && !('llm_config' in input)) continue;
    const validated = validate(definition, input, { path, member: true, typeLabel: JSON.stringify(type) });
    if (!validated.ok) continue;
    const fields = fieldsSet(definition, input);
    if (!best || fields > best.fields) best = { definition, validated, fields };
  }
  if (!best) {
    const keys = Object.keys(input);
    return {
      ok: false,
      error: new ConfigError(
        path,
        `no "type" given, and none of OpenHands' condenser config classes accepts ${keys.length ? `the keys ${keys.join(', ')}` : 'it'}`,
      ),
    };
  }
  const note = `${path} has no "type": pydantic's union reads it as ${best.definition.type}, the first of OpenHands' condenser config classes that takes the most of its keys`;
  const result = checked(best.definition, best.validated, path);
  return result.ok ? { ...result, notes: [note, ...result.notes] } : result;
}

function readTyped(record: Record<string, unknown>, place: Place): Validated {
  const type = record.type;
  const definition = typeof type === 'string' ? condenserDefinition(type) : undefined;
  if (!definition) return { ok: false, error: unknownType(type, place.path) };
  return checked(definition, validate(definition, record, place), place.path);
}

/**
 * Reads a `[condenser]` configuration (as JSON) as OpenHands' loader does (`create_condenser_config`
 * with `data.get('type', 'noop')`), fills in its defaults, and says what it assumed. Throws
 * ConfigError naming the key and the rule.
 */
export function readCondenserConfig(input: unknown): ReadConfig {
  if (!isRecord(input)) throw new ConfigError('', 'a condenser configuration must be an object with a "type" key');
  const assumed = !('type' in input);
  const place: Place = {
    path: '',
    member: false,
    typeLabel: assumed ? '"noop" (assumed: no "type" given)' : JSON.stringify(input.type),
  };
  // A JSON null is Python's None: `data.get('type', 'noop')` returns it, and it is no known type.
  const result = readTyped(assumed ? { ...input, type: 'noop' } : input, place);
  if (!result.ok) throw result.error;
  const notes = assumed
    ? ['no "type" given: OpenHands reads the configuration as noop (its loader\'s default)', ...result.notes]
    : result.notes;
  return { config: result.config, notes };
}

/** `readCondenserConfig` without the notes. */
export function parseCondenserConfig(input: unknown): CondenserConfig {
  return readCondenserConfig(input).config;
}

/** Builds the condenser for a configuration that `parseCondenserConfig` accepted. */
export function buildCondenser(config: CondenserConfig, prompts?: PromptOverrides): Condenser {
  const definition = condenserDefinition(config.type);
  if (!definition) throw new ConfigError('type', `unknown condenser type ${JSON.stringify(config.type)}`);
  const environment: CondenserEnvironment = { build: (child) => buildCondenser(child, prompts), prompts };
  return definition.create(config, environment);
}
