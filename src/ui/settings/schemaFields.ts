import { z } from 'zod';
import { CONDENSERS, condenserDefinition } from '../../engine/index.ts';

export interface IntField {
  readonly key: string;
  readonly description: string;
  readonly defaultValue: number;
  readonly minimum: number | null;
}

export interface SettingsShape {
  readonly ints: readonly IntField[];
  /** Pipelines hold child configurations under this key. */
  readonly childrenKey: string | null;
  readonly usesLlm: boolean;
}

interface JsonSchemaProperty {
  type?: string;
  default?: unknown;
  minimum?: number;
  description?: string;
}

const shapes = new Map<string, SettingsShape>();

/** The form a condenser's settings take, read off its config schema (so a new condenser needs no form code). */
export function settingsShape(type: string): SettingsShape {
  const cached = shapes.get(type);
  if (cached) return cached;
  const definition = condenserDefinition(type);
  if (!definition) return { ints: [], childrenKey: null, usesLlm: false };
  const schema = z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchemaProperty> };
  const ints = Object.entries(schema.properties ?? {})
    .filter(([, property]) => property.type === 'integer')
    .map(([key, property]) => ({
      key,
      description: property.description ?? '',
      defaultValue: typeof property.default === 'number' ? property.default : 0,
      minimum: typeof property.minimum === 'number' && property.minimum > -Number.MAX_SAFE_INTEGER ? property.minimum : null,
    }));
  const shape = { ints, childrenKey: definition.childrenKey ?? null, usesLlm: definition.usesLlm };
  shapes.set(type, shape);
  return shape;
}

export const CONDENSER_CHOICES = CONDENSERS.map((definition) => ({ type: definition.type, label: definition.label, description: definition.description }));

/** A slider's upper end: generous for sizes, never below the current value. */
export function sliderMax(key: string, value: number): number {
  const base = key === 'keep_first' ? 40 : key === 'max_event_length' ? 40_000 : 400;
  return Math.max(base, value * 2);
}
