import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/engine/index.ts';
import {
  CONDENSER_TYPES,
  buildCondenser,
  parseCondenserConfig,
  readCondenserConfig,
  viewOf,
} from '../../../src/engine/v0/index.ts';
import { condense, ids, messages, viewResult } from './factory.ts';

function configError(input: unknown): ConfigError {
  try {
    parseCondenserConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(input)}`);
}

describe('parseCondenserConfig: defaults (§4)', () => {
  it.each([
    [{ type: 'noop' }, { type: 'noop' }],
    [{ type: 'observation_masking' }, { type: 'observation_masking', attention_window: 100 }],
    [{ type: 'browser_output_masking' }, { type: 'browser_output_masking', attention_window: 1 }],
    [{ type: 'recent' }, { type: 'recent', keep_first: 1, max_events: 100 }],
    [{ type: 'amortized' }, { type: 'amortized', max_size: 100, keep_first: 1 }],
    [{ type: 'conversation_window' }, { type: 'conversation_window' }],
    [{ type: 'llm' }, { type: 'llm', keep_first: 1, max_size: 100, max_event_length: 10_000 }],
    [{ type: 'structured' }, { type: 'structured', keep_first: 1, max_size: 100, max_event_length: 10_000 }],
    [{ type: 'llm_attention' }, { type: 'llm_attention', max_size: 100, keep_first: 1 }],
    [{ type: 'pipeline' }, { type: 'pipeline', condensers: [] }],
  ])('%j → %j', (input, expected) => {
    expect(parseCondenserConfig(input)).toMatchObject(expected);
  });

  it('a configuration without type is noop', () => {
    expect(parseCondenserConfig({})).toMatchObject({ type: 'noop' });
  });

  it('knows exactly the ten OpenHands types', () => {
    expect([...CONDENSER_TYPES].sort()).toEqual([
      'amortized',
      'browser_output_masking',
      'conversation_window',
      'llm',
      'llm_attention',
      'noop',
      'observation_masking',
      'pipeline',
      'recent',
      'structured',
    ]);
  });

  it('fills defaults of pipeline children', () => {
    const config = parseCondenserConfig({
      type: 'pipeline',
      condensers: [{ type: 'recent' }, { type: 'amortized', max_size: 10 }],
    });
    expect(config.condensers).toEqual([
      { type: 'recent', keep_first: 1, max_events: 100 },
      { type: 'amortized', max_size: 10, keep_first: 1 },
    ]);
  });

  it('every default configuration builds a condenser', () => {
    for (const type of CONDENSER_TYPES) expect(() => buildCondenser(parseCondenserConfig({ type }))).not.toThrow();
  });
});

describe('parseCondenserConfig: unknown keys and types (§4.0)', () => {
  const STRICT = [
    'noop',
    'observation_masking',
    'recent',
    'amortized',
    'conversation_window',
    'llm',
    'structured',
    'llm_attention',
    'pipeline',
  ];

  it.each(STRICT)('%s rejects an unknown key', (type) => {
    const error = configError({ type, bogus_key: 1 });
    expect(error.message).toContain('bogus_key');
  });

  it('browser_output_masking allows extra keys', () => {
    expect(parseCondenserConfig({ type: 'browser_output_masking', attention_window: 2, bogus_key: 1 })).toMatchObject({
      type: 'browser_output_masking',
      attention_window: 2,
    });
  });

  it('an unknown type is rejected on the type key', () => {
    const error = configError({ type: 'fancy' });
    expect(error.path).toBe('type');
    expect(error.message).toContain('fancy');
  });

  it('a non-string type is rejected', () => {
    expect(configError({ type: 5 }).path).toBe('type');
  });

  it('a non-object configuration is rejected', () => {
    expect(() => parseCondenserConfig('noop')).toThrow(ConfigError);
    expect(() => parseCondenserConfig(null)).toThrow(ConfigError);
    expect(() => parseCondenserConfig([])).toThrow(ConfigError);
  });
});

describe('parseCondenserConfig: bounds (§4.2–4.9)', () => {
  it.each([
    [{ type: 'observation_masking', attention_window: 0 }, 'attention_window'],
    [{ type: 'browser_output_masking', attention_window: 0 }, 'attention_window'],
    [{ type: 'recent', max_events: 0 }, 'max_events'],
    [{ type: 'recent', keep_first: -1 }, 'keep_first'],
    [{ type: 'amortized', max_size: 1, keep_first: 0 }, 'max_size'],
    [{ type: 'amortized', keep_first: -1 }, 'keep_first'],
    [{ type: 'llm', max_size: 0 }, 'max_size'],
    [{ type: 'llm', keep_first: -1 }, 'keep_first'],
    [{ type: 'structured', max_size: 0 }, 'max_size'],
    [{ type: 'llm_attention', keep_first: -1 }, 'keep_first'],
    [{ type: 'amortized', max_size: 10.5 }, 'max_size'],
  ])('%j is rejected on %s', (input, path) => {
    expect(configError(input).path).toBe(path);
  });

  it.each(['amortized', 'llm', 'structured', 'llm_attention'])(
    '%s: keep_first >= max_size // 2 is rejected, naming keep_first',
    (type) => {
      for (const [maxSize, keepFirst] of [
        [4, 2],
        [3, 1],
        [5, 2],
        [100, 50],
      ]) {
        const error = configError({ type, max_size: maxSize, keep_first: keepFirst });
        expect(error.path).toBe('keep_first');
        expect(error.message).toContain('keep_first');
      }
      expect(parseCondenserConfig({ type, max_size: 100, keep_first: 49 })).toMatchObject({ keep_first: 49 });
    },
  );

  it('recent with keep_first = true is coerced to 1 (pydantic lax int, OpenHands test_recent_events_condenser_from_config)', () => {
    const config = parseCondenserConfig({ type: 'recent', keep_first: true, max_events: 3 });
    const view = viewResult(condense(buildCondenser(config), viewOf(messages(5))).result);
    expect(ids(view)).toEqual([0, 3, 4]);
  });
});

describe('parseCondenserConfig: llm_config (§4.0)', () => {
  it('llm and llm_attention accept a section name', () => {
    expect(parseCondenserConfig({ type: 'llm', llm_config: 'condenser_llm' })).toMatchObject({
      llm_config: 'condenser_llm',
    });
    expect(parseCondenserConfig({ type: 'llm_attention', llm_config: 'condenser_llm' })).toMatchObject({
      llm_config: 'condenser_llm',
    });
  });

  it('structured rejects a section name but accepts an inline table', () => {
    expect(configError({ type: 'structured', llm_config: 'condenser_llm' }).path).toBe('llm_config');
    expect(parseCondenserConfig({ type: 'structured', llm_config: { model: 'gpt-4o' } })).toMatchObject({
      llm_config: { model: 'gpt-4o' },
    });
  });
});

describe('parseCondenserConfig: pipeline children (§4.10)', () => {
  it('validates each child with a dotted path: condensers.1.keep_first', () => {
    const error = configError({
      type: 'pipeline',
      condensers: [{ type: 'noop' }, { type: 'amortized', max_size: 4, keep_first: 2 }],
    });
    expect(error.path).toBe('condensers.1.keep_first');
    expect(error.message).toContain('condensers.1.keep_first');
  });

  it('a negative keep_first in the first child: condensers.0.keep_first', () => {
    expect(configError({ type: 'pipeline', condensers: [{ type: 'llm', keep_first: -1 }] }).path).toBe(
      'condensers.0.keep_first',
    );
  });

  it('an unknown child type: condensers.2.type', () => {
    expect(
      configError({ type: 'pipeline', condensers: [{ type: 'noop' }, { type: 'noop' }, { type: 'fancy' }] }).path,
    ).toBe('condensers.2.type');
  });

  it('nested pipelines extend the path', () => {
    const error = configError({
      type: 'pipeline',
      condensers: [{ type: 'pipeline', condensers: [{ type: 'recent', max_events: 0 }] }],
    });
    expect(error.path).toBe('condensers.0.condensers.0.max_events');
  });

  it('the server default pipeline is valid', () => {
    const config = parseCondenserConfig({
      type: 'pipeline',
      condensers: [
        { type: 'conversation_window' },
        { type: 'browser_output_masking', attention_window: 2 },
        { type: 'llm', keep_first: 4, max_size: 120 },
      ],
    });
    expect(config.condensers).toMatchObject([
      { type: 'conversation_window' },
      { type: 'browser_output_masking', attention_window: 2 },
      { type: 'llm', keep_first: 4, max_size: 120, max_event_length: 10_000 },
    ]);
  });
});

describe('readCondenserConfig: coercion as OpenHands’ pydantic config classes do it (issue 9, §4.0)', () => {
  it('{"type": null} is refused as OpenHands refuses it: "Unknown condenser type: None"', () => {
    const error = configError({ type: null });
    expect(error.path).toBe('type');
    expect(error.message).toContain('Unknown condenser type: None');
  });

  it('a pipeline member with "type": null matches no config class', () => {
    expect(configError({ type: 'pipeline', condensers: [{ type: 'noop' }, { type: null }] }).path).toBe(
      'condensers.1.type',
    );
  });

  it.each([
    ['"24.0"', '24.0', 24],
    ['"1_0"', '1_0', 10],
    ['" 7 "', ' 7 ', 7],
    ['"+30"', '+30', 30],
    ['"1_000.00"', '1_000.00', 1000],
    ['24.0 (a float)', 24.0, 24],
  ])('max_size %s is read as pydantic reads it: %d', (_label, written, expected) => {
    expect(readCondenserConfig({ type: 'amortized', max_size: written, keep_first: 0 }).config).toMatchObject({
      max_size: expected,
    });
  });

  it.each([
    ['"24.5"', '24.5'],
    ['"1e2"', '1e2'],
    ['"24."', '24.'],
    ['"_10"', '_10'],
    ['"1__0"', '1__0'],
    ['24.5', 24.5],
    ['null', null],
  ])('max_size %s is refused, as pydantic refuses it', (_label, written) => {
    expect(configError({ type: 'amortized', max_size: written }).path).toBe('max_size');
  });

  it('coerced values still meet the bounds: keep_first "12.0" with max_size "24" breaks keep_first < max_size // 2', () => {
    expect(configError({ type: 'llm', max_size: '24', keep_first: '12.0' }).path).toBe('keep_first');
  });

  it('a configuration without type reads as noop and says so in a note', () => {
    const read = readCondenserConfig({});
    expect(read.config).toEqual({ type: 'noop' });
    expect(read.notes).toEqual([expect.stringContaining('no "type" given: OpenHands reads the configuration as noop')]);
  });

  it('a configuration without type but with settings is refused as noop, naming the assumption', () => {
    const error = configError({ max_size: 10 });
    expect(error.path).toBe('max_size');
    expect(error.message).toContain('"noop" (assumed: no "type" given)');
  });

  it('a typed configuration has no notes', () => {
    expect(readCondenserConfig({ type: 'recent', keep_first: 2 }).notes).toEqual([]);
  });
});

describe('readCondenserConfig: pipeline members go through pydantic’s CondenserConfig union (smart mode)', () => {
  function members(condensers: unknown[]) {
    const read = readCondenserConfig({ type: 'pipeline', condensers });
    return { configs: read.config.condensers as Array<Record<string, unknown>>, notes: read.notes };
  }

  it.each([
    [{}, { type: 'noop' }],
    [{ max_size: 10 }, { type: 'amortized', max_size: 10, keep_first: 1 }],
    [{ keep_first: 2 }, { type: 'recent', keep_first: 2, max_events: 100 }],
    [{ max_events: 5 }, { type: 'recent', keep_first: 1, max_events: 5 }],
    [{ attention_window: 3 }, { type: 'observation_masking', attention_window: 3 }],
    [
      { attention_window: 3, extra: 1 },
      { type: 'browser_output_masking', attention_window: 3 },
    ],
    [{ foo: 1 }, { type: 'browser_output_masking', attention_window: 1 }],
    [
      { max_size: '10', keep_first: true },
      { type: 'amortized', max_size: 10, keep_first: 1 },
    ],
    [
      { keep_first: 2, max_size: 10, llm_config: { model: 'gpt-4o' } },
      { type: 'llm', keep_first: 2, max_size: 10 },
    ],
    [{ condensers: [] }, { type: 'pipeline', condensers: [] }],
  ])('a member %j without type is %j', (member, expected) => {
    const { configs, notes } = members([member]);
    expect(configs[0]).toMatchObject(expected);
    expect(notes).toEqual([
      expect.stringMatching(new RegExp(`^condensers\\.0 has no "type": pydantic's union reads it as ${expected.type}`)),
    ]);
  });

  it('a member no class accepts is refused on its path', () => {
    expect(configError({ type: 'pipeline', condensers: [{ type: 'noop' }, { attention_window: 0 }] }).path).toBe(
      'condensers.1',
    );
  });

  it('a member whose settings fail every strict class is browser_output_masking, which ignores unknown keys', () => {
    expect(members([{ max_size: 0 }]).configs[0]).toEqual({
      type: 'browser_output_masking',
      attention_window: 1,
      max_size: 0,
    });
  });

  it('the chosen member still meets its constructor’s rules: {max_size: 4, keep_first: 2} is amortized and refused', () => {
    expect(configError({ type: 'pipeline', condensers: [{ max_size: 4, keep_first: 2 }] }).path).toBe(
      'condensers.0.keep_first',
    );
  });

  it('a pipeline member cannot name an llm section (no name lookup inside the union)', () => {
    expect(configError({ type: 'pipeline', condensers: [{ type: 'llm', llm_config: 'condenser_llm' }] }).path).toBe(
      'condensers.0.llm_config',
    );
    // Without a type, the string makes the LLM classes fail; browser_output_masking ignores the key.
    expect(members([{ llm_config: 'condenser_llm' }]).configs[0]).toMatchObject({ type: 'browser_output_masking' });
  });

  it('int settings of members are coerced too: "1_0" and "24.0"', () => {
    expect(members([{ type: 'recent', keep_first: '1_0', max_events: '24.0' }]).configs[0]).toEqual({
      type: 'recent',
      keep_first: 10,
      max_events: 24,
    });
  });
});
