import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, openApp } from './browser.ts';
import { sampleTrace } from './sampleTrace.ts';

const browser = browserForFile();
const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/** Every text the page draws on a canvas (the charts' axis labels and ticks), recorded as drawn. */
function recordCanvasText() {
  const drawn: string[] = [];
  (window as unknown as { drawnText: string[] }).drawnText = drawn;
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    drawn.push(String(text));
    return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
  };
}

/** Moves the pointer over a chart at a step (1-based) and reads its legend: the step and each series' figure. */
async function hover(page: Page, chart: string, step: number, steps: number) {
  const box = (await page.locator(`${chart} .u-over`).boundingBox())!;
  await page.mouse.move(box.x + ((step - 1) / (steps - 1)) * box.width, box.y + box.height / 2);
  const legend = page.locator(`${chart} .chart-legend`);
  await expect.poll(() => legend.getAttribute('data-step')).toBe(String(step));
  const figures: Record<string, string> = {};
  for (const item of await legend.locator('.chart-legend-item').all())
    figures[(await item.getAttribute('data-series'))!] = (await item.locator('.chart-legend-value').textContent())!;
  return figures;
}

const n = (value: number | undefined) => value!.toLocaleString('en-US');

describe('charts that read', () => {
  const trace = sampleTrace('recorded', '--tokens', '--usage', 'anthropic');

  for (const viewport of VIEWPORTS) {
    it(`labels the axes with their units and shows on hover the trace's figures (${viewport.width}×${viewport.height})`, async () => {
      const { page, errors } = await openApp(browser(), '', { viewport, beforeStart: recordCanvasText });
      await page.getByRole('radio', { name: 'As recorded' }).check();
      const usage = page.locator('.usage-chart');
      await usage.locator('.u-over').waitFor();
      const drawn = await page.evaluate(() => (window as unknown as { drawnText: string[] }).drawnText);
      for (const label of ['step', 'events', 'tokens', 'US$']) expect(drawn).toContain(label);

      for (const step of [12, 40, 61]) {
        const view = await hover(page, '.view-size-chart', step, trace.length);
        expect(view).toEqual({ events: String(trace[step - 1]!.view.length), tokens: n(trace[step - 1]!.view_tokens) });
        const prompt = await hover(page, '.usage-chart', step, trace.length);
        expect(prompt['prompt est.']).toBe(n(trace[step - 1]!.usage?.prompt_tokens));
        expect(prompt['prompt recorded']).toBe(n(trace[step - 1]!.recorded_usage?.prompt_tokens));
        expect(prompt['cache read recorded']).toBe(n(trace[step - 1]!.recorded_usage?.cache_read_tokens));
      }

      // A click on a chart moves the step there; the pointer gone, the legend shows the current step.
      const box = (await page.locator('.view-size-chart .u-over').boundingBox())!;
      await page.mouse.click(box.x + (20 / (trace.length - 1)) * box.width, box.y + box.height / 2);
      await expect.poll(() => page.getByText(`Step 21 of ${trace.length}`).count()).toBe(1);
      await page.mouse.move(1, 1);
      await expect.poll(() => page.locator('.view-size-chart .chart-legend').getAttribute('data-step')).toBe('21');
      expect(await page.locator('.view-size-chart .step-cursor').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    });
  }
});
