import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ATTENTION_INSTRUCTION,
  ATTENTION_RESPONSE_SCHEMA,
  attentionEventMessage,
} from '../../src/engine/v0/prompts/attention.ts';
import {
  DEFAULT_STRUCTURED_TEMPLATE,
  STATE_SUMMARY_TOOL,
  parseStateSummary,
} from '../../src/engine/v0/prompts/structured.ts';
import { DEFAULT_SUMMARY_TEMPLATE, NO_PREVIOUS_SUMMARY } from '../../src/engine/v0/prompts/summarizing.ts';
import { promptText } from '../../src/engine/index.ts';
import { addEventBlock, summaryPrompt as templatePrompt } from '../../src/engine/v0/prompts/template.ts';
import { FAULT_MODELS } from '../../src/fake-llm/faults.ts';
import { STALL_MODELS } from '../../src/fake-llm/stalls.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../src/fake-llm/server.ts';

const EVENTS: ReadonlyArray<readonly [number, string]> = [
  [3, 'User: add retries to /workspace/src/client.py, no new dependencies'],
  [4, 'Ran pytest: 2 failed'],
  [5, 'Edited /workspace/tests/test_retry.py'],
  [7, 'Ran pytest: all passed'],
];

function summaryPrompt(template: string, events = EVENTS, previous = NO_PREVIOUS_SUMMARY): string {
  return promptText(
    templatePrompt(template, previous, (prompt) =>
      events.forEach(([id, text], k) => {
        if (k > 0) prompt.text('\n');
        addEventBlock(prompt, id, () => text, null);
      }),
    ),
  );
}

function plainBody(prompt = summaryPrompt(DEFAULT_SUMMARY_TEMPLATE)): OpenAI.ChatCompletionCreateParamsNonStreaming {
  return { model: 'fake-model', messages: [{ role: 'user', content: prompt }] };
}

function structuredBody(): OpenAI.ChatCompletionCreateParamsNonStreaming {
  return {
    model: 'fake-model',
    messages: [{ role: 'user', content: summaryPrompt(DEFAULT_STRUCTURED_TEMPLATE) }],
    tools: [{ type: 'function', function: { ...STATE_SUMMARY_TOOL.function } }],
    tool_choice: { type: 'function', function: { name: 'create_state_summary' } },
  };
}

function attentionBody(ids: readonly number[]): OpenAI.ChatCompletionCreateParamsNonStreaming {
  return {
    model: 'fake-model',
    messages: [
      { role: 'system', content: ATTENTION_INSTRUCTION },
      ...ids.map((id) => ({ role: 'user' as const, content: attentionEventMessage(id, `event ${id}`) })),
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: ATTENTION_RESPONSE_SCHEMA.name, schema: { ...ATTENTION_RESPONSE_SCHEMA.schema } },
    },
  };
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

let server: FakeOpenAiServer;
let client: OpenAI;

beforeAll(async () => {
  server = await startFakeOpenAiServer({ delayMs: 200 });
  client = new OpenAI({ baseURL: server.url, apiKey: 'test-key', maxRetries: 0 });
});

afterAll(() => server.close());

