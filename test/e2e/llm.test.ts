import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeServerForFile } from '../helpers/fakeServer.ts';
import { browserForFile, openApp } from './browser.ts';
import { saveLlmSettings } from './llmSettings.ts';
import { deleteAndImport, exportSession } from './sessionFile.ts';

const KEY = 'sk-e2e-secret-5150';
const tmp = mkdtempSync(join(tmpdir(), 'e2e-llm-'));
const browser = browserForFile();
const server = fakeServerForFile({ apiKey: KEY });

/**
 * The summary history once the replay's facts lost have come (the chart names them), and with them the
 * facts each summary dropped: read until two reads a moment apart agree.
 */
async function summaryHistory(page: Page): Promise<string[]> {
  await page.getByRole('tab', { name: /Summary history/ }).click();
  await expect
    .poll(() => page.locator('.view-size-chart [role="img"]').getAttribute('aria-label'))
    .toMatch(/lost facts at \d+ steps/);
  let read = await page.locator('.summary-entry').allInnerTexts();
  for (;;) {
    await page.waitForTimeout(300);
    const again = await page.locator('.summary-entry').allInnerTexts();
    if (JSON.stringify(again) === JSON.stringify(read)) return again;
    read = again;
  }
}

async function chooseSummarizer(page: Page, type: 'llm' | 'structured', maxSize: string) {
  await page.getByLabel('Condenser type (pipeline step 3)').selectOption(type);
  await page.getByLabel('max_size', { exact: true }).fill(maxSize);
  // Each type keeps its own settings; keep_first is set so that every visit asks the same requests.
  await page.getByLabel('keep_first', { exact: true }).fill('2');
}

async function runLive(page: Page) {
  await page.getByRole('button', { name: 'Estimate calls and tokens' }).click();
  await expect
    .poll(() => page.getByText(/A live run would make \d+ calls? with about [\d,]+ prompt tokens/).count())
    .toBe(1);
  await page.getByRole('button', { name: 'Run with fake-model' }).click();
  await expect
    .poll(() => page.getByText(/^Live run finished: \d+ new answers from fake-model/).count(), { timeout: 30_000 })
    .toBe(1);
}

describe('LLM condensers with the user’s own endpoint, in a browser', () => {
  it('runs llm and structured replays against an OpenAI-compatible server, then replays them offline from the exported file', async () => {
    const { page, errors } = await openApp(browser());
    await saveLlmSettings(page, { baseURL: server().url, model: 'fake-model', apiKey: KEY }, { keepOpen: true });
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /^Connected: fake-model answered/ })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'LLM settings (fake-model)' }).count()).toBe(1);

    await chooseSummarizer(page, 'llm', '40');
    await runLive(page);
    await expect.poll(() => page.getByText(/this replay asked \d+: \d+ recorded, 0 placeholders/).count()).toBe(1);
    const llmHistory = await summaryHistory(page);
    expect(llmHistory.length).toBeGreaterThan(3);
    expect(llmHistory.every((entry) => !entry.includes('placeholder'))).toBe(true);
    expect(llmHistory[0]).toMatch(/USER_CONTEXT/);

    await chooseSummarizer(page, 'structured', '50');
    await runLive(page);
    await expect.poll(() => page.getByText(/this replay asked \d+: \d+ recorded, 0 placeholders/).count()).toBe(1);
    const structuredHistory = await summaryHistory(page);
    expect(structuredHistory[0]).toMatch(/# State Summary[\s\S]*\*\*User Context\*\*: \S/);

    // The browser called only the fake server for the LLM, always with the key as a bearer token.
    const calls = server().requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/chat/completions'),
    );
    expect(calls.length).toBeGreaterThan(llmHistory.length);
    expect(calls.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    const exported = await exportSession(page, tmp, 'live.session.json');
    expect(readFileSync(exported, 'utf8')).not.toContain(KEY);

    await server().close();
    const name = (await page.locator('.session-header h2').textContent())!;
    await deleteAndImport(page, name, exported);
    await expect.poll(() => page.getByText(/this replay asked \d+: \d+ recorded, 0 placeholders/).count()).toBe(1);
    expect(await summaryHistory(page)).toEqual(structuredHistory);
    await chooseSummarizer(page, 'llm', '40');
    await expect.poll(async () => await summaryHistory(page)).toEqual(llmHistory);
    expect(errors).toEqual([]);
  });
});
