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

  it('removes numbered, plural and numeric credentials, and those in a URL with spaces around or in its fragment', () => {
    const secret = '3f9a1c0d8e7b6a5f4e3d2c1b0a9f8e7d';
    expect(
      withoutSecrets({
        api_key2: secret,
        apiKey2: secret,
        password1: 'hunter2hunter2',
        api_keys: [secret, secret],
        secrets: { AZURE: secret },
        cookies: 'session=abcdef0123456789',
        jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
        password: 123456789,
        token_limit: 4096,
        auth_timeout: 30,
        keys_to_keep: ['a', 'b'],
        base_url: ' https://user:hunter2@proxy.example.com/v1',
        callback: 'https://proxy.example.com/v1#access_token=abcdef123456&state=x',
      }),
    ).toEqual({
      api_key2: REMOVED,
      apiKey2: REMOVED,
      password1: REMOVED,
      api_keys: [REMOVED, REMOVED],
      secrets: { AZURE: REMOVED },
      cookies: REMOVED,
      jwt: REMOVED,
      password: REMOVED,
      token_limit: 4096,
      auth_timeout: 30,
      keys_to_keep: ['a', 'b'],
      base_url: ` https://${encodeURIComponent(REMOVED)}@proxy.example.com/v1`,
      callback: `https://proxy.example.com/v1#access_token=${encodeURIComponent(REMOVED)}&state=x`,
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