describe('fake OpenAI server: answers', () => {
  it('answers a summary prompt with the four sections, byte for byte the same twice', async () => {
    const prompt = summaryPrompt(DEFAULT_SUMMARY_TEMPLATE);
    const first = await client.chat.completions.create(plainBody(prompt));
    const second = await client.chat.completions.create(plainBody(prompt));
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));

    const content = first.choices[0]?.message.content ?? '';
    expect(content.split('\n').map((line) => line.split(':')[0])).toEqual([
      'USER_CONTEXT',
      'COMPLETED',
      'PENDING',
      'CURRENT_STATE',
    ]);
    expect(content).toContain('4 events (ids 3-5, 7)');
    expect(content).toContain('after event 7');
    expect(first).toMatchObject({
      object: 'chat.completion',
      created: 0,
      model: 'fake-model',
      choices: [{ finish_reason: 'stop' }],
    });
    expect(first.id).toMatch(/^chatcmpl-fake-[0-9a-f]{24}$/);
    expect(first.usage).toEqual({
      prompt_tokens: Math.ceil(prompt.length / 4),
      completion_tokens: Math.ceil(content.length / 4),
      total_tokens: Math.ceil(prompt.length / 4) + Math.ceil(content.length / 4),
    });

    const other = await client.chat.completions.create(
      plainBody(summaryPrompt(DEFAULT_SUMMARY_TEMPLATE, EVENTS.slice(1))),
    );
    expect(other.choices[0]?.message.content).toContain('3 events (ids 4-5, 7)');
    expect(other.choices[0]?.message.content).not.toBe(content);
  });

  it('records the requests it received', async () => {
    const before = server.requests.length;
    await client.chat.completions.create(plainBody('hello'));
    const recorded = server.requests[before];
    expect(recorded).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      status: 200,
      body: plainBody('hello'),
    });
    expect(recorded?.headers.authorization).toBe('Bearer test-key');
  });

  it('answers a forced create_state_summary with a tool call the structured condenser can read', async () => {
    const completion = await client.chat.completions.create(structuredBody());
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const call = choice?.message.tool_calls?.[0];
    if (call?.type !== 'function') throw new Error('expected a function tool call');
    expect(call.id).toMatch(/^call_fake_/);
    expect(call.function.name).toBe('create_state_summary');
    const summary = parseStateSummary(call.function.arguments);
    expect(summary.user_context).toContain('4 events (ids 3-5, 7)');
    expect(summary.completed_tasks).toBe('Went through events 3 to 7.');
    expect(summary.pending_tasks).toBe('Continue the task after event 7.');
    expect(summary.files_modified).toBe('/workspace/src/client.py, /workspace/tests/test_retry.py');
  });

  it('mentions a previous summary it was given', async () => {
    const prompt = summaryPrompt(DEFAULT_SUMMARY_TEMPLATE, EVENTS, 'USER_CONTEXT: earlier work');
    const completion = await client.chat.completions.create(plainBody(prompt));
    expect(completion.choices[0]?.message.content).toContain('previous summary of 26 characters merged');
  });

  it('answers a json_schema request with the most recent half of the ids, most recent first', async () => {
    const odd = await client.chat.completions.create(attentionBody([10, 11, 12, 13, 14]));
    expect(JSON.parse(odd.choices[0]?.message.content ?? '')).toEqual({ ids: [14, 13, 12] });
    const even = await client.chat.completions.create(attentionBody([2, 5, 9, 20]));
    expect(JSON.parse(even.choices[0]?.message.content ?? '')).toEqual({ ids: [20, 9] });
  });

  it('lists the fake models', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model.id);
    expect(models).toEqual([
      'fake-model',
      'rate-limit-once',
      'context-too-long',
      'slow',
      'server-error',
      'noisy-agent',
      ...FAULT_MODELS,
      ...STALL_MODELS,
    ]);
  });

  it('answers an agent’s request by what its conversation shows, and noisy-agent every other repeat differently', async () => {
    const agentBody = (model: string, text: string): OpenAI.ChatCompletionCreateParamsNonStreaming => ({
      model,
      messages: [
        { role: 'system', content: 'Agent rules in /etc/rules.md' },
        { role: 'user', content: text },
      ],
      tools: ['execute_bash', 'str_replace_editor'].map((name) => ({
        type: 'function' as const,
        function: { name, parameters: { type: 'object' } },
      })),
    });
    const firstCall = async (body: OpenAI.ChatCompletionCreateParamsNonStreaming) => {
      const call = (await client.chat.completions.create(body)).choices[0]?.message.tool_calls?.[0];
      return call?.type === 'function' ? [call.function.name, call.function.arguments] : null;
    };
    const view = ['str_replace_editor', '{"command":"view","path":"/src/a.py"}'];
    expect(await firstCall(agentBody('fake-model', 'Fix /src/a.py then /src/b.py'))).toEqual(view);
    expect(await firstCall(agentBody('fake-model', 'What is here?'))).toEqual(['execute_bash', '{"command":"ls"}']);
    const noisy = agentBody('noisy-agent', 'Fix /src/a.py');
    const answers = [await firstCall(noisy), await firstCall(noisy), await firstCall(noisy)];
    expect(answers).toEqual([view, ['execute_bash', '{"command":"echo sample 1"}'], view]);
  });

  it('also serves /chat/completions without the /v1 prefix', async () => {
    const bare = new OpenAI({ baseURL: server.url.replace(/\/v1$/, ''), apiKey: 'test-key', maxRetries: 0 });
    const completion = await bare.chat.completions.create(plainBody('hi'));
    expect(completion.choices[0]?.message.content).toContain('USER_CONTEXT: Fake summary');
  });
});

