import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchOptions } from '../../bench/chromium.ts';

/** Debian's Chromium, started as these machines allow (see shared/reference/browser-testing.md), as the benches do. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/** One browser for the tests of a file: launched before them, closed after; call it for the browser. */
export function browserForFile(): () => Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return () => {
    if (!launched) throw new Error('the browser is not launched yet (use it inside a test)');
    return launched;
  };
}

export interface OpenedPage {
  readonly page: Page;
  /** Errors the page raised: a test fails on any. */
  readonly errors: string[];
}

/** A fresh browser context (empty IndexedDB) on the app, started with the bundled sample open. */
export interface PageOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly colorScheme?: 'light' | 'dark';
  /** Runs in the page before the app (playwright's init script), e.g. to simulate a full disk. */
  readonly beforeStart?: () => void;
}

export async function openApp(browser: Browser, hash = '', options: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1400, height: 1000 },
    colorScheme: options.colorScheme ?? 'light',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (options.beforeStart) await page.addInitScript(options.beforeStart);
  await page.goto(`${inject('baseUrl')}${hash}`);
  await page.getByText(/^Step \d+ of \d+$/).waitFor();
  // The app writes the open session into the URL once it has followed the link it was opened with.
  await page.waitForURL(/#\/session\//);
  return { page, errors };
}
