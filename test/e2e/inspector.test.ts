import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';
import { deleteAndImport, exportSession } from './sessionFile.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const REAL_LOG = join(ROOT, 'sample-sessions', 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const LOG_NAME = 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond';
const tmp = mkdtempSync(join(tmpdir(), 'e2e-'));

const browser = browserForFile();

async function importFile(page: Page, path: string) {
  await page.getByLabel('Event log or session file').setInputFiles(path);
}

async function summaryHistoryText(page: Page): Promise<string[]> {
  await page.getByRole('tab', { name: /Summary history/ }).click();
  return page.locator('.summary-entry').allInnerTexts();
}

describe('the inspector in a browser', () => {
  it('imports a real log, tunes max_size and shows both panes and the summary history; a reproduction file replays the same', async () => {
    const { page, errors } = await openApp(browser());
    await importFile(page, REAL_LOG);
    await expect.poll(() => page.locator('.session-header h2').textContent()).toBe(LOG_NAME);
    await expect.poll(() => page.getByText(/^Step \d+ of 84$/).count()).toBe(1);

    // A log that condensed opens as recorded; re-simulate OpenHands' server default at max_size 80,
    // answered with the log's own summaries.
    await expect.poll(() => page.getByRole('radio', { name: 'As recorded' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Re-simulate' }).check();
    await page.getByLabel('max_size', { exact: true }).fill('80');
    await page.getByRole('button', { name: "Use the log's 3 recorded summaries as answers" }).click();
    await expect.poll(() => page.getByText(/this replay asked 3: 3 recorded, 0 placeholders/).count()).toBe(1);

    await page.getByRole('button', { name: /Next condensation/ }).click();
    await expect.poll(() => page.getByText('Step 40 of 84').count()).toBe(1);
    await expect
      .poll(() => page.locator('.side-by-side-facts').textContent())
      .toBe('39 kept · 0 masked · 43 forgotten · the agent saw 40 items');
    const summaryRow = page.locator('[data-status="summary"]');
    await expect
      .poll(() => summaryRow.locator('.sbs-right').textContent())
      .toMatch(/^USER_CONTEXT: Debug trajectory download function/);
    const firstForgotten = page.locator('[data-status="forgotten"]').first();
    expect(await firstForgotten.locator('.sbs-left').textContent()).toMatch(/^#7 read \(agent\)/);
    expect(await firstForgotten.locator('.sbs-right').textContent()).toBe('forgotten');
    // Links number steps as the page does: Step 40 is /step/40 (written once the step rests).
    await expect.poll(() => page.url()).toMatch(/#\/session\/[^/]+\/step\/40$/);

    const history = await summaryHistoryText(page);
    expect(history).toHaveLength(3);
    expect(history[0]).toMatch(
      /^Condensation 1: step 40, before event 86\s+Forgets 7–49 \(43 ids\) · summary at position 4/,
    );
    expect(history[1]).toMatch(/Forgets 50–92 \(43 ids\)/);

    // A tighter max_size condenses more often; answers for the new prompts are placeholders.
    await page.getByLabel('max_size', { exact: true }).fill('40');
    await expect.poll(async () => (await summaryHistoryText(page)).length).toBeGreaterThan(3);
    expect((await summaryHistoryText(page))[0]).toMatch(/placeholder: no LLM answer was recorded/);
    await page.getByRole('tab', { name: 'Side by side' }).click();
    await expect.poll(() => page.locator('.step-facts').textContent()).toMatch(/view of (\d|[1-3]\d|40) events/);
    // Facts lost arrive after the replay; wait for them so both reads compare settled pages.
    await expect
      .poll(async () => (await summaryHistoryText(page)).some((entry) => entry.includes('Dropped facts')))
      .toBe(true);
    const tuned = await summaryHistoryText(page);

    // Export, delete, import the file: the same replay.
    const exported = await exportSession(page, tmp);
    const file = JSON.parse(readFileSync(exported, 'utf8')) as {
      format: string;
      session: { config: { condensers: Array<{ max_size?: number }> } };
    };
    expect(file.format).toBe('condenser-inspector-session');
    expect(file.session.config.condensers[2]!.max_size).toBe(40);
    await deleteAndImport(page, LOG_NAME, exported);
    await expect.poll(() => summaryHistoryText(page)).toEqual(tuned);
    expect(errors).toEqual([]);
  });

  it('never runs HTML from a log', async () => {
    const { page, errors } = await openApp(browser());
    const hostile = [
      {
        id: 0,
        source: 'user',
        message: '<script>window.__pwned = 1</script>',
        action: 'message',
        args: { content: '<script>window.__pwned = 1</script>' },
      },
      {
        id: 1,
        source: 'agent',
        message: '<img src=x onerror="window.__pwned = 2">',
        action: 'run',
        args: { command: '<img src=x onerror="window.__pwned = 2">' },
        tool_call_metadata: { model_response: { id: 'r1' } },
      },
      {
        id: 2,
        source: 'agent',
        cause: 1,
        message: '<iframe src="javascript:window.__pwned = 6">',
        observation: 'run',
        content: '<img src=x onerror="window.__pwned = 3"><b>bold?</b>',
        extras: { command: 'x', screenshot: 'javascript:window.__pwned=4' },
      },
      {
        id: 3,
        source: 'agent',
        message: 'done',
        action: 'finish',
        args: { thought: '<svg onload="window.__pwned = 5">' },
        tool_call_metadata: { model_response: { id: 'r2' } },
      },
    ];
    const path = join(tmp, 'hostile.json');
    writeFileSync(path, JSON.stringify(hostile));
    await importFile(page, path);
    await expect.poll(() => page.locator('.session-header h2').textContent()).toBe('hostile');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect
      .poll(() => page.locator('.sbs-right').filter({ hasText: '<img src=x onerror=' }).count())
      .toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Events' }).click();
    for (const index of [0, 1, 2, 3]) await page.locator('.table-row:not(.header)').nth(index).click();
    await expect.poll(() => page.getByLabel('Raw JSON', { exact: true }).textContent()).toContain('svg onload');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(
      await page
        .locator('.workspace img, .workspace script, .workspace iframe, .workspace svg[onload], .workspace b')
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });

  it('deep-links to a session and step, and moves by keyboard', async () => {
    const { page } = await openApp(browser());
    const url = page.url().replace(/\/step\/\d+$/, '/step/61');
    await page.goto('about:blank');
    await page.goto(url);
    await expect.poll(() => page.getByText('Step 61 of 84').count()).toBe(1);
    await page.getByLabel('Step 61 of 84').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByText('Step 62 of 84').count()).toBe(1);
    await page.keyboard.press('p');
    await expect.poll(() => page.getByText('Step 61 of 84').count()).toBe(1);
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByText('Step 1 of 84').count()).toBe(1);
  });

  it('follows the system’s dark mode and lets the user choose', async () => {
    const { page } = await openApp(browser());
    await page.emulateMedia({ colorScheme: 'dark' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(20, 23, 29)');
    await page.getByLabel('Theme').selectOption('light');
    expect(await background()).toBe('rgb(247, 248, 250)');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });
});
