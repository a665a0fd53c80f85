/**
 * What every browser bench shares: the app built once into its own folder and served by Vite's
 * preview server, and Debian's Chromium launched headless with nothing running beside the page
 * (no background networking, updates or sync that would take time from what is measured).
 */
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { build, preview } from 'vite';

const root = join(import.meta.dirname, '..');

/** How Debian's Chromium starts on these machines (shared/reference/browser-testing.md): the browser tests use it too. */
export const launchOptions = {
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
};

/** tsx names the functions handed to the page with a helper the page does not have. */
export const KEEP_NAMES = 'window.__name = (f) => f';

export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Builds the app into node_modules/.cache/<name> and serves it on a free port from `port`; `minify`
 * false keeps the code's own names (for a profile).
 */
export async function serveApp(name: string, port: number, { minify = true } = {}): Promise<ServedApp> {
  const outDir = join(root, 'node_modules', '.cache', name);
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, ...(minify ? {} : { minify: false }) } });
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: false },
  });
  return { url: server.resolvedUrls!.local[0]!, close: () => server.close() };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/**
 * A browser with a profile on disk, as a user has: a fresh (incognito) context keeps IndexedDB in
 * memory with a quota of about 100 MB, and refuses big logs.
 */
export function launchWithProfile(
  profileDir: string,
  viewport = { width: 1400, height: 1000 },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { ...launchOptions, viewport });
}

/** A page of `browser` at `viewport` that runs functions handed to it by tsx. */
export async function benchPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.addInitScript(KEEP_NAMES);
  return page;
}

/** Opens the served app and waits for its sample session's first step. */
export async function openApp(page: Page, url: string, timeout = 60_000): Promise<void> {
  await page.goto(url);
  await page.getByText(/^Step \d+ of \d+$/).waitFor({ timeout });
}

/** Imports the log at `path` through the file input and waits until its session shows `selector`. */
export async function importLog(page: Page, path: string, name: string, selector: string): Promise<void> {
  await page.getByLabel('Event log or session file').setInputFiles(path);
  await page.locator('.session-header h2', { hasText: name }).waitFor({ timeout: 900_000 });
  await page.locator(selector).first().waitFor({ timeout: 900_000 });
}
