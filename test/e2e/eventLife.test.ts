import { describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';

const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

const browser = browserForFile();

describe('an event’s life', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}: a forgotten event’s lifeline names its condensation; the lanes fold runs and cut at condensations`, async () => {
      const { page, errors } = await openApp(browser(), '', { viewport });
      await page.getByRole('radio', { name: 'As recorded' }).check();
      await page.locator('.sbs-row[data-status="forgotten"]').nth(3).click();
      const life = page.getByRole('region', { name: 'Its life across the steps' });
      await expect
        .poll(() => life.getByText(/^Forgotten before step/).textContent())
        .toBe('Forgotten before step 40 by condensation #85, whose summary stands for it');
      expect(await life.getByText(/^In view: steps \d+–39$/).count()).toBe(1);
      const strip = await life.getByRole('img').boundingBox();
      expect(strip!.width).toBeGreaterThan(60);
      // The condensation's link goes to the step it ran before.
      await page.keyboard.press('End');
      await life.getByRole('button', { name: '#85' }).click();
      await expect.poll(() => page.getByText('Step 40 of 84', { exact: true }).count()).toBe(1);

      await page.getByRole('tab', { name: 'Event lanes' }).click();
      await expect.poll(() => page.getByText(/^185 events in \d+ lanes over 84 steps/).count()).toBe(1);
      const folded = page.getByRole('button', { name: /^#7 – #49 \(43 events\)/ });
      expect(await folded.getAttribute('title')).toMatch(/forgotten before step 40$/);
      // Each lane draws the three condensations as cuts.
      expect(await folded.locator('.life-cut').count()).toBe(3);
      await folded.click();
      await page.getByRole('tab', { name: 'Side by side' }).click();
      await expect.poll(() => page.locator('.event-detail h4').textContent()).toMatch(/^Event #7 /);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