describe('fake OpenAI server: streaming', () => {
  it('streams the content in several deltas, ending with finish_reason and usage', async () => {
    const plain = await client.chat.completions.create(plainBody());
    const stream = await client.chat.completions.create({
      ...plainBody(),
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    const deltas = chunks
      .flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? ''))
      .filter((text) => text !== '');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(plain.choices[0]?.message.content);
    expect(chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.finish_reason)).filter(Boolean)).toEqual([
      'stop',
    ]);
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage).toEqual(plain.usage);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'fake-model')).toBe(
      true,
    );
  });

  it('streams a tool call whose arguments the SDK reassembles', async () => {
    const plain = await client.chat.completions.create(structuredBody());
    const stream = client.chat.completions.stream({ ...structuredBody(), stream: true });
    let argumentDeltas = 0;
    for await (const chunk of stream)
      argumentDeltas += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ? 1 : 0;
    const final = await stream.finalChatCompletion();

    expect(argumentDeltas).toBeGreaterThan(3);
    expect(final.choices[0]?.finish_reason).toBe('tool_calls');
    const call = final.choices[0]?.message.tool_calls?.[0];
    const expected = plain.choices[0]?.message.tool_calls?.[0];
    if (call?.type !== 'function' || expected?.type !== 'function') throw new Error('expected function tool calls');
    expect(call.function).toEqual({ name: 'create_state_summary', arguments: expected.function.arguments });
    expect(call.id).toBe(expected.id);
    expect(final.usage).toBeFalsy();
  });
});

describe('fake OpenAI server: errors', () => {
  it('refuses a wrong key with 401 without echoing the key', async () => {
    const key = 'sk-wrong-secret-1234567890';
    const wrong = new OpenAI({ baseURL: server.url, apiKey: key, maxRetries: 0 });
    const error = await wrong.chat.completions.create(plainBody()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    const apiError = error as InstanceType<typeof OpenAI.AuthenticationError>;
    expect(apiError.status).toBe(401);
    expect(apiError.code).toBe('invalid_api_key');
    expect(apiError.type).toBe('invalid_request_error');
    expect(apiError.message).toContain('Incorrect API key provided: sk-*****7890');
    expect(JSON.stringify(apiError.error)).not.toContain(key);
    expect(JSON.stringify(apiError.error)).not.toContain('secret');
  });

  it('refuses a request without any key with 401', async () => {
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify(plainBody()),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid_api_key', message: expect.stringContaining("didn't provide an API key") },
    });
  });

  it('rate-limit-once answers 429 with retry-after-ms first, then succeeds', async () => {
    const body = { ...plainBody(), model: 'rate-limit-once' };
    const error = await client.chat.completions.create(body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const limited = error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('rate_limit_exceeded');
    expect(limited.headers.get('retry-after-ms')).toBe('50');
    const retried = await client.chat.completions.create(body);
    expect(retried.model).toBe('rate-limit-once');
    expect(retried.choices[0]?.message.content).toContain('USER_CONTEXT');
  });

  it('rate-limit-once is retried by a client that retries', async () => {
    const retrying = new OpenAI({ baseURL: server.url, apiKey: 'test-key', maxRetries: 2 });
    const before = server.requests.length;
    const completion = await retrying.chat.completions.create({
      ...plainBody('a body not seen before'),
      model: 'rate-limit-once',
    });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(
      server.requests.slice(before).map((request) => [request.status, request.headers['x-stainless-retry-count']]),
    ).toEqual([
      [429, '0'],
      [200, '1'],
    ]);
  });

  it('context-too-long answers 400 context_length_exceeded', async () => {
    const error = await client.chat.completions
      .create({ ...plainBody(), model: 'context-too-long' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const badRequest = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(badRequest.code).toBe('context_length_exceeded');
    expect(badRequest.message).toContain(
      "This model's maximum context length is 8192 tokens. However, your messages resulted in 12000 tokens.",
    );
  });

  it('server-error answers 500', async () => {
    const error = await client.chat.completions
      .create({ ...plainBody(), model: 'server-error' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as InstanceType<typeof OpenAI.InternalServerError>).status).toBe(500);
  });

  it('answers malformed JSON with 400 and an unknown path with 404', async () => {
    const headers = { authorization: 'Bearer test-key', 'content-type': 'application/json' };
    const malformed = await fetch(`${server.url}/chat/completions`, { method: 'POST', headers, body: '{"model": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('could not parse the JSON body') },
    });
    const noMessages = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers,
      body: '{"model": "fake-model"}',
    });
    expect(noMessages.status).toBe(400);
    const unknown = await fetch(`${server.url}/embeddings`, { method: 'POST', headers, body: '{}' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { message: 'Invalid URL (POST /v1/embeddings)', type: 'invalid_request_error', param: null, code: null },
    });
  });
});

