/**
 * Scrubbing a big log by holding →: a generated log of about 100 MB is imported in Debian's Chromium,
 * then the → key is "held" (keydown at 30 Hz, a keyboard's auto-repeat) for three seconds, twice: as
 * recorded (the view grows with the log) and re-simulated with OpenHands' server default (120 events).
 * Reported: frames painted per second while scrubbing, the longest frame, and how many steps moved.
 * Run with `npm run bench` or `npx tsx bench/scrub.ts` (BENCH_SCRUB_EVENTS to change the size).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchPage, importLog, launchBrowser, openApp, serveApp } from './chromium.ts';
import { generateLog } from './generateLog.ts';
import { scratchDir } from './scratchDir.ts';

const EVENTS = Number(process.env.BENCH_SCRUB_EVENTS ?? 110_000);
const server = await serveApp('bench-scrub-dist', 4337);

const text = JSON.stringify(generateLog(EVENTS));
const logPath = join(scratchDir('bench-scrub-'), 'bench-scrub.json');
writeFileSync(logPath, text);

const browser = await launchBrowser();

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
  const page = await benchPage(browser);
  await openApp(page, server.url);
  const started = Date.now();
  await importLog(page, logPath, 'bench-scrub', '.sbs-row');
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
