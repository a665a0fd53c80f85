import { describe, expect, it } from 'vitest';
import { type LlmRequest, placeholderAnswer } from '../../src/engine/index.ts';
import { ATTENTION_RESPONSE_SCHEMA } from '../../src/engine/v0/prompts/attention.ts';
import { STATE_SUMMARY_TOOL } from '../../src/engine/v0/prompts/structured.ts';
import { LlmCallError } from '../../src/llm/llmErrors.ts';
import { completionBody, liveAgentLlm, liveLlm } from '../../src/llm/openaiLlm.ts';
import { rejected } from '../helpers/thrown.ts';
import { fakeServerForFile } from '../helpers/fakeServer.ts';

const KEY = 'sk-test-0123456789abcdef';
const server = fakeServerForFile({ apiKey: KEY, delayMs: 5_000 });

const summaryRequest: LlmRequest = {
  condenser: 'llm',
  identity: 'x',
  messages: [
    {
      role: 'user',
      content:
        'Summarize.\n<PREVIOUS SUMMARY>\nNo events summarized\n</PREVIOUS SUMMARY>\n\n\n<EVENT id=4>\nls\n</EVENT>\n<EVENT id=5>\nout\n</EVENT>\n',
    },
  ],
};

const failure = (promise: Promise<unknown>) => rejected(promise, LlmCallError);

describe('liveLlm through the real openai client', () => {
  const endpoint = (model = 'fake-model', apiKey = KEY) => ({ baseURL: server().url, model, apiKey });

  it('gets a summary, with usage', async () => {
    const answer = await liveLlm(endpoint())(summaryRequest, 0);
    expect(answer.content).toMatch(/USER_CONTEXT/);
    expect(answer.content).toContain('4');
    expect(answer.usage?.promptTokens).toBeGreaterThan(0);
    expect(await liveLlm(endpoint())(summaryRequest, 0)).toEqual(answer);
  });

  it('forces the structured summary tool and reads its arguments', async () => {
    const request: LlmRequest = {
      ...summaryRequest,
      condenser: 'structured',
      tools: [STATE_SUMMARY_TOOL],
      forcedTool: 'create_state_summary',
    };
    expect(completionBody(request, 'fake-model').tool_choice).toEqual({
      type: 'function',
      function: { name: 'create_state_summary' },
    });
    const answer = await liveLlm(endpoint())(request, 0);
    expect(answer.toolCalls?.[0]?.name).toBe('create_state_summary');
    expect(JSON.parse(answer.toolCalls![0]!.arguments)).toHaveProperty('user_context');
  });

  it('asks for a JSON-schema answer for attention', async () => {
    const request: LlmRequest = {
      condenser: 'llm_attention',
      identity: 'y',
      responseSchema: ATTENTION_RESPONSE_SCHEMA,
      messages: [
        { role: 'user', content: 'rank' },
        { role: 'user', content: '<ID>3</ID>\n<CONTENT>a</CONTENT>' },
        { role: 'user', content: '<ID>7</ID>\n<CONTENT>b</CONTENT>' },
      ],
    };
    const answer = await liveLlm(endpoint())(request, 0);
    expect(JSON.parse(answer.content!).ids).toEqual(expect.arrayContaining([7]));
  });

  it('explains a wrong key without showing it', async () => {
    const wrongKey = 'sk-wrong-key-99999999';
    const error = await failure(liveLlm(endpoint('fake-model', wrongKey))(summaryRequest, 0));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/refused the API key \(401\)/);
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).not.toContain('99999999');
  });

  it('retries a rate limit with backoff and says so', async () => {
    const retries: string[] = [];
    const answer = await liveLlm(endpoint('rate-limit-once'), { onRetry: (info) => retries.push(info.message) })(
      { ...summaryRequest, identity: 'rl' },
      0,
    );
    expect(answer.content).toMatch(/USER_CONTEXT/);
    expect(retries).toEqual(['Rate limited; retrying in 0.1 s (retry 1 of 4).']);
  });

  it('gives up on a rate limit after the retries, with the reason', async () => {
    const error = await failure(
      liveLlm(endpoint('rate-limit-once'), { maxRetries: 0 })(
        { ...summaryRequest, messages: [{ role: 'user', content: 'other' }] },
        0,
      ),
    );
    expect(error.kind).toBe('rate-limit');
  });

  it('names a prompt longer than the context window', async () => {
    const error = await failure(liveLlm(endpoint('context-too-long'))(summaryRequest, 0));
    expect(error.kind).toBe('context');
    expect(error.message).toMatch(/longer than context-too-long's context window/);
  });

  it('says when the endpoint cannot be reached', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const error = await failure(
      liveLlm({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', apiKey: KEY }, { sleep })(summaryRequest, 0),
    );
    expect(error.kind).toBe('network');
    // A refused connection may be a server restarting: asked again with backoff before giving up.
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    expect(error.message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
  });

  it('stops a call when cancelled', async () => {
    const controller = new AbortController();
    const pending = liveLlm(endpoint('slow'), { signal: controller.signal })(summaryRequest, 0);
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.kind).toBe('cancelled');
  });

  it('sends the key only to the endpoint, as a bearer token', () => {
    const seen = server().requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(seen.length).toBeGreaterThan(3);
    expect(
      seen.every(
        (request) =>
          request.headers.authorization === `Bearer ${KEY}` ||
          request.headers.authorization?.startsWith('Bearer sk-wrong'),
      ),
    ).toBe(true);
    expect(placeholderAnswer(summaryRequest, 0).content).toMatch(/placeholder/);
  });
});

describe('liveAgentLlm: the agent’s own request asked again', () => {
  const endpoint = (model = 'fake-model') => ({ baseURL: server().url, model, apiKey: KEY });
  const shell = { type: 'function', function: { name: 'execute_bash', parameters: { type: 'object' } } };
  const editor = { type: 'function', function: { name: 'str_replace_editor', parameters: { type: 'object' } } };
  const messages = [
    { role: 'system' as const, content: 'You are an agent. See /etc/agent/rules.md' },
    { role: 'user' as const, content: 'Fix /workspace/app/main.py please' },
  ];

  it('sends the messages and tools as they are and reads the tool call the answer depends on', async () => {
    const before = server().requests.length;
    const answer = await liveAgentLlm(endpoint())({ messages, tools: [shell, editor] });
    expect(server().requests[before]!.body).toMatchObject({ model: 'fake-model', messages, tools: [shell, editor] });
    expect(answer.toolCalls).toEqual([
      { name: 'str_replace_editor', arguments: '{"command":"view","path":"/workspace/app/main.py"}' },
    ]);
    const shellOnly = await liveAgentLlm(endpoint())({ messages, tools: [shell] });
    expect(shellOnly.toolCalls?.[0]).toEqual({ name: 'execute_bash', arguments: '{"command":"ls"}' });
  });

  it('refuses an answer with neither text nor a tool call, by name', async () => {
    const error = await failure(liveAgentLlm(endpoint('null-content'))({ messages, tools: null }));
    expect(error.kind).toBe('invalid-answer');
    expect(error.message).toMatch(/neither text nor a tool call/);
  });
});
