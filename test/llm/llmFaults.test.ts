import { describe, expect, it } from 'vitest';
import { type LlmRequest, answerProblem } from '../../src/engine/index.ts';
import { STATE_SUMMARY_TOOL } from '../../src/engine/v0/prompts/structured.ts';
import { LlmCallError, retryAfterMs } from '../../src/llm/llmErrors.ts';
import { MAX_RETRY_AFTER_MS, liveLlm } from '../../src/llm/openaiLlm.ts';
import { rejected } from '../helpers/thrown.ts';
import { fakeServerForFile } from '../helpers/fakeServer.ts';

const KEY = 'sk-test-faults-0123456789';
const server = fakeServerForFile({ apiKey: KEY });

let identity = 0;
/** A fresh request each time: "-once" faults hit the first request of each body. */
function summaryRequest(): LlmRequest {
  identity++;
  return {
    condenser: 'llm',
    identity: `faults-${identity}`,
    messages: [{ role: 'user', content: `Summarize.\n<EVENT id=${identity}>\nls\n</EVENT>\n` }],
  };
}

/** liveLlm against the fake server with waits recorded instead of slept. */
function client(model: string, maxRetries?: number) {
  const waits: number[] = [];
  const messages: string[] = [];
  const llm = liveLlm(
    { baseURL: server().url, model, apiKey: KEY },
    {
      ...(maxRetries === undefined ? {} : { maxRetries }),
      sleep: async (ms) => {
        waits.push(ms);
      },
      onRetry: (info) => messages.push(info.message),
    },
  );
  return { llm, waits, messages };
}

const failure = (promise: Promise<unknown>) => rejected(promise, LlmCallError);
const statuses = (model: string) =>
  server()
    .requests.filter((request) => (request.body as { model?: string } | undefined)?.model === model)
    .map((request) => request.status);

describe('the fake server’s failure modes, through the real openai client', () => {
  it('retries a 5xx with backoff, then answers', async () => {
    const { llm, waits, messages } = client('server-error-once');
    const answer = await llm(summaryRequest(), 0);
    expect(answer.content).toMatch(/USER_CONTEXT/);
    expect(waits).toEqual([1000]);
    expect(messages).toEqual(['The endpoint failed; retrying in 1.0 s (retry 1 of 4).']);
    expect(statuses('server-error-once')).toEqual([503, 200]);
  });

  it('retries a connection dropped before any answer', async () => {
    const { llm, waits, messages } = client('disconnect-once');
    expect((await llm(summaryRequest(), 0)).content).toMatch(/USER_CONTEXT/);
    expect(waits).toEqual([1000]);
    expect(messages[0]).toMatch(/^The connection failed; retrying in 1\.0 s/);
  });

  it('retries a connection cut in the middle of the body', async () => {
    const { llm, waits } = client('cut-body-once');
    expect((await llm(summaryRequest(), 0)).content).toMatch(/USER_CONTEXT/);
    expect(waits).toHaveLength(1);
  });

  it('honours Retry-After in seconds', async () => {
    const { llm, waits, messages } = client('retry-after-seconds');
    await llm(summaryRequest(), 0);
    expect(waits).toEqual([1000]);
    expect(messages).toEqual(['Rate limited; retrying in 1.0 s (retry 1 of 4).']);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const { llm, waits } = client('retry-after-date');
    await llm(summaryRequest(), 0);
    // Two seconds ahead, at the date's one-second resolution.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(2000);
  });

  it('stops, saying so, when Retry-After is longer than the cap', async () => {
    const { llm, waits } = client('retry-after-long');
    const error = await failure(llm(summaryRequest(), 0));
    expect(waits).toEqual([]);
    expect(error.kind).toBe('rate-limit');
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(error.message).toContain(
      `asks to wait 60 min before trying again (Retry-After), longer than the ${MAX_RETRY_AFTER_MS / 1000}.0 s the inspector waits`,
    );
  });

  it('explains an HTML error page from a gateway in one sentence, after retrying it', async () => {
    const { llm, waits } = client('html-error', 2);
    const error = await failure(llm(summaryRequest(), 0));
    expect(waits).toEqual([1000, 2000]);
    expect(error.kind).toBe('server');
    expect(error.message).toBe(
      `The endpoint answered 502 with an HTML page ("502 Bad Gateway"): a proxy or gateway in front of ${server().url} failed, not the API itself.`,
    );
  });

  it('explains an HTML page answered with 200 (a base URL that is a web site)', async () => {
    const { llm, waits } = client('html-page');
    const error = await failure(llm(summaryRequest(), 0));
    expect(waits).toEqual([]);
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      `The endpoint answered 200 with an HTML page ("Acme Cloud: sign in") instead of the API's JSON: is ${server().url} the API's base URL (usually ending in /v1)?`,
    );
  });

  it('explains a completion without choices', async () => {
    const error = await failure(client('no-choices').llm(summaryRequest(), 0));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      'The endpoint answered without any choice (no "choices" in the completion), so there is no answer to use.',
    );
  });

  it('explains a body that is not valid JSON', async () => {
    const error = await failure(client('malformed-body').llm(summaryRequest(), 0));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toMatch(
      /^The endpoint's answer is not valid JSON \(.+\); the body may have been cut off, or .+ is not an OpenAI-compatible API\.$/,
    );
    expect(error.message).not.toContain('\n');
  });

  it('does not keep an answer with no text as a summary', async () => {
    const error = await failure(client('null-content').llm(summaryRequest(), 0));
    expect(error.kind).toBe('invalid-answer');
    expect(error.message).toBe(
      "null-content's answer cannot be used: the model answered with no text. It was not kept; run again to ask again.",
    );
  });

  it('does not keep a call of another tool as a state summary', async () => {
    const request: LlmRequest = {
      ...summaryRequest(),
      condenser: 'structured',
      tools: [STATE_SUMMARY_TOOL],
      forcedTool: STATE_SUMMARY_TOOL.function.name,
    };
    const error = await failure(client('wrong-tool').llm(request, 0));
    expect(error.kind).toBe('invalid-answer');
    expect(error.message).toBe(
      "wrong-tool's answer cannot be used: the model called execute_bash, not create_state_summary. It was not kept; run again to ask again.",
    );
  });
});

describe('retryAfterMs', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it('reads seconds, fractions, milliseconds and dates', () => {
    expect(retryAfterMs(headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }))).toBe(500);
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeNull();
    expect(retryAfterMs(headers({}))).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});

describe('answerProblem', () => {
  const request = (condenser: LlmRequest['condenser']): LlmRequest => ({ condenser, identity: 'x', messages: [] });
  it('accepts what each condenser can use', () => {
    expect(answerProblem(request('llm'), { content: 'a summary' })).toBeNull();
    expect(
      answerProblem(request('structured'), {
        content: null,
        toolCalls: [{ name: 'create_state_summary', arguments: '{"user_context": "u"}' }],
      }),
    ).toBeNull();
    expect(answerProblem(request('llm_attention'), { content: '{"ids": [3, 4]}' })).toBeNull();
  });
  it('names what is wrong otherwise', () => {
    expect(answerProblem(request('llm'), { content: '  ' })).toBe('the model answered with no text');
    expect(answerProblem(request('structured'), { content: 'text' })).toBe(
      'the model did not call create_state_summary',
    );
    expect(
      answerProblem(request('structured'), {
        content: null,
        toolCalls: [{ name: 'create_state_summary', arguments: '[1' }],
      }),
    ).toBe('the arguments of create_state_summary are not a JSON object');
    expect(answerProblem(request('llm_attention'), { content: 'ids: 3' })).toMatch(/ranked ids/);
  });
});
