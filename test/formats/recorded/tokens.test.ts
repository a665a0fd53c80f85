import { describe, expect, it } from 'vitest';
import {
  litellmUsage,
  openHandsUsage,
  provesCacheWritesLeftOut,
  usageStep,
  wholeInput,
} from '../../../src/formats/recorded/tokens.ts';

describe('reading recorded token counts', () => {
  it('LiteLLM usage: Anthropic reports cache reads and writes at the top level', () => {
    const usage = {
      prompt_tokens: 14511,
      completion_tokens: 129,
      prompt_tokens_details: { cached_tokens: 11707, cache_creation_tokens: 2801 },
      cache_creation_input_tokens: 2801,
      cache_read_input_tokens: 11707,
    };
    expect(litellmUsage(usage)).toEqual({
      promptTokens: 14511,
      completionTokens: 129,
      cacheReadTokens: 11707,
      cacheWriteTokens: 2801,
      reasoningTokens: null,
    });
  });

  it('LiteLLM usage: OpenAI reports cached reads and reasoning in the details, and no writes', () => {
    const usage = {
      prompt_tokens: 2473,
      completion_tokens: 10,
      completion_tokens_details: { reasoning_tokens: 4 },
      prompt_tokens_details: { cached_tokens: 2304 },
    };
    expect(litellmUsage(usage)).toEqual({
      promptTokens: 2473,
      completionTokens: 10,
      cacheReadTokens: 2304,
      cacheWriteTokens: 0,
      reasoningTokens: 4,
    });
  });

  it('absent usage is null; unusable usage names the field', () => {
    expect(litellmUsage(undefined)).toBeNull();
    expect(litellmUsage(null)).toBeNull();
    expect(litellmUsage('lots')).toBe('usage: expected an object');
    expect(litellmUsage({ prompt_tokens: 1, completion_tokens: Number.MAX_VALUE })).toBe(
      'usage.completion_tokens: expected a token count',
    );
    expect(openHandsUsage({ prompt_tokens: 1, completion_tokens: 1, cache_write_tokens: -1 })).toBe(
      'cache_write_tokens: expected a token count',
    );
  });

  it('OpenHands token usage records: absent cache fields are none, reasoning where recorded', () => {
    expect(
      openHandsUsage({
        prompt_tokens: 7064,
        completion_tokens: 433,
        cache_read_tokens: 7060,
        cache_write_tokens: 1309,
        reasoning_tokens: 0,
      }),
    ).toEqual({
      promptTokens: 7064,
      completionTokens: 433,
      cacheReadTokens: 7060,
      cacheWriteTokens: 1309,
      reasoningTokens: 0,
    });
    expect(openHandsUsage({ prompt_tokens: 5, completion_tokens: 1 })).toMatchObject({
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: null,
    });
  });

  it('a running total that goes down has no step (it restarted)', () => {
    const at = (prompt: number) => ({
      promptTokens: prompt,
      completionTokens: 1,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: null,
    });
    expect(usageStep(at(300), at(100))).toMatchObject({ promptTokens: 200, completionTokens: 0 });
    expect(usageStep(at(100), at(300))).toBeNull();
  });
});

describe('the two prompt_tokens conventions', () => {
  it('the figures FORMATS.md gives: 14511 = 3 + 11707 + 2801 counts writes in; 7064 = 4 + 7060 with 1309 on top leaves them out', () => {
    expect(provesCacheWritesLeftOut(14511, 11707, 2801)).toBe(false);
    expect(provesCacheWritesLeftOut(7064, 7060, 1309)).toBe(true);
    expect(provesCacheWritesLeftOut(4, 0, 5083)).toBe(true);
  });

  it('the whole input adds the writes back only where they were left out', () => {
    expect(wholeInput(14511, 2801, 'whole input')).toBe(14511);
    expect(wholeInput(7064, 1309, 'cache writes left out')).toBe(8373);
  });
});
