import { describe, expect, it } from 'vitest';
import { ConfigError, sdk } from '../../../src/engine/index.ts';
import { thrown } from '../../helpers/thrown.ts';

const parse = (value: unknown, rules?: sdk.SdkRules) => sdk.parseSdkCondenserConfig(value, rules);
const refusal = (value: unknown, rules?: sdk.SdkRules) => thrown(() => parse(value, rules), ConfigError).message;

describe('SDK condenser configuration, SDK 1.43.1 (pinned)', () => {
  it('fills in LLMSummarizingCondenser’s defaults and keeps the llm key as given', () => {
    const llm = { model: 'litellm_proxy/anthropic/claude-sonnet-4-20250514', api_key: '**********' };
    expect(parse({ kind: 'LLMSummarizingCondenser', llm })).toEqual({
      kind: 'LLMSummarizingCondenser',
      llm,
      max_size: 240,
      max_tokens: null,
      keep_first: 2,
      minimum_progress: 0.1,
      hard_context_reset_max_retries: 5,
      hard_context_reset_context_scaling: 0.8,
    });
  });

  it('reads the serialized form found in base_state.json', () => {
    const serialized = {
      llm: {},
      max_size: 80,
      keep_first: 4,
      minimum_progress: 0.1,
      hard_context_reset_max_retries: 5,
      hard_context_reset_context_scaling: 0.8,
      kind: 'LLMSummarizingCondenser',
    };
    expect(parse(serialized)).toMatchObject({ max_size: 80, keep_first: 4 });
  });

  it('refuses what the SDK’s validation refuses, naming the key', () => {
    expect(refusal({ kind: 'LLMSummarizingCondenser', max_size: 0 })).toMatch(/^max_size: must be greater than 0/);
    expect(refusal({ kind: 'LLMSummarizingCondenser', keep_first: -1 })).toMatch(/^keep_first: must be at least 0/);
    expect(refusal({ kind: 'LLMSummarizingCondenser', max_size: 10, keep_first: 4 })).toMatch(
      /^keep_first: must be less than max_size \/\/ 2/,
    );
    expect(refusal({ kind: 'LLMSummarizingCondenser', minimum_progress: 1 })).toMatch(
      /^minimum_progress: must be less than 1/,
    );
    expect(refusal({ kind: 'LLMSummarizingCondenser', hard_context_reset_context_scaling: 0 })).toMatch(
      /^hard_context_reset_context_scaling: must be greater than 0/,
    );
    expect(refusal({ kind: 'LLMSummarizingCondenser', hard_context_reset_max_retries: 0 })).toMatch(
      /^hard_context_reset_max_retries/,
    );
    expect(refusal({ kind: 'LLMSummarizingCondenser', max_size: 'many' })).toMatch(/^max_size: must be an integer/);
    expect(refusal({ kind: 'LLMSummarizingCondenser', max_sise: 80 })).toMatch(
      /^max_sise: unknown key for LLMSummarizingCondenser/,
    );
  });

  it('(10, 3) is valid: max_size // 2 - keep_first - 1 = 1', () => {
    expect(parse({ kind: 'LLMSummarizingCondenser', max_size: 10, keep_first: 3 })).toMatchObject({ keep_first: 3 });
  });

  it('knows NoOpCondenser and PipelineCondenser, validating members with their path', () => {
    expect(parse({ kind: 'NoOpCondenser' })).toEqual({ kind: 'NoOpCondenser' });
    const pipeline = parse({
      kind: 'PipelineCondenser',
      condensers: [{ kind: 'NoOpCondenser' }, { kind: 'LLMSummarizingCondenser', max_size: 80, keep_first: 4 }],
    });
    expect(pipeline).toMatchObject({
      kind: 'PipelineCondenser',
      condensers: [{ kind: 'NoOpCondenser' }, { max_size: 80, max_tokens: null }],
    });
    expect(
      refusal({
        kind: 'PipelineCondenser',
        condensers: [{ kind: 'NoOpCondenser' }, { kind: 'LLMSummarizingCondenser', keep_first: 200 }],
      }),
    ).toMatch(/^condensers\.1\.keep_first: /);
    expect(refusal({ kind: 'PipelineCondenser' })).toMatch(/^condensers: must be a list/);
  });

  it('refuses unknown kinds, a missing kind and non-objects', () => {
    expect(refusal({ kind: 'LLMAttentionCondenser' })).toMatch(
      /^kind: unknown SDK condenser kind "LLMAttentionCondenser"/,
    );
    expect(refusal({ type: 'llm' })).toMatch(/^kind: unknown SDK condenser kind undefined/);
    expect(refusal([])).toMatch(/must be an object/);
  });

  it('builds the matching condensers', () => {
    const built = sdk.buildSdkCondenser(
      parse({
        kind: 'PipelineCondenser',
        condensers: [{ kind: 'NoOpCondenser' }, { kind: 'LLMSummarizingCondenser' }],
      }),
    );
    expect(built).toBeInstanceOf(sdk.PipelineCondenser);
    expect((built as sdk.PipelineCondenser).condensers[1]).toBeInstanceOf(sdk.LlmSummarizingCondenser);
    expect(sdk.sdkConfigUsesLlm(parse({ kind: 'NoOpCondenser' }))).toBe(false);
  });
});

describe('SDK condenser configuration, 2025-09 rules', () => {
  it('has that SDK’s keys and defaults (max_size 120, keep_first 4) and the same keep_first rule', () => {
    expect(parse({ kind: 'LLMSummarizingCondenser', llm: {} }, '2025-09')).toEqual({
      kind: 'LLMSummarizingCondenser',
      llm: {},
      max_size: 120,
      keep_first: 4,
    });
    expect(refusal({ kind: 'LLMSummarizingCondenser', max_tokens: 1000 }, '2025-09')).toMatch(
      /^max_tokens: unknown key .*2025-09/,
    );
    expect(refusal({ kind: 'LLMSummarizingCondenser', max_size: 10, keep_first: 4 }, '2025-09')).toMatch(/^keep_first/);
  });

  it('builds the September 2025 summarizer', () => {
    expect(
      sdk.buildSdkCondenser(
        parse({ kind: 'LLMSummarizingCondenser', max_size: 80, keep_first: 4 }, '2025-09'),
        '2025-09',
      ),
    ).toBeInstanceOf(sdk.LegacySummarizingCondenser);
  });
});
