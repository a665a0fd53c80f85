import { describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';

const browser = browserForFile();
const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

describe('search', () => {
  for (const viewport of VIEWPORTS) {
    it(`finds "Trajectory not found" in the 185-event log and lands on a highlighted hit (${viewport.width}×${viewport.height})`, async () => {
      const { page, errors } = await openApp(browser(), '', { viewport });
      await page.getByRole('tab', { name: 'Events' }).click();
      const table = page.locator('.event-table');
      const box = table.getByLabel('Search events');
      await box.fill('Trajectory not found');
      await box.press('Enter');
      const status = table.locator('.search-count');
      await expect.poll(() => status.textContent()).toMatch(/^1 of \d+$/);
      const hits = Number(/of (\d+)/.exec((await status.textContent())!)![1]);
      // The engine's full-text search over the log's JSON: the 14 events the issue counted.
      expect(hits).toBe(14);
      expect(await table.getByText(`Showing ${hits} of 185 events`).count()).toBe(1);

      const current = page.locator('.event-detail mark.search-hit.current');
      await current.waitFor();
      expect((await current.textContent())!.toLowerCase()).toBe('trajectory not found');
      const markBox = (await current.boundingBox())!;
      const detailBox = (await page.locator('.event-detail').boundingBox())!;
      // Landed on: the hit is on screen, inside the event's panel, and its row is the selected one.
      expect(markBox.y).toBeGreaterThanOrEqual(Math.max(0, detailBox.y));
      expect(markBox.y + markBox.height).toBeLessThanOrEqual(Math.min(viewport.height, detailBox.y + detailBox.height));
      const selectedRow = table.locator('[role="row"][aria-selected="true"]');
      expect(await selectedRow.count()).toBe(1);
      const firstId = await page.locator('.event-detail h4').textContent();

      await box.press('Enter');
      await expect.poll(() => status.textContent()).toBe(`2 of ${hits}`);
      await expect.poll(() => page.locator('.event-detail h4').textContent()).not.toBe(firstId);
      expect(await page.locator('.event-detail mark.search-hit').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  }
});
