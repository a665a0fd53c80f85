import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';
import { deleteAndImport, exportSession } from './sessionFile.ts';

const browser = browserForFile();
const tmp = mkdtempSync(join(tmpdir(), 'e2e-compare-'));
/** The step the compare figures are read at (1-based): the sample's first condensation, re-simulated. */
const STEP = 40;

/** Moves the pointer over the view size chart at a step (1-based) and reads the legend's lost facts there. */
async function lostFactsOnHover(page: Page, step: number, steps: number): Promise<string | null> {
  const box = (await page.locator('.view-size-chart .u-over').boundingBox())!;
  await page.mouse.move(box.x + ((step - 1) / (steps - 1)) * box.width, box.y + box.height / 2);
  const legend = page.locator('.view-size-chart .chart-legend');
  await expect.poll(() => legend.getAttribute('data-step')).toBe(String(step));
  return legend.locator('[data-series="facts lost"] .chart-legend-value').textContent();
}

/** Goes to the first step (the per-step table's Home key), then on to the first condensation. */
async function goToFirstCondensation(page: Page) {
  await page.getByRole('group', { name: /^A and B per step/ }).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => page.getByText(/^Step \d+ of \d+$/).textContent()).toMatch(/^Step 1 of/);
  await page.getByRole('button', { name: /Next condensation/ }).click();
  await expect.poll(() => page.getByText(/^Step \d+ of \d+$/).textContent()).toMatch(new RegExp(`^Step ${STEP} of`));
}

/** What the Compare tab shows once settled: the step's card, the per-step rows on screen, the run's totals. */
async function compareFigures(page: Page) {
  const rows = (selector: string) =>
    page
      .locator(selector)
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  return {
    step: await rows('.compare-step'),
    perStep: await rows('.per-step-diff tbody'),
    totals: await rows('.compare-table'),
  };
}

/** Settled: every dollar of the step and of the run estimated, facts lost counted for both, the kept ids listed. */
function settled(figures: Awaited<ReturnType<typeof compareFigures>>): boolean {
  const total = figures.totals.find((row) => row.startsWith('Total'));
  const lost = figures.totals.find((row) => row.startsWith('Facts used after leaving the view'));
  const dollars = figures.step.find((row) => row.startsWith('Dollars'));
  // The events only one side keeps are listed by id once the step's diff has arrived.
  const kept = figures.step.find((row) => row.startsWith('Kept by one side only'));
  // "23: #50–#72 none": a bare count ("23 none") means the ids are still on their way.
  const keptListed = !!kept && !/(^|\s)[\d,]+(\s|$)/.test(kept.slice('Kept by one side only'.length));
  return !!total?.match(/\$.*\$/) && !!lost && !lost.includes('–') && !!dollars && !/ – /.test(dollars) && keptListed;
}

describe('compare and facts lost in a browser', () => {
  it('marks the steps that used lost facts with the Facts lost tab’s counts; a re-imported reproduction file shows the same compare figures', async () => {
    const { page, errors } = await openApp(browser(), '', { viewport: { width: 1440, height: 900 } });
    const steps = Number((await page.getByText(/^Step \d+ of \d+$/).textContent())!.match(/of (\d+)/)![1]);

    // Each step the Facts lost tab lists: the chart's mark there names as many facts.
    await page.getByRole('tab', { name: /^Facts lost/ }).click();
    const lossy = page.locator('.lossy-steps button');
    await lossy.first().waitFor();
    const listed = (await lossy.allTextContents()).map((text) =>
      text
        .match(/^Step (\d+): (\d+)$/)!
        .slice(1)
        .map(Number),
    );
    expect(listed.length).toBeGreaterThan(0);
    for (const [step, count] of listed) expect(await lostFactsOnHover(page, step!, steps)).toBe(String(count));
    // A click on the mark goes to its step, where the tab lists as many facts.
    const [markStep, markCount] = listed[0]!;
    const box = (await page.locator('.view-size-chart .u-over').boundingBox())!;
    await page.mouse.click(box.x + ((markStep! - 1) / (steps - 1)) * box.width, 2 + box.y);
    await expect.poll(() => page.getByText(`Step ${markStep} of ${steps}`).count()).toBe(1);
    expect(await page.locator('.missing-facts li').count()).toBe(markCount);

    // Configuration B other than the default (max_size 30, not the halved 40): its figures at a step.
    await page.getByRole('tab', { name: 'Compare' }).click();
    await page.locator('.compare-results').waitFor();
    const condensationsOfB = () =>
      page
        .locator('.compare-table tr', { hasText: /^Condensations/ })
        .locator('td')
        .last()
        .textContent();
    const defaultB = await condensationsOfB();
    await page.locator('.compare-config').getByLabel('max_size', { exact: true }).fill('30');
    // The comparison of the new B has arrived (B condenses more often), not the default one's.
    await expect.poll(condensationsOfB, { timeout: 60_000 }).not.toBe(defaultB);
    await goToFirstCondensation(page);
    await expect.poll(async () => settled(await compareFigures(page)), { timeout: 60_000 }).toBe(true);
    const before = await compareFigures(page);
    expect(before.step[0]).toMatch(/^A B B − A Recorded run$/);
    expect(before.perStep.some((row) => row.startsWith(`${STEP} `))).toBe(true);

    // Export, delete, import the file: the same comparison, B's setting included.
    const name = (await page.locator('.session-header h2').textContent())!;
    await deleteAndImport(page, name, await exportSession(page, tmp));
    await page.getByRole('tab', { name: 'Compare' }).click();
    expect(await page.locator('.compare-config').getByLabel('max_size', { exact: true }).inputValue()).toBe('30');
    await page.locator('.compare-results').waitFor({ timeout: 60_000 });
    await goToFirstCondensation(page);
    await expect.poll(() => compareFigures(page), { timeout: 60_000 }).toEqual(before);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
