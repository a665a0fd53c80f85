import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

const browser = browserForFile();

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: ReadonlyArray<{ readonly target: readonly unknown[] }>;
}

/** axe-core's serious and critical findings on the page as it is now, one line each (rule, count, first node). */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) does not apply to it.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: Violation[] };
    return result.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) on ${v.nodes.length}, first ${JSON.stringify(v.nodes[0]?.target)}`);
}

describe('axe-core finds nothing serious', () => {
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`at ${viewport.width}×${viewport.height} in ${colorScheme}: every tab, the event detail, both modes, the panels`, async () => {
        const { page, errors } = await openApp(browser(), '', { viewport, colorScheme });
        const found: string[] = [];
        const check = async (where: string) => found.push(...(await seriousViolations(page, where)));
        await page.locator('.sbs-row').first().waitFor();
        await check('opened');
        for (const tab of await page.getByRole('tab').all()) {
          const name = (await tab.textContent()) ?? '';
          await tab.click();
          await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
          if (name === 'Compare') await page.locator('.compare-results').waitFor();
          await check(`tab ${name}`);
        }
        await page.getByRole('tab', { name: 'Side by side' }).click();
        await page.locator('.sbs-row[data-status="forgotten"], .sbs-row[data-status="kept"]').first().click();
        await page.locator('.event-detail').waitFor();
        await check('event detail');
        // The other mode than the one it opened in (the sample opens re-simulated).
        const recorded = await page.getByRole('radio', { name: 'As recorded' }).isChecked();
        const otherMode = recorded ? 'Re-simulate' : 'As recorded';
        await page.getByRole('radio', { name: otherMode }).check();
        await page.locator('.sbs-row').first().waitFor();
        await check(otherMode);
        await page.locator('.library-toggle').click();
        await check('session list toggled');
        await page.getByRole('button', { name: /^LLM settings/ }).click();
        await page.getByRole('dialog', { name: 'LLM settings' }).waitFor();
        await check('LLM settings open');
        expect(found).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      });
    }
  }
});
