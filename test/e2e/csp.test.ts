import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from './browser.ts';
import { headerlessHostForFile } from './headerlessHost.ts';

const browser = browserForFile();
const headerless = headerlessHostForFile();

type Violations = { violations: string[] };

describe('the built app served with a Content-Security-Policy', () => {
  it('sends the policy with the page and the engine worker, and the app runs under it without a violation', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const scripts: Array<{ url: string; csp: string | undefined }> = [];
    page.on('response', (response) => {
      if (/\.js(\?|$)/.test(response.url()))
        scripts.push({ url: response.url(), csp: response.headers()['content-security-policy'] });
    });
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { violations: string[] }).violations.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        ),
      );
    });
    const response = await page.goto(inject('baseUrl'));
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.getByText(/^Step \d+ of \d+$/).waitFor();
    const worker = scripts.find((script) => /engine\.worker|condenser-engine|worker/i.test(script.url));
    expect(worker?.csp).toBe(csp);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await context.close();
  });

  it('puts the same policy in the page’s <meta>, all but what only a header can carry', async () => {
    const response = await fetch(inject('baseUrl'));
    const header = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/
      .exec(html)?.[1]
      ?.replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(meta).toBe(header.replace("; frame-ancestors 'none'", ''));
    expect(meta).not.toMatch(/\bhttp: |blob:/);
  });

  it('on a host that sends no headers, the <meta> alone keeps the page from plain http to other machines, and the app refuses to run framed', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as Violations).violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as Violations).violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const response = await page.goto(headerless());
    expect(response?.headers()['content-security-policy']).toBeUndefined();
    await page.getByText(/^Step \d+ of \d+$/).waitFor();
    const outcome = await page.evaluate(async () => {
      try {
        await fetch('http://192.168.1.20:8000/v1/models');
        return 'fetched';
      } catch {
        return 'refused';
      }
    });
    expect(outcome).toBe('refused');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as Violations).violations))
      .toEqual(['connect-src http://192.168.1.20:8000/v1/models']);

    // Framed by another page (the host cannot say frame-ancestors): the app does not start.
    const framing = await context.newPage();
    await framing.setContent(`<iframe src="${headerless()}" width="800" height="400"></iframe>`);
    const frame = framing.frameLocator('iframe');
    await frame
      .getByText('The Condenser Inspector does not run inside another page. Open it in its own tab.')
      .waitFor();
    expect(await frame.locator('.app').count()).toBe(0);
    await context.close();
  });
});
