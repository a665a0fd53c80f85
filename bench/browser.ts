/**
 * The app in Debian's Chromium with a generated 12,000-event log (about 10 MB):
 * - import and first render: from handing the file to the page until the session's panes show it;
 * - a max_size change: from the input event until the chart and both panes show the new replay;
 * - the page's JS heap after the import (after a garbage collection).
 * Run with `npm run bench` (after the engine benchmark) or `npx tsx bench/browser.ts`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { generateLog } from './generateLog.ts';

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'node_modules', '.cache', 'bench-dist');
await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 4327, strictPort: false } });
const url = server.resolvedUrls!.local[0]!;

const log = generateLog(12_000);
const text = JSON.stringify(log, null, 1);
const logPath = join(mkdtempSync(join(tmpdir(), 'bench-')), 'bench-12k.json');
writeFileSync(logPath, text);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--expose-gc'],
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(url);
  await page.getByText(/^Step \d+ of \d+$/).waitFor();

  const started = Date.now();
  await page.getByLabel('Event log or session file').setInputFiles(logPath);
  await page.locator('.session-header h2', { hasText: 'bench-12k' }).waitFor();
  await page.locator('.sbs-row').first().waitFor();
  await page.getByText(/^Step \d+ of \d+$/).waitFor();
  const importMs = Date.now() - started;
  const steps = await page.getByText(/^Step \d+ of \d+$/).textContent();
  // Token counting runs after the first render; let it finish before measuring steady-state work.
  await page.locator('.legend.tokens').waitFor({ timeout: 120_000 });

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };

  const changes: number[] = [];
  const values = [110, 100, 90, 80, 70, 120, 95, 85, 75, 105, 115, 65, 88, 92, 118];
  for (const value of values) {
    const ms = await page.evaluate(async (maxSize) => {
      const input = document.querySelector<HTMLInputElement>('.config-form input[type="number"][min="2"]');
      const chart = document.querySelector('.events-line');
      const facts = document.querySelector('.side-by-side-facts');
      if (!input || !chart || !facts) throw new Error('the panes are not on the page');
      const before = `${chart.getAttribute('points')}|${facts.textContent}`;
      const changed = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (`${chart.getAttribute('points')}|${facts.textContent}` !== before) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const start = performance.now();
      setValue.call(input, String(maxSize));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await changed;
      // Until the updated panes are painted.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now() - start;
    }, value);
    changes.push(ms);
    if (process.env.BENCH_VERBOSE) console.log(value, ms.toFixed(0), await page.locator('.replay-status').textContent());
  }

  console.log(`12,000-event log (${(text.length / 1e6).toFixed(1)} MB), ${steps}`);
  console.log(`import and first render: ${importMs} ms`);
  // The first changes also pay for compiling the replay code paths; the rest is the steady state.
  const first = changes.slice(0, 3);
  const warm = changes.slice(3);
  console.log(`max_size change to updated panes: first three ${first.map((ms) => ms.toFixed(0)).join(', ')} ms; then median ${median(warm).toFixed(0)} ms (min ${Math.min(...warm).toFixed(0)}, max ${Math.max(...warm).toFixed(0)}, ${warm.length} changes)`);
  console.log(`page JS heap after import: ${(heap.usedSize / 1e6).toFixed(1)} MB used of ${(heap.totalSize / 1e6).toFixed(1)} MB`);
} finally {
  await browser.close();
  await server.close();
}
