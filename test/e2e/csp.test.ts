import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from './browser.ts';

const browser = browserForFile();

describe('the built app served with a Content-Security-Policy', () => {
  it('sends the policy with the page and the engine worker, and the app runs under it without a violation', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const scripts: Array<{ url: string; csp: string | undefined }> = [];
    page.on('response', (response) => {
      if (/\.js(\?|$)/.test(response.url())) scripts.push({ url: response.url(), csp: response.headers()['content-security-policy'] });
    });
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) => (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`));
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
});
