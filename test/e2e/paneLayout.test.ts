import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';

const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

const browser = browserForFile();

/** Visible elements past the window's edge that no scrolling pane holds: content the user cannot reach. */
function unreachable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scrolls = (element: Element) => /auto|scroll/.test(getComputedStyle(element).overflowY);
    const found: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.height === 0 || box.width === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (box.bottom <= window.innerHeight + 1 && box.right <= window.innerWidth + 1) continue;
      let parent = element.parentElement;
      while (parent && !scrolls(parent)) parent = parent.parentElement;
      if (!parent) found.push(`${element.tagName}.${element.className}`);
    }
    return found;
  });
}

/** Whether the page itself scrolls (it must not: each pane scrolls on its own). */
async function pageScrolls(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    window.scrollTo(0, 10_000);
    const moved = (document.scrollingElement?.scrollTop ?? 0) > 0;
    window.scrollTo(0, 0);
    return moved;
  });
}

describe('every pane usable on one screen', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}: no page scroll, nothing out of reach, full names on hover, the mode in the title`, async () => {
      const { page, errors } = await openApp(browser(), '', { viewport });
      const heading = page.locator('.session-header h2');
      expect(await heading.getAttribute('title')).toBe(await heading.textContent());
      const mode = page.locator('.session-header .session-mode');
      expect(await mode.textContent()).toBe(
        (await page.getByRole('radio', { name: 'As recorded' }).isChecked())
          ? 'As recorded'
          : 'Re-simulated with the settings',
      );
      for (const tab of await page.getByRole('tab').all()) {
        const name = await tab.textContent();
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
        if (name === 'Compare') await page.locator('.compare-results').waitFor();
        expect(await unreachable(page), `tab ${name}`).toEqual([]);
        expect(await pageScrolls(page), `tab ${name}`).toBe(false);
      }
      await page.getByRole('tab', { name: 'Events' }).click();
      const summary = await page.getByRole('columnheader', { name: 'summary' }).boundingBox();
      // At 1024 px with the settings open it was 51 px: tokens and text cut to nothing.
      expect(summary!.width).toBeGreaterThan(100);
      expect(await page.getByRole('columnheader', { name: 'tokens' }).isVisible()).toBe(true);
      await page.getByRole('radio', { name: 'As recorded' }).check();
      await expect.poll(() => mode.textContent()).toBe('As recorded');
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
