import { describe, expect, it } from 'vitest';
import { isSecretName, withoutSecrets } from '../../src/formats/secrets.ts';

const REMOVED = '[removed by Condenser Inspector]';

describe('withoutSecrets', () => {
  it('removes every credential-like field of an llm_config, and keeps the rest', () => {
    const config = {
      type: 'llm',
      max_size: 40,
      keep_first: 2,
      llm_config: {
        model: 'bedrock/anthropic.claude',
        api_key: 'sk-proj-aaaaaaaaaaaaaaaaaaaa',
        aws_access_key_id: 'AKIAABCDEFGHIJKLMNOP',
        aws_secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        aws_region_name: 'us-east-1',
        auth_token: 'abc',
        password: 'hunter2',
        max_tokens: 4096,
        max_input_tokens: 100000,
        custom_tokenizer: 'gpt2',
        base_url: 'https://user:p%40ss@proxy.example.com/v1?api-key=k123&region=eu',
        extra_headers: { 'X-Api-Key': 'k456', 'X-Trace': 'trace-1' },
        num_retries: 5,
      },
    };
    expect(withoutSecrets(config)).toEqual({
      type: 'llm',
      max_size: 40,
      keep_first: 2,
      llm_config: {
        model: 'bedrock/anthropic.claude',
        api_key: REMOVED,
        aws_access_key_id: REMOVED,
        aws_secret_access_key: REMOVED,
        aws_region_name: 'us-east-1',
        auth_token: REMOVED,
        password: REMOVED,
        max_tokens: 4096,
        max_input_tokens: 100000,
        custom_tokenizer: 'gpt2',
        base_url: `https://${encodeURIComponent(REMOVED)}@proxy.example.com/v1?api-key=${encodeURIComponent(REMOVED)}&region=eu`,
        extra_headers: { 'X-Api-Key': REMOVED, 'X-Trace': REMOVED },
        num_retries: 5,
      },
    });
  });

  it('removes values in well-known key formats under any name, and leaves an empty key empty', () => {
    expect(
      withoutSecrets({
        llm: {
          model: 'gpt-4o',
          apiKey: '',
          note: 'sk-ant-api03-abcdefghijklmnopqrst',
          other: 'ghp_abcdefghijklmnopqrstuvwxyz',
        },
      }),
    ).toEqual({
      llm: { model: 'gpt-4o', apiKey: '', note: REMOVED, other: REMOVED },
    });
  });

  it('tells credential names from counts and names that only look alike', () => {
    expect(
      [
        'api_key',
        'apiKey',
        'X-Api-Key',
        'aws_access_key_id',
        'secret',
        'client_secret',
        'access_token',
        'refresh_token',
        'authorization',
        'credentials',
      ].filter(isSecretName),
    ).toHaveLength(10);
    expect(
      [
        'max_tokens',
        'max_output_tokens',
        'custom_tokenizer',
        'keep_first',
        'model',
        'base_url',
        'keys_to_keep',
        'max_size',
      ].filter(isSecretName),
    ).toEqual([]);
  });
});
