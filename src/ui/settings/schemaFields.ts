import { z } from 'zod';
import { sdk } from '../../engine/index.ts';
import { CONDENSERS, condenserDefinition } from '../../engine/v0/index.ts';

/** One numeric setting of a condenser, read off its config schema. */
export interface NumberField {
  readonly key: string;
  readonly description: string;
  /** null for settings whose default is "none" (the SDK's max_tokens). */
  readonly defaultValue: number | null;
  readonly minimum: number | null;
  readonly maximum: number | null;
  readonly integer: boolean;
}
export interface SettingsShape {
  readonly fields: readonly NumberField[];
  /** Pipelines hold child configurations under this key. */
  readonly childrenKey: string | null;
}

export interface CondenserChoice {
  readonly value: string;
  readonly label: string;
  readonly description: string;
}

/**
 * A kind of condenser configuration: OpenHands' `[condenser]` tables (chosen by `type`) or the Agent
 * SDK's condenser objects (chosen by `kind`). The form is drawn from the family's schemas, so a new
 * condenser needs no form code.
 */
export interface ConfigFamily {
  readonly key: 'type' | 'kind';
  readonly choices: readonly CondenserChoice[];
  shape(value: string): SettingsShape;
}

interface JsonSchemaProperty {
  type?: string;
  anyOf?: JsonSchemaProperty[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  description?: string;
}

const BOUND = Number.MAX_SAFE_INTEGER;

function fieldOf(key: string, property: JsonSchemaProperty): NumberField | null {
  const numeric = [property, ...(property.anyOf ?? [])].find((p) => p.type === 'integer' || p.type === 'number');
  if (!numeric) return null;
  const minimum = numeric.minimum ?? numeric.exclusiveMinimum;
  const maximum = numeric.maximum ?? numeric.exclusiveMaximum;
  return {
    key,
    description: property.description ?? numeric.description ?? '',
    defaultValue: typeof property.default === 'number' ? property.default : null,
    minimum: typeof minimum === 'number' && minimum > -BOUND ? minimum : null,
    maximum: typeof maximum === 'number' && maximum < BOUND ? maximum : null,
    integer: numeric.type === 'integer',
  };
}

function shapeOfSchema(schema: z.ZodType, childrenKey: string | null): SettingsShape {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchemaProperty>;
  };
  const fields = Object.entries(json.properties ?? {}).flatMap(([key, property]) => {
    const field = key === childrenKey ? null : fieldOf(key, property);
    return field ? [field] : [];
  });
  return { fields, childrenKey };
}

function memo(shapeOf: (value: string) => SettingsShape): (value: string) => SettingsShape {
  const cache = new Map<string, SettingsShape>();
  return (value) => {
    let shape = cache.get(value);
    if (!shape) cache.set(value, (shape = shapeOf(value)));
    return shape;
  };
}

export const V0_FAMILY: ConfigFamily = {
  key: 'type',
  choices: CONDENSERS.map((definition) => ({
    value: definition.type,
    label: definition.label,
    description: definition.description,
  })),
  shape: memo((type) => {
    const definition = condenserDefinition(type);
    return definition
      ? shapeOfSchema(definition.schema, definition.childrenKey ?? null)
      : { fields: [], childrenKey: null };
  }),
};

const SDK_CHOICES: readonly CondenserChoice[] = sdk.SDK_CONDENSERS.map((definition) => ({
  value: definition.kind,
  label: definition.label,
  description: definition.description,
}));

const sdkFamilies = new Map<sdk.SdkRules, ConfigFamily>();

/** The Agent SDK's condensers under one SDK version's rules (defaults differ between versions). */
export function sdkFamily(rules: sdk.SdkRules): ConfigFamily {
  let family = sdkFamilies.get(rules);
  if (!family) {
    family = {
      key: 'kind',
      choices: SDK_CHOICES,
      shape: memo((kind) => {
        const definition = sdk.sdkCondenserDefinition(kind);
        return definition
          ? shapeOfSchema(definition.schema(rules), definition.childrenKey ?? null)
          : { fields: [], childrenKey: null };
      }),
    };
    sdkFamilies.set(rules, family);
  }
  return family;
}

/** A slider's upper end: generous for sizes, never below the current value. */
export function sliderMax(key: string, value: number): number {
  const base = key === 'keep_first' ? 40 : key === 'max_event_length' ? 40_000 : 400;
  return Math.max(base, value * 2);
}
