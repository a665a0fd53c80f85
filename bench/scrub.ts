/**
 * Scrubbing a big log by holding →: a generated log of about 100 MB is imported in Debian's Chromium,
 * then the → key is "held" (keydown at 30 Hz, a keyboard's auto-repeat) for three seconds, twice: as
 * recorded (the view grows with the log) and re-simulated with OpenHands' server default (120 events).
 * Reported: frames painted per second while scrubbing, the longest frame, and how many steps moved.
 * Run with `npm run bench` or `npx tsx bench/scrub.ts` (BENCH_SCRUB_EVENTS to change the size).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { generateLog } from './generateLog.ts';

const EVENTS = Number(process.env.BENCH_SCRUB_EVENTS ?? 110_000);
const root = join(import.meta.dirname, '..');
const outDir = join(root, 'node_modules', '.cache', 'bench-scrub-dist');
await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({
  root,
  logLevel: 'warn',
  build: { outDir },
  preview: { host: '127.0.0.1', port: 4337, strictPort: false },
});
const url = server.resolvedUrls!.local[0]!;

const text = JSON.stringify(generateLog(EVENTS));
const logPath = join(mkdtempSync(join(tmpdir(), 'bench-scrub-')), 'bench-scrub.json');
writeFileSync(logPath, text);

const browser = await chromium.launch({
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
  ],
});

/** Holds → for `ms` in the page and counts what got painted meanwhile. */
function hold(ms: number) {
  return new Promise<{ fps: number; longestFrame: number; moved: number }>((resolve) => {
    const label = () => Number(/Step (\d+)/.exec(document.querySelector('.step-label')?.textContent ?? '')?.[1] ?? 0);
    const from = label();
    let frames = 0;
    let last = performance.now();
    let longest = 0;
    const started = last;
    const frame = (now: number) => {
      frames++;
      longest = Math.max(longest, now - last);
      last = now;
      if (now - started < ms) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const timer = setInterval(
      () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })),
      33,
    );
    setTimeout(() => {
      clearInterval(timer);
      // Let the last step settle before reading where the scrubber stands.
      setTimeout(() => resolve({ fps: (frames * 1000) / ms, longestFrame: longest, moved: label() - from }), 300);
    }, ms);
  });
}

try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx keeps function names with a helper the page does not have.
  await page.addInitScript('window.__name = (f) => f');
  await page.goto(url);
  await page.getByText(/^Step \d+ of \d+$/).waitFor();
  const started = Date.now();
  await page.getByLabel('Event log or session file').setInputFiles(logPath);
  await page.locator('.session-header h2', { hasText: 'bench-scrub' }).waitFor({ timeout: 600_000 });
  await page.locator('.sbs-row').first().waitFor({ timeout: 600_000 });
  console.log(
    `\nscrubbing by holding →, ${EVENTS.toLocaleString('en-US')} events (${(text.length / 1e6).toFixed(0)} MB), imported in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const mode of ['Re-simulate', 'As recorded'] as const) {
    await page.getByRole('radio', { name: mode }).check();
    await page.waitForTimeout(2000);
    await page.keyboard.press('Home');
    await page.waitForTimeout(500);
    const runs: Array<{ fps: number; longestFrame: number; moved: number }> = [];
    for (let k = 0; k < 3; k++) runs.push(await page.evaluate(hold, 3000));
    const median = (pick: (run: (typeof runs)[number]) => number) => runs.map(pick).sort((a, b) => a - b)[1]!;
    console.log(
      `${mode.padEnd(12)} ${median((r) => r.fps).toFixed(0)} frames/s (runs ${runs.map((r) => r.fps.toFixed(0)).join(', ')}), longest frame ${median((r) => r.longestFrame).toFixed(0)} ms, ${median((r) => r.moved)} steps in 3 s`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
