import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeServerForFile } from '../helpers/fakeServer.ts';
import { browserForFile, openApp } from './browser.ts';
import { saveLlmSettings } from './llmSettings.ts';

const KEY = 'sk-e2e-kept-1357';
const browser = browserForFile();
const server = fakeServerForFile({ apiKey: KEY });

/** Saves the endpoint and sets up a replay that needs new LLM answers (the llm summarizer at max_size 40). */
async function readyForLiveRun(page: Page, model: string) {
  await saveLlmSettings(page, { baseURL: server().url, model, apiKey: KEY });
  await page.getByLabel('Condenser type (pipeline step 3)').selectOption('llm');
  await page.getByLabel('max_size', { exact: true }).fill('40');
  await page.getByRole('button', { name: `Run with ${model}` }).waitFor();
}

/**
 * Makes IndexedDB refuse writes to the answers table with the QuotaExceededError Chromium raises past
 * the site's quota, once the page sets `storageFull` (Chromium's quota cannot be lowered on the fly).
 */
function refuseAnswerWritesWhenFull() {
  for (const method of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
      if ((window as unknown as { storageFull?: boolean }).storageFull && this.name === 'answers')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    };
  }
}

/** Asks the page to close as a user leaving would; resolves with the warning dialog, or null when it closed without one. */
async function tryToLeave(page: Page): Promise<Dialog | null> {
  const dialog = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
  const closed = new Promise<null>((resolve) => page.once('close', () => resolve(null)));
  await page.close({ runBeforeUnload: true });
  return Promise.race([dialog, closed]);
}

describe('paid answers are never lost without a word, in a browser', () => {
  it('a reload or close during a live run is warned against', async () => {
    const { page, errors } = await openApp(browser());
    await readyForLiveRun(page, 'never-answer');
    await page.getByRole('button', { name: 'Run with never-answer' }).click();
    await page.getByText(/^Asking never-answer: new answer 1/).waitFor();
    const dialog = await tryToLeave(page);
    expect(dialog?.type()).toBe('beforeunload');
    await dialog!.dismiss();
    // Staying: the run is still there to cancel.
    await page.getByRole('button', { name: 'Cancel the run' }).click();
    await expect.poll(() => page.getByText(/^Live run cancelled; the 0 answers received were kept\.$/).count()).toBe(1);
    expect(await tryToLeave(page)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('answers storage refuses keep a lasting "not stored" line and a warning before leaving, until exported', async () => {
    const { page, errors } = await openApp(browser(), '', { beforeStart: refuseAnswerWritesWhenFull });
    await readyForLiveRun(page, 'fake-model');
    // The disk is full from now on: IndexedDB refuses the answers as Chromium does past its quota.
    await page.evaluate(() => ((window as unknown as { storageFull: boolean }).storageFull = true));
    await page.getByRole('button', { name: 'Run with fake-model' }).click();
    const line = page.locator('.unstored-answers');
    await expect
      .poll(() => line.textContent(), { timeout: 30_000 })
      .toMatch(/^\d+ answers? not stored: they are only in this tab\.Export$/);
    await expect
      .poll(
        () =>
          page
            .getByText(
              /^Live run finished with \d+ new answers; \d+ of them are not stored \(export the session to keep them\)\.$/,
            )
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1);
    // The run's last notice goes; the line stays.
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    await expect.poll(() => line.count()).toBe(1);
    const dialog = await tryToLeave(page);
    expect(dialog?.type()).toBe('beforeunload');
    await dialog!.dismiss();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      line.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(await download.failure()).toBeNull();
    await expect.poll(() => line.count()).toBe(0);
    expect(await tryToLeave(page)).toBeNull();
    expect(errors).toEqual([]);
  });
});
