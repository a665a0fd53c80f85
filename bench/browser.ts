/**
 * The app in Debian's Chromium with generated logs of about 10 MB, 100 MB and 1 GB (BENCH_SIZES, in
 * bytes, comma-separated, to pick others), each in a fresh browser context:
 * - JSON.parse of the same file in the page (decoded and parsed in pieces of 64 MB: past ~512 MB no
 *   string holds it): the yardstick for the import;
 * - import and first render: from handing the file to the page until the session's panes show it;
 * - max_size changes while the token counts are still being computed, and after (median);
 * - scroll frame times: the history pane scrolled 400 px a frame for 120 frames (median, p95);
 * - the page's JS heap after the import.
 * Run with `npm run bench` (after the engine benchmarks) or `npx tsx bench/browser.ts`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { eventsForBytes, logFile } from './logFiles.ts';

const root = `${import.meta.dirname}/..`;
const outDir = `${root}/node_modules/.cache/bench-dist`;
const sizes = (process.env.BENCH_SIZES ?? '10e6,100e6,1e9').split(',').map(Number);

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({
  root,
  logLevel: 'warn',
  build: { outDir },
  preview: { host: '127.0.0.1', port: 4327, strictPort: false },
});
const url = server.resolvedUrls!.local[0]!;
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--js-flags=--expose-gc',
  ],
};
const browser = await chromium.launch(launchOptions);

/** decode + JSON.parse of the file in the page, in pieces of whole lines (one event a line). */
async function jsonParseMs(page: Page, path: string): Promise<number> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-baseline';
    document.body.append(input);
  });
  await page.setInputFiles('#bench-baseline', path);
  return page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('#bench-baseline')!;
    const bytes = new Uint8Array(await input.files![0]!.arrayBuffer());
    input.remove();
    const decoder = new TextDecoder();
    const started = performance.now();
    let count = 0;
    for (let start = 0; start < bytes.length;) {
      let end = Math.min(bytes.length, start + 64 * 1024 * 1024);
      end = end === bytes.length ? end : bytes.indexOf(0x0a, end) + 1 || bytes.length;
      const piece = decoder
        .decode(bytes.subarray(start, end))
        .trim()
        .replace(/^\[/, '')
        .replace(/\]$/, '')
        .replace(/,$/, '');
      count += (JSON.parse(`[${piece}]`) as unknown[]).length;
      start = end;
    }
    if (count === 0) throw new Error('nothing parsed');
    return performance.now() - started;
  });
}

/** Sets max_size and waits until the chart and the panes show the new replay, painted. */
function changeMaxSize(page: Page, value: number): Promise<number> {
  return page.evaluate(async (maxSize) => {
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
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - start;
  }, value);
}

/** Frame times while the history pane scrolls 400 px a frame. */
function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('.sbs-scroll');
    if (!scroller) throw new Error('no history pane');
    const frames: number[] = [];
    let last = performance.now();
    for (let k = 0; k < 120; k++) {
      scroller.scrollTop += 400;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    return frames;
  });
}

const tokensCounted = (page: Page) =>
  page
    .locator('.legend.tokens')
    .count()
    .then((n) => n > 0);

try {
  for (const target of sizes) {
    const events = eventsForBytes(target);
    const generating = Date.now();
    const { path, bytes } = logFile(events);
    const label = `${(bytes / 1e6).toFixed(0)} MB (${events.toLocaleString('en-US')} events)`;
    console.log(
      `\n== ${label}${Date.now() - generating > 1000 ? `, generated in ${((Date.now() - generating) / 1000).toFixed(0)} s` : ''}`,
    );

    // The yardstick, in a context of its own so its parsed copy is gone before the import.
    const baselineContext = await browser.newContext();
    const baselinePage = await baselineContext.newPage();
    await baselinePage.goto(`${url}bench-blank`);
    const parseMs = await jsonParseMs(baselinePage, path);
    await baselineContext.close();
    console.log(`JSON.parse of the file (decoded and parsed in 64 MB pieces): ${ms(parseMs)}`);

    // A profile on disk, as a user has: a fresh (incognito) context keeps IndexedDB in memory with a
    // quota of about 100 MB, and refuses the log.
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'bench-profile-')), {
      ...launchOptions,
      viewport: { width: 1400, height: 1000 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.getByText(/^Step \d+ of \d+$/).waitFor({ timeout: 60_000 });
    // The sample session has finished opening (its transcript counted, the tokenizer loaded): the
    // import is timed alone.
    await page
      .getByText(/^[\d,]+ tok$/)
      .first()
      .waitFor({ timeout: 60_000 });
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
    const started = Date.now();
    await page.getByLabel('Event log or session file').setInputFiles(path);
    await page.locator('.session-header h2', { hasText: name }).waitFor({ timeout: 600_000 });
    await page.locator('.sbs-row').first().waitFor({ timeout: 600_000 });
    await page.getByText(/^Step \d+ of \d+$/).waitFor({ timeout: 600_000 });
    const importMs = Date.now() - started;
    const steps = await page.getByText(/^Step \d+ of \d+$/).textContent();
    console.log(`import and first render: ${ms(importMs)} (${(importMs / parseMs).toFixed(2)}x JSON.parse); ${steps}`);

    const during: number[] = [];
    for (const value of [110, 90, 100, 80, 120, 95, 105]) {
      if (await tokensCounted(page)) break;
      during.push(await changeMaxSize(page, value));
    }
    const stillCounting = !(await tokensCounted(page));
    console.log(
      during.length
        ? `max_size change while tokens are counted: median ${ms(median(during))} (${during.map((value) => value.toFixed(0)).join(', ')} ms${stillCounting ? '; still counting after them' : ''})`
        : 'max_size change while tokens are counted: the count was done before the first change',
    );
    await page.locator('.legend.tokens').waitFor({ timeout: 900_000 });
    const countedMs = Date.now() - started;

    const changes: number[] = [];
    for (const value of [110, 100, 90, 80, 70, 120, 95, 85, 75, 105, 115])
      changes.push(await changeMaxSize(page, value));
    const warm = changes.slice(2);
    console.log(
      `tokens counted ${ms(countedMs)} after the import started; max_size change after: median ${ms(median(warm))} (min ${ms(Math.min(...warm))}, max ${ms(Math.max(...warm))}, ${warm.length} changes)`,
    );

    const frames = await scrollFrames(page);
    console.log(
      `scrolling the history: frame median ${ms(median(frames))}, p95 ${ms(percentile(frames, 0.95))}, max ${ms(Math.max(...frames))} (120 frames)`,
    );

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    console.log(
      `page JS heap after import: ${(heap.usedSize / 1e6).toFixed(0)} MB${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
