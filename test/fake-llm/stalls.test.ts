import { describe, expect, it } from 'vitest';
import { fakeServerForFile } from '../helpers/fakeServer.ts';

const server = fakeServerForFile({ apiKey: 'k', dripMs: 30, hugeBodyBytes: 3 * 1024 * 1024 });

const post = (model: string, init: RequestInit = {}) =>
  fetch(`${server().url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    ...init,
  });

describe('the fake server’s stalling endpoints', () => {
  it('never-answer holds the request until the client gives up', async () => {
    const controller = new AbortController();
    const before = server().requests.length;
    const posted = post('never-answer', { signal: controller.signal });
    // The client gives up once the server holds the request (on a loaded machine it may take a while to arrive).
    await expect.poll(() => server().requests.length, { timeout: 10_000 }).toBe(before + 1);
    controller.abort();
    await expect(posted).rejects.toThrow(/abort/i);
    // The server learns the client went away a moment after it does.
    await expect.poll(() => server().requests.at(-1)?.status, { timeout: 10_000 }).toBe('aborted');
  });

  it('drip sends the headers at once and the body a byte at a time', async () => {
    const started = Date.now();
    const response = await post('drip');
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBe(1);
    await reader.read();
    await reader.cancel();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('huge-body streams a valid completion of the size asked for, without a Content-Length', async () => {
    const response = await post('huge-body');
    expect(response.headers.get('content-length')).toBeNull();
    const completion = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(completion.choices[0]!.message.content.length).toBeGreaterThanOrEqual(3 * 1024 * 1024);
  });

  it('redirect points at the same server under another origin', async () => {
    const response = await post('redirect', { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${server().url.replace('127.0.0.1', 'localhost')}/chat/completions`);
  });

  it('cut-body drops the connection after the start of the answer', async () => {
    const response = await post('cut-body');
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});
