import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeServerForFile } from '../helpers/fakeServer.ts';
import { browserForFile, openApp } from './browser.ts';
import { saveLlmSettings } from './llmSettings.ts';
import { deleteAndImport, exportSession } from './sessionFile.ts';

const KEY = 'sk-e2e-counterfactual-6060';
const tmp = mkdtempSync(join(tmpdir(), 'e2e-counterfactual-'));
const browser = browserForFile();
const server = fakeServerForFile({ apiKey: KEY, delayMs: 0 });

/** At step 61, asks two samples a side and reads both sides as the dialog shows them. */
async function askAtStep61(page: Page) {
  await page.locator('.step-slider').fill('60');
  await expect.poll(() => page.getByText('Step 61 of', { exact: false }).count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'What would B have done?' }).click();
  const dialog = page.getByRole('dialog', { name: 'What would B have done?' });
  await dialog.getByLabel('Samples per side').fill('2');
  await dialog.getByRole('button', { name: 'Ask at step 61' }).click();
  const floor = dialog.getByRole('region', { name: 'As recorded (noise floor)' });
  const candidate = dialog.getByRole('region', { name: 'Under B' });
  await floor.waitFor({ timeout: 60_000 });
  const shown = {
    floor: await floor.getByRole('listitem').allInnerTexts(),
    candidate: await candidate.getByRole('listitem').allInnerTexts(),
    headings: [await floor.getByRole('heading').innerText(), await candidate.getByRole('heading').innerText()],
    recorded: await dialog.getByRole('region', { name: 'What the agent did' }).innerText(),
  };
  await dialog.getByRole('button', { name: 'Close' }).click();
  return shown;
}

describe('What would B have done? in a browser', () => {
  it('asks the fake server at one step of the 185-event log, then shows the same answers offline after export and import', async () => {
    const { page, errors } = await openApp(browser());
    await saveLlmSettings(page, { baseURL: server().url, model: 'noisy-agent', apiKey: KEY });
    // B: the session's summarizer at half its size (its new summaries are placeholders).
    await page.getByLabel('max_size', { exact: true }).fill('40');
    await page.getByLabel('keep_first', { exact: true }).fill('2');

    const online = await askAtStep61(page);
    expect(online.floor).toHaveLength(2);
    expect(online.candidate).toHaveLength(2);
    expect(online.floor[0]).not.toEqual(online.floor[1]);
    expect(online.headings[0]).toMatch(/^As recorded \(noise floor\) agreement \d+%$/);
    expect(online.headings[1]).toMatch(/^Under B agreement \d+%$/);
    expect(online.recorded).toMatch(/execute_bash/);
    const asked = server().requests.filter((request) =>
      Array.isArray((request.body as { tools?: unknown } | undefined)?.tools),
    );
    expect(asked).toHaveLength(4);
    expect(asked.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    const exported = await exportSession(page, tmp, 'counterfactual.session.json');
    expect(readFileSync(exported, 'utf8')).not.toContain(KEY);
    expect(readFileSync(exported, 'utf8')).toContain('counterfactual:');

    // Offline: the server is gone, the session deleted and imported again from its file.
    await server().close();
    const name = (await page.locator('.session-header h2').textContent())!;
    await deleteAndImport(page, name, exported);
    const offline = await askAtStep61(page);
    expect(offline).toEqual(online);
    expect(errors).toEqual([]);
  }, 240_000);
});
