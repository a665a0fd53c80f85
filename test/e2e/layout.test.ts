import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const REAL_LOG = join(ROOT, 'sample-sessions', 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const SHOTS = join(ROOT, 'test-results', 'screenshots');
const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

const browser = browserForFile();
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function importRealLog(page: Page) {
  // Below 1280 px the session list starts folded away.
  if ((await page.locator('#session-library').count()) === 0)
    await page.getByRole('button', { name: 'Sessions' }).click();
  await page.getByLabel('Event log or session file').setInputFiles(REAL_LOG);
  await expect
    .poll(() => page.locator('.session-header h2').textContent())
    .toBe('v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond');
}

/** Saved for a reviewer to look at; the path goes to the test output. */
async function screenshot(page: Page, name: string) {
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
}

async function insideViewport(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= size.width + 0.5 &&
    box.y + box.height <= size.height + 0.5
  );
}

describe('one screen, recorded truth first', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}: a log that condensed opens as recorded, N steps through its condensations, nothing overflows`, async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, errors } = await openApp(browser(), '', { viewport, colorScheme });
        await importRealLog(page);
        await expect.poll(() => page.getByRole('radio', { name: 'As recorded' }).isChecked()).toBe(true);
        await expect.poll(() => page.getByRole('tab', { name: 'Summary history (3)' }).count()).toBe(1);
        expect(await page.locator('.slider-marks').getAttribute('data-marks')).toBe('3');
        await page.keyboard.press('Home');
        for (const expected of [40, 61, 81]) {
          await page.keyboard.press('n');
          await expect.poll(() => page.getByText(`Step ${expected} of 84`, { exact: true }).count()).toBe(1);
        }
        for (const selector of [
          '.scrubber',
          'button:has-text("Next condensation")',
          'button:has-text("Previous condensation")',
          '[aria-label="Side by side"]',
          '[aria-label="What the model read"]',
        ]) {
          expect(await insideViewport(page, selector), selector).toBe(true);
        }
        // The messages start right under the find box and take the rest of the pane (the box, a
        // growing field in a row of filters, once took half the column and pushed them down).
        // Measured at one moment: the lines above the box (usage, tool schemas) may still be coming.
        const [findBox, messages, pane] = await page.evaluate(() =>
          ['.transcript .search-box', '.transcript-scroll', '.transcript'].map((selector) => {
            const { x, y, width, height } = document.querySelector(selector)!.getBoundingClientRect();
            return { x, y, width, height };
          }),
        );
        expect(findBox!.height).toBeLessThan(60);
        expect(messages!.y - (findBox!.y + findBox!.height)).toBeLessThan(16);
        expect(pane!.y + pane!.height - (messages!.y + messages!.height)).toBeLessThan(16);
        expect(
          await page.evaluate(
            () =>
              document.documentElement.scrollWidth <= window.innerWidth &&
              document.body.scrollWidth <= window.innerWidth,
          ),
        ).toBe(true);
        await screenshot(page, `recorded-${viewport.width}-${colorScheme}`);
        await page.getByRole('radio', { name: 'Re-simulate' }).check();
        await expect.poll(() => page.getByText(/Re-simulating with the log's own summaries/).count()).toBe(1);
        await screenshot(page, `resimulated-${viewport.width}-${colorScheme}`);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    });
  }
});

describe('defects found in the first run', () => {
  it('shows the first rows after a deep link and after a mode switch, without a scroll', async () => {
    const { page } = await openApp(browser());
    const url = page.url().replace(/\/step\/\d+$/, '/step/61');
    await page.goto('about:blank');
    await page.goto(url);
    await expect.poll(() => page.getByText('Step 61 of 84', { exact: true }).count()).toBe(1);
    const firstRowVisible = async () => {
      const scroller = await page.locator('.sbs-scroll').boundingBox();
      const row = await page.locator('.sbs-row[aria-rowindex="1"]').boundingBox();
      return scroller !== null && row !== null && row.y >= scroller.y - 1 && row.y < scroller.y + 40;
    };
    await expect.poll(firstRowVisible).toBe(true);
    await page.getByRole('radio', { name: 'As recorded' }).check();
    await expect.poll(() => page.locator('.sbs-row[aria-rowindex="1"]').count()).toBe(1);
    await expect.poll(firstRowVisible).toBe(true);
  });

  it('says a linked session is missing, corrects a step that is not a number, and clears the link of a deleted session', async () => {
    const { page } = await openApp(browser());
    const good = page.url();
    await page.evaluate(() => {
      window.location.hash = '#/session/no-such-session/step/3';
    });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^The link names a session this browser does not have \(no-such-session\)/);
    expect(page.url()).toBe(good);
    await page.evaluate(() => {
      window.location.hash = window.location.hash.replace(/\/step\/\d+$/, '/step/abc');
    });
    await expect.poll(() => page.url()).toMatch(/\/step\/\d+$/);
    const name = (await page.locator('.session-header h2').textContent())!;
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: `Confirm deleting ${name}` }).click();
    await expect.poll(() => page.url()).not.toContain('#/session/');
    await expect.poll(() => page.getByText('No session open').count()).toBe(1);
  });

  it('moves steps with the keys from anywhere but a field, and skips past the session list', async () => {
    const { page } = await openApp(browser());
    await page.locator('.transcript').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByText('Step 41 of 84', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Export reproduction file' }).focus();
    await page.keyboard.press('p');
    await expect.poll(() => page.getByText('Step 40 of 84', { exact: true }).count()).toBe(1);
    await page.locator('summary', { hasText: 'Notes' }).click();
    await page.getByLabel(/^Notes on this session/).focus();
    await page.keyboard.press('n');
    expect(await page.getByText('Step 40 of 84', { exact: true }).count()).toBe(1);
    await page.reload();
    await page.getByText(/^Step \d+ of \d+$/).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the session' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await skip.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('workspace');
  });

  it('opens an event in full beside the panes, as OpenHands prints it and as raw JSON', async () => {
    const { page } = await openApp(browser());
    await page.locator('.sbs-row[data-status="kept"]').nth(2).click();
    const detail = page.locator('.event-detail');
    await expect.poll(() => detail.getByLabel('Event text').textContent()).toMatch(/^\*\*|^[A-Z]/);
    expect(JSON.parse((await detail.getByLabel('Raw JSON').textContent())!)).toHaveProperty('id');
    expect(await insideViewport(page, '.event-detail')).toBe(true);
    expect(
      await page
        .getByText(/^Before event/)
        .first()
        .getAttribute('title'),
    ).toBe('The logged event the agent produced after this LLM call');
  });
});
