import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../src/engine/index.ts';
import { LlmCallError } from '../../src/llm/llmErrors.ts';
import { type LiveLlmOptions, liveLlm } from '../../src/llm/openaiLlm.ts';
import { DEFAULT_CONNECT } from '../../src/security/csp.ts';
import { originGuardedFetch } from '../../src/security/originGuard.ts';
import { rejected } from '../helpers/thrown.ts';
import { fakeServerForFile } from '../helpers/fakeServer.ts';

const KEY = 'sk-test-causes-0123456789';
const server = fakeServerForFile({ apiKey: KEY, dripMs: 40, hugeBodyBytes: 4 * 1024 * 1024 });

let identity = 0;
function request(): LlmRequest {
  identity++;
  return {
    condenser: 'llm',
    identity: `causes-${identity}`,
    messages: [{ role: 'user', content: `Summarize.\n<EVENT id=${identity}>\nls\n</EVENT>\n` }],
  };
}

function ask(model: string, options: LiveLlmOptions = {}, baseURL = server().url) {
  return rejected(liveLlm({ baseURL, model, apiKey: KEY }, { maxRetries: 0, ...options })(request(), 0), LlmCallError);
}

const lastStatus = (model: string) =>
  server()
    .requests.filter((r) => (r.body as { model?: string } | undefined)?.model === model)
    .at(-1)?.status;

describe('a total deadline on every request', () => {
  it('stops an endpoint that never answers, saying it had not begun', async () => {
    const started = Date.now();
    const error = await ask('never-answer', { deadlineMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      `No complete answer from ${server().url} within 0.3 s (the deadline in the LLM settings): it had not begun to answer. The request was stopped.`,
    );
    // The server learns the client went away a moment after it does.
    await expect.poll(() => lastStatus('never-answer')).toBe('aborted');
  });

  it('counts from the start, not from the headers: a body dripping a byte at a time is stopped too', async () => {
    const started = Date.now();
    const error = await ask('drip', { deadlineMs: 500 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(
      /within 0\.5 s \(the deadline in the LLM settings\): it began answering but sent only \d+ bytes in that time\./,
    );
    await expect.poll(() => lastStatus('drip')).toBe('aborted');
  });

  it('does not wait for a retry the deadline would not leave time for', async () => {
    const error = await ask('retry-after-seconds', { deadlineMs: 800, maxRetries: 3 });
    expect(error.kind).toBe('rate-limit');
    expect(error.message).toMatch(
      /Waiting 1\.0 s to try again would pass the 0\.8 s deadline \(LLM settings\), so the request was stopped\.$/,
    );
  });

  it('tells the user’s Cancel apart from the deadline', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await ask('never-answer', { deadlineMs: 10_000, signal: controller.signal });
    expect(error.kind).toBe('cancelled');
  });
});

describe('answers past the size cap', () => {
  it('refuses a streamed answer once it passes the cap, before reading the rest', async () => {
    const error = await ask('huge-body', { maxAnswerBytes: 1024 * 1024 });
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe(
      `The answer from ${server().url} is larger than 1 MB (the largest answer in the LLM settings), so it was not read further and nothing of it was kept.`,
    );
    await expect.poll(() => lastStatus('huge-body')).toBe('aborted');
  });

  it('takes an answer under the cap', async () => {
    const answer = await liveLlm(
      { baseURL: server().url, model: 'huge-body', apiKey: KEY },
      { maxAnswerBytes: 8 * 1024 * 1024 },
    )(request(), 0);
    expect(answer.content?.length).toBeGreaterThan(4 * 1024 * 1024);
  });
});

describe('errors that name the real cause', () => {
  it('a connection cut in the middle of the answer', async () => {
    const error = await ask('cut-body');
    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      `The connection to ${server().url} was cut in the middle of the answer (after 40 bytes of it).`,
    );
  });

  it('a redirect, which is not followed', async () => {
    const origin = new URL(server().url).origin;
    const error = await ask('redirect', { fetch: originGuardedFetch(origin) });
    expect(error.kind).toBe('redirect');
    expect(error.message).toBe(
      `${server().url} answered with a redirect (307 to ${server().url.replace('127.0.0.1', 'localhost')}/chat/completions), which the inspector does not follow, so that the key goes nowhere else: set the base URL to the address it redirects to.`,
    );
  });

  it('an endpoint the page’s policy does not let it reach, before any request', async () => {
    const before = server().requests.length;
    const policy = { page: 'http://127.0.0.1:4173/', connect: DEFAULT_CONNECT };
    const error = await ask('fake-model', { policy }, 'http://192.168.1.20:8000/v1');
    expect(error.kind).toBe('blocked');
    expect(error.message).toMatch(
      /^This page's Content-Security-Policy does not let it reach http:\/\/192\.168\.1\.20:8000: it allows https endpoints, and http only on this machine/,
    );
    expect(server().requests.length).toBe(before);
  });

  it('an endpoint nobody answers at, as unreachable rather than a bad answer', async () => {
    const error = await ask('fake-model', {}, 'http://127.0.0.1:9/v1');
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(
      /^Could not reach http:\/\/127\.0\.0\.1:9\/v1: the server may be down or the address wrong/,
    );
  });
});
