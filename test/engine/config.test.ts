import { describe, expect, it } from 'vitest';
import { CONDENSER_TYPES, ConfigError, buildCondenser, parseCondenserConfig, viewOf } from '../../src/engine/index.ts';
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
    expect([...CONDENSER_TYPES].sort()).toEqual(
      ['amortized', 'browser_output_masking', 'conversation_window', 'llm', 'llm_attention', 'noop', 'observation_masking', 'pipeline', 'recent', 'structured'],
    );
  });

  it('fills defaults of pipeline children', () => {
    const config = parseCondenserConfig({ type: 'pipeline', condensers: [{ type: 'recent' }, { type: 'amortized', max_size: 10 }] });
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
  const STRICT = ['noop', 'observation_masking', 'recent', 'amortized', 'conversation_window', 'llm', 'structured', 'llm_attention', 'pipeline'];

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

  it.each(['amortized', 'llm', 'structured', 'llm_attention'])('%s: keep_first >= max_size // 2 is rejected, naming keep_first', (type) => {
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
  });

  it('recent with keep_first = true is coerced to 1 (pydantic lax int, OpenHands test_recent_events_condenser_from_config)', () => {
    const config = parseCondenserConfig({ type: 'recent', keep_first: true, max_events: 3 });
    const view = viewResult(condense(buildCondenser(config), viewOf(messages(5))).result);
    expect(ids(view)).toEqual([0, 3, 4]);
  });
});

describe('parseCondenserConfig: llm_config (§4.0)', () => {
  it('llm and llm_attention accept a section name', () => {
    expect(parseCondenserConfig({ type: 'llm', llm_config: 'condenser_llm' })).toMatchObject({ llm_config: 'condenser_llm' });
    expect(parseCondenserConfig({ type: 'llm_attention', llm_config: 'condenser_llm' })).toMatchObject({ llm_config: 'condenser_llm' });
  });

  it('structured rejects a section name but accepts an inline table', () => {
    expect(configError({ type: 'structured', llm_config: 'condenser_llm' }).path).toBe('llm_config');
    expect(parseCondenserConfig({ type: 'structured', llm_config: { model: 'gpt-4o' } })).toMatchObject({ llm_config: { model: 'gpt-4o' } });
  });
});

describe('parseCondenserConfig: pipeline children (§4.10)', () => {
  it('validates each child with a dotted path: condensers.1.keep_first', () => {
    const error = configError({ type: 'pipeline', condensers: [{ type: 'noop' }, { type: 'amortized', max_size: 4, keep_first: 2 }] });
    expect(error.path).toBe('condensers.1.keep_first');
    expect(error.message).toContain('condensers.1.keep_first');
  });

  it('a negative keep_first in the first child: condensers.0.keep_first', () => {
    expect(configError({ type: 'pipeline', condensers: [{ type: 'llm', keep_first: -1 }] }).path).toBe('condensers.0.keep_first');
  });

  it('an unknown child type: condensers.2.type', () => {
    expect(configError({ type: 'pipeline', condensers: [{ type: 'noop' }, { type: 'noop' }, { type: 'fancy' }] }).path).toBe('condensers.2.type');
  });

  it('nested pipelines extend the path', () => {
    const error = configError({ type: 'pipeline', condensers: [{ type: 'pipeline', condensers: [{ type: 'recent', max_events: 0 }] }] });
    expect(error.path).toBe('condensers.0.condensers.0.max_events');
  });

  it('the server default pipeline is valid', () => {
    const config = parseCondenserConfig({
      type: 'pipeline',
      condensers: [{ type: 'conversation_window' }, { type: 'browser_output_masking', attention_window: 2 }, { type: 'llm', keep_first: 4, max_size: 120 }],
    });
    expect(config.condensers).toMatchObject([
      { type: 'conversation_window' },
      { type: 'browser_output_masking', attention_window: 2 },
      { type: 'llm', keep_first: 4, max_size: 120, max_event_length: 10_000 },
    ]);
  });
});
