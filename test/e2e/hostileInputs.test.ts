import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gzipBomb } from '../helpers/bombs.ts';
import { wideRangeLog } from '../helpers/hostileLogs.ts';
import { browserForFile, openApp } from './browser.ts';

const tmp = mkdtempSync(join(tmpdir(), 'e2e-hostile-'));
const file = (name: string, content: string | Uint8Array) => {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
};

const browser = browserForFile();

/** Resident memory of the browser's processes (the page and its engine worker live in a renderer). */
async function residentBytes(of: Browser): Promise<number> {
  const session = await of.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ id: number; type: string }>;
  };
  await session.detach();
  let total = 0;
  for (const { id } of processInfo) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'));
      total += Number(kb?.[1] ?? 0) * 1024;
    } catch {
      // A process that ended meanwhile holds nothing.
    }
  }
  return total;
}

/** Samples resident memory every 100 ms while `work` runs; gives its peak above what it was before. */
async function peakGrowth(of: Browser, work: () => Promise<void>): Promise<number> {
  const before = await residentBytes(of);
  let peak = before;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, await residentBytes(of));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampling;
  }
  return peak - before;
}

describe('hostile inputs in the browser (issue 21)', () => {
  it('opens 150 condensations of the range 0..9,999,999 in seconds and little memory (the tab crashed at 3.7 GB)', async () => {
    const { page, errors } = await openApp(browser());
    const path = file('wide.json', JSON.stringify(wideRangeLog(150)));
    const started = performance.now();
    const growth = await peakGrowth(browser(), async () => {
      await page.getByLabel('Event log or session file').setInputFiles(path);
      await expect.poll(() => page.locator('.session-header h2').textContent(), { timeout: 60_000 }).toBe('wide');
      await page.getByText(/^Step \d+ of 150$/).waitFor({ timeout: 60_000 });
    });
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(growth).toBeLessThan(500 * 1024 ** 2);
    expect(errors).toEqual([]);
  }, 120_000);

  it('stops a 5 GB gzip bomb within 15 s, with the reason, never past the import limit plus 300 MB', async () => {
    const { page, errors } = await openApp(browser());
    const path = file('bomb.json.gz', gzipBomb(5e9));
    const started = performance.now();
    const growth = await peakGrowth(browser(), async () => {
      await page.getByLabel('Event log or session file').setInputFiles(path);
      // Its progress shows while it unpacks (the bomb makes 700 MB of less than 1 MB read).
      await page
        .getByRole('status')
        .filter({ hasText: /Unpacking: \d+% of 5 MB/ })
        .waitFor({ timeout: 15_000 });
      await page.getByRole('alert').filter({ hasText: 'was not imported' }).waitFor({ timeout: 60_000 });
    });
    const seconds = (performance.now() - started) / 1000;
    expect(await page.getByRole('alert').textContent()).toContain(
      'the gzip file is damaged: its stream holds more than the 705032704 bytes its size field gives',
    );
    expect(seconds).toBeLessThan(15);
    expect(growth).toBeLessThan(1.5 * 1024 ** 3 + 300 * 1024 ** 2);
    expect(errors).toEqual([]);
  }, 120_000);
});