describe('fake OpenAI server: slow model', () => {
  it('answers after delayMs', async () => {
    const started = performance.now();
    const completion = await client.chat.completions.create({ ...plainBody(), model: 'slow' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(completion.model).toBe('slow');
  });

  it('stops waiting when the client aborts, and never answers', async () => {
    const patient = await startFakeOpenAiServer({ delayMs: 400 });
    try {
      const aborting = new OpenAI({ baseURL: patient.url, apiKey: 'test-key', maxRetries: 0 });
      const controller = new AbortController();
      const started = performance.now();
      const pending = aborting.chat.completions.create(
        { ...plainBody(), model: 'slow' },
        { signal: controller.signal },
      );
      await vi.waitFor(() => expect(patient.requests).toHaveLength(1));
      controller.abort();
      await expect(pending).rejects.toBeInstanceOf(OpenAI.APIUserAbortError);
      expect(performance.now() - started).toBeLessThan(400);
      await vi.waitFor(() => expect(patient.requests[0]?.status).toBe('aborted'));
      // Had the server kept waiting, it would have answered (status 200) once the delay was over.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(patient.requests[0]?.status).toBe('aborted');
    } finally {
      await patient.close();
    }
  });
});

describe('fake OpenAI server: browser access', () => {
  it('answers a CORS preflight for the headers the openai package sends', async () => {
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-stainless-os,x-stainless-retry-count',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['*', 'authorization', 'content-type', 'x-stainless-os', 'x-stainless-retry-count']),
    );
  });

  it('lets a page read every answer, errors included', async () => {
    const ok = await client.chat.completions.create(plainBody()).withResponse();
    const refused = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: '{}' });
    for (const headers of [ok.response.headers, refused.headers]) {
      expect(headers.get('access-control-allow-origin')).toBe('*');
      expect(headers.get('access-control-expose-headers')).toBe('*');
    }
  });

  it('listens on 127.0.0.1 only', async () => {
    const url = new URL(server.url);
    expect(url.hostname).toBe('127.0.0.1');
    const port = Number(url.port);
    expect(await canConnect('127.0.0.1', port)).toBe(true);
    const elsewhere = [
      '127.0.0.2',
      '::1',
      ...Object.values(networkInterfaces()).flatMap((addresses) =>
        (addresses ?? []).filter((address) => !address.internal).map((address) => address.address),
      ),
    ];
    for (const host of elsewhere) expect(await canConnect(host, port), host).toBe(false);
  });
});
