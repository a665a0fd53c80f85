import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeServerForFile } from '../helpers/fakeServer.ts';
import { browserForFile, openApp } from './browser.ts';
import { type LlmEndpoint, fillLlmSettings, saveLlmSettings } from './llmSettings.ts';

const KEY = 'sk-e2e-failures-2468';
const REAL_LOG = join(
  import.meta.dirname,
  '..',
  '..',
  'sample-sessions',
  'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json',
);
const browser = browserForFile();
const server = fakeServerForFile({ apiKey: KEY, hugeBodyBytes: 3 * 1024 * 1024 });

interface Endpoint {
  readonly baseURL?: string;
  readonly model: string;
  readonly seconds?: string;
  readonly megabytes?: string;
}

/** The form's fields for this file's endpoint: the fake server, a 2 s deadline and 8 MB answers unless given. */
const formFields = ({ baseURL = server().url, model, seconds = '2', megabytes = '8' }: Endpoint): LlmEndpoint => ({
  baseURL,
  model,
  apiKey: KEY,
  deadlineSeconds: seconds,
  largestAnswerMegabytes: megabytes,
});

/** What Test connection says about the endpoint in the form. */
async function testConnection(page: Page, endpoint: Endpoint): Promise<string> {
  await fillLlmSettings(page, formFields(endpoint));
  await page.getByRole('button', { name: 'Test connection' }).click();
  await page.getByRole('button', { name: 'Test connection' }).waitFor({ timeout: 15_000 });
  return (await page.locator('.llm-settings [role="status"]').textContent()) ?? '';
}

const lastStatus = (model: string) =>
  server()
    .requests.filter((request) => (request.body as { model?: string } | undefined)?.model === model)
    .at(-1)?.status;

/** Saves the endpoint, closes the form and runs the LLM condenser live with max_size 40. */
async function runLive(page: Page, endpoint: Endpoint) {
  await saveLlmSettings(page, formFields(endpoint));
  await page.getByLabel('Condenser type (pipeline step 3)').selectOption('llm');
  await page.getByLabel('max_size', { exact: true }).fill('40');
  await page.getByRole('button', { name: `Run with ${endpoint.model}` }).click();
}

describe('an LLM endpoint that hangs, drips, overflows or points elsewhere, in a browser', () => {
  it('a connection test that gets no answer holds up nothing: an import goes on, Cancel stops it, and the deadline ends it', async () => {
    const { page, errors } = await openApp(browser());
    await fillLlmSettings(page, formFields({ model: 'never-answer', seconds: '600' }));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('button', { name: 'Cancel test' }).click();
    await expect.poll(() => page.getByText('Test cancelled.').count()).toBe(1);
    await expect.poll(() => lastStatus('never-answer')).toBe('aborted');

    // Asked again and the form closed: the import does not wait for it.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Event log or session file').setInputFiles(REAL_LOG);
    await expect
      .poll(() => page.locator('.session-header h2').textContent(), { timeout: 20_000 })
      .toBe('v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond');
    await expect.poll(() => page.getByText(/^Step \d+ of 84$/).count()).toBe(1);

    const started = Date.now();
    const said = await testConnection(page, { model: 'never-answer', seconds: '2' });
    expect(said).toMatch(
      /^No complete answer from http:\/\/127\.0\.0\.1:\d+\/v1 within 2\.0 s \(the deadline in the LLM settings\): it had not begun to answer\./,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(errors).toEqual([]);
  });

  it('the deadline counts from the start: a body dripping a byte a second is stopped, in a test and in a live run', async () => {
    const { page, errors } = await openApp(browser());
    expect(await testConnection(page, { model: 'drip', seconds: '2' })).toMatch(
      /within 2\.0 s \(the deadline in the LLM settings\): it began answering but sent only \d+ bytes in that time\./,
    );
    await expect.poll(() => lastStatus('drip')).toBe('aborted');
    await runLive(page, { model: 'drip', seconds: '2' });
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: /^The live run stopped at step \d+: No complete answer from .* within 2\.0 s/ })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(errors).toEqual([]);
  });

  it('an answer past the size cap is refused while read, and nothing of it is stored', async () => {
    const { page, errors } = await openApp(browser());
    expect(await testConnection(page, { model: 'huge-body', megabytes: '1', seconds: '20' })).toMatch(
      /^The answer from http:\/\/127\.0\.0\.1:\d+\/v1 is larger than 1 MB \(the largest answer in the LLM settings\), so it was not read further and nothing of it was kept\.$/,
    );
    await runLive(page, { model: 'huge-body', megabytes: '1', seconds: '20' });
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: /^The live run stopped at step \d+: The answer from .* is larger than 1 MB/ })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect
      .poll(() => page.getByText(/this replay asked \d+: \d+ recorded/).textContent())
      .toMatch(/: 0 recorded, \d+ placeholders/);
    expect(errors).toEqual([]);
  });

  it('names the real cause: a connection cut mid-answer, a redirect, an endpoint the page’s policy blocks (not CORS)', async () => {
    const { page, errors } = await openApp(browser());
    expect(await testConnection(page, { model: 'cut-body' })).toMatch(
      /^The connection to http:\/\/127\.0\.0\.1:\d+\/v1 was cut in the middle of the answer \(after \d+ bytes of it\)\.$/,
    );
    expect(await testConnection(page, { model: 'redirect' })).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1 answered with a redirect \(.*\), which the inspector does not follow, so that the key goes nowhere else/,
    );
    const before = server().requests.length;
    expect(await testConnection(page, { baseURL: 'http://192.168.1.20:8000/v1', model: 'fake-model' })).toMatch(
      /^This page's Content-Security-Policy does not let it reach http:\/\/192\.168\.1\.20:8000: it allows https endpoints, and http only on this machine/,
    );
    expect(server().requests.length).toBe(before);
    expect(errors).toEqual([]);
  });
});
