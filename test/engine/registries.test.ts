import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sdk } from '../../src/engine/index.ts';
import { CONDENSERS, parseCondenserConfig } from '../../src/engine/v0/index.ts';
import { V0_FAMILY, sdkFamily } from '../../src/ui/settings/schemaFields.ts';
import { loadCases } from '../helpers/conformance.ts';

const testsIn = (dir: string) =>
  readdirSync(join(import.meta.dirname, dir))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => readFileSync(join(import.meta.dirname, dir, name), 'utf8'))
    .join('\n');

function typesIn(config: unknown, key: string, into = new Set<string>()): Set<string> {
  if (Array.isArray(config)) config.forEach((item) => typesIn(item, key, into));
  else if (config && typeof config === 'object') {
    const record = config as Record<string, unknown>;
    if (typeof record[key] === 'string') into.add(record[key]);
    Object.values(record).forEach((value) => typesIn(value, key, into));
  }
  return into;
}

// Adding a condenser is its file plus one registry line; these say what else it must come with.
describe('the V0 condenser registry', () => {
  const tests = testsIn('v0/condensers');
  const inCorpus = typesIn(
    loadCases().map((c) => c.config),
    'type',
  );
  it.each(CONDENSERS.map((definition) => [definition.type, definition] as const))(
    '%s: defaults, a settings form, its tests and a conformance case',
    (type, definition) => {
      const config = parseCondenserConfig(definition.childrenKey ? { type, [definition.childrenKey]: [] } : { type });
      expect(config.type).toBe(type);
      const form = V0_FAMILY.shape(type);
      expect(form.fields.map((field) => field.key).sort()).toEqual(
        Object.keys(config)
          .filter((key) => key !== 'type' && key !== 'llm_config' && key !== definition.childrenKey)
          .sort(),
      );
      expect(tests).toMatch(new RegExp(`type: '${type}'`));
      expect(inCorpus).toContain(type);
    },
  );
});

describe('the SDK condenser registry', () => {
  const tests = testsIn('sdk');
  it.each(sdk.SDK_CONDENSERS.map((definition) => [definition.kind, definition] as const))(
    '%s: defaults under every rule set, a settings form and its tests',
    (kind, definition) => {
      for (const rules of sdk.SDK_RULES) {
        const config = sdk.parseSdkCondenserConfig(
          definition.childrenKey ? { kind, [definition.childrenKey]: [] } : { kind },
          rules,
        );
        expect(config.kind).toBe(kind);
        const form = sdkFamily(rules).shape(kind);
        expect(form.fields.map((field) => field.key).sort()).toEqual(
          Object.keys(config)
            .filter((key) => key !== 'kind' && key !== 'llm' && key !== definition.childrenKey)
            .sort(),
        );
      }
      expect(tests).toContain(`kind: '${kind}'`);
    },
  );
});
