import { describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';

const browser = browserForFile();
const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

describe('keyboard', () => {
  for (const viewport of VIEWPORTS) {
    it(`"?" lists the shortcuts, Esc closes it, the event and the LLM settings; links name the step shown (${viewport.width}×${viewport.height})`, async () => {
      const { page, errors } = await openApp(browser(), '', { viewport });
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      expect(await help.getByText('Next / previous condensation').isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => help.count()).toBe(0);

      await page.getByRole('button', { name: /^LLM settings/ }).click();
      const llm = page.getByRole('dialog', { name: 'LLM settings' });
      await llm.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => llm.count()).toBe(0);
      await page.getByRole('button', { name: /^LLM settings/ }).click();
      await page.getByLabel('Base URL').focus();
      await page.keyboard.press('Escape');
      await expect.poll(() => llm.count()).toBe(0);

      // The side-by-side rows by keyboard: focus the grid, move down a row, Enter opens its event.
      const grid = page.getByRole('grid', { name: 'History and condensed view' });
      await grid.focus();
      const step = await page.locator('.step-label').textContent();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('End');
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      const detail = page.locator('.event-detail');
      await detail.waitFor();
      expect(await page.locator('.step-label').textContent()).toBe(step);
      await page.keyboard.press('Escape');
      await expect.poll(() => detail.count()).toBe(0);

      // Deep links are 1-based, as the page shows steps.
      const url = page.url().replace(/\/step\/\d+$/, '/step/61');
      await page.goto('about:blank');
      await page.goto(url);
      await expect.poll(() => page.getByText('Step 61 of 84', { exact: true }).count()).toBe(1);
      expect(page.url()).toMatch(/\/step\/61$/);
      await page.getByLabel('Step 61 of 84').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.getByText('Step 62 of 84', { exact: true }).count()).toBe(1);
      await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/step\/62$/);
      expect(errors).toEqual([]);
    });
  }
});
