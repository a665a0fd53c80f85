/**
 * How long one step change takes to paint, in Debian's Chromium at 1440×900, on the bundled 185-event
 * sample and on a generated log of about 10 MB (BENCH_STEP_EVENTS events to pick another size):
 * → is pressed (a keydown on the page), and the time is taken when the messages pane shows the new
 * step's messages (its DOM has them, nothing stale) and again at the next animation frame, the one
 * that paints them. The engine worker's last answer before that splits the time: waiting for the
 * worker (the step's view and messages) and rendering what it sent. Each step change waits for the page to be idle first. Reported: medians and p95
 * over STEP_CHANGES changes, re-simulated and as recorded.
 * Run with `npx tsx bench/stepPaint.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { benchPage, importLog, launchBrowser, openApp, serveApp } from './chromium.ts';
import { generateLog } from './generateLog.ts';
import { spread } from './stats.ts';
import { scratchDir } from './scratchDir.ts';

const EVENTS = Number(process.env.BENCH_STEP_EVENTS ?? 11_000);
/** BENCH_STEP_SAMPLE_ONLY=1: the bundled sample only (no 10 MB log). */
const SAMPLE_ONLY = process.env.BENCH_STEP_SAMPLE_ONLY === '1';
const STEP_CHANGES = 40;

const median = (values: readonly number[]) => (values.length ? spread(values).median : NaN);
const p95 = (values: readonly number[]) => (values.length ? spread(values).p95 : NaN);

/** In the page, before the app: notes when the engine worker last answered. */
function noteWorkerAnswers() {
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', () => {
        (window as unknown as { workerAnsweredAt: number }).workerAnsweredAt = performance.now();
      });
    }
  };
}

/** In the page: presses → once and times the pane's update (DOM) and the frame after it (paint). */
function stepOnce(): Promise<{ dom: number; paint: number; worker: number } | null> {
  // The step the messages pane shows: the one whose messages it holds (a slow answer moves the step label first).
  const label = () => document.querySelector('.transcript-scroll')?.getAttribute('data-step') ?? '';
  const ready = (before: string) => {
    const pane = document.querySelector('.transcript-scroll');
    return label() !== before && pane !== null && pane.getAttribute('aria-busy') === 'false';
  };
  return new Promise((resolve) => {
    const before = label();
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (!ready(before)) return;
      observer.disconnect();
      clearTimeout(timeout);
      const dom = performance.now() - started;
      const answered = (window as unknown as { workerAnsweredAt?: number }).workerAnsweredAt ?? 0;
      const worker = answered > started ? answered - started : 0;
      requestAnimationFrame(() => resolve({ dom, paint: performance.now() - started, worker }));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const timeout = setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, 5000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
  });
}

async function measure(page: Page, name: string): Promise<void> {
  for (const mode of ['Re-simulate', 'As recorded'] as const) {
    await page.getByRole('radio', { name: mode }).check();
    await page.waitForTimeout(1500);
    await page.keyboard.press('Home');
    await page.waitForTimeout(500);
    const runs: Array<{ dom: number; paint: number; worker: number }> = [];
    for (let k = 0; k < STEP_CHANGES; k++) {
      const run = await page.evaluate(stepOnce);
      if (run) runs.push(run);
      await page.waitForTimeout(120);
    }
    const dom = runs.map((r) => r.dom);
    const paint = runs.map((r) => r.paint);
    const worker = runs.map((r) => r.worker);
    const render = runs.map((r) => r.paint - r.worker);
    console.log(
      `${name.padEnd(24)} ${mode.padEnd(12)} messages in the DOM: median ${median(dom).toFixed(1)} ms (p95 ${p95(dom).toFixed(1)}); painted: median ${median(paint).toFixed(1)} ms (p95 ${p95(paint).toFixed(1)}); of which the worker's answer: median ${median(worker).toFixed(1)} ms, rendering it to paint: median ${median(render).toFixed(1)} ms (p95 ${p95(render).toFixed(1)}); ${runs.length} step changes`,
    );
  }
}

const server = await serveApp('bench-step-dist', 4347);
const logPath = join(scratchDir('bench-step-'), 'bench-step.json');
const text = JSON.stringify(generateLog(EVENTS));
writeFileSync(logPath, text);
const browser = await launchBrowser();

try {
  const page = await benchPage(browser);
  await page.addInitScript(noteWorkerAnswers);
  await openApp(page, server.url);
  await page.locator('.transcript-scroll').waitFor();
  console.log('\nstep change to paint (→ once, the messages pane of the new step)');
  await measure(page, 'sample, 185 events');
  if (!SAMPLE_ONLY) {
    await importLog(page, logPath, 'bench-step', '.transcript-scroll');
    await measure(page, `${(text.length / 1e6).toFixed(0)} MB, ${EVENTS.toLocaleString('en-US')} events`);
  }
} finally {
  await browser.close();
  await server.close();
}
