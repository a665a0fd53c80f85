import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONNECT,
  connectAllows,
  contentSecurityPolicy,
  llmOrigins,
  metaContentSecurityPolicy,
  staticHostHeadersFile,
} from '../../src/security/csp.ts';
import { ForeignOriginError, RedirectRefusedError, originGuardedFetch } from '../../src/security/originGuard.ts';
import { rejected } from '../helpers/thrown.ts';

describe('Content-Security-Policy', () => {
  it('allows only the app’s own scripts, workers and styles, no framing, and the named LLM origins', () => {
    const policy = contentSecurityPolicy({ connect: llmOrigins('https://api.openai.com/v1, http://127.0.0.1:8089') });
    expect(policy).toBe(
      "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self' https://api.openai.com http://127.0.0.1:8089; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('falls back to https and loopback, and the dev server adds its hot-reload socket and inline preamble', () => {
    expect(llmOrigins(undefined)).toEqual([...DEFAULT_CONNECT]);
    const dev = contentSecurityPolicy({ connect: llmOrigins(''), dev: true });
    expect(dev).toContain("script-src 'self' 'unsafe-inline'");
    expect(dev).toContain("connect-src 'self' https: http://127.0.0.1:* http://localhost:* ws: wss:");
    expect(() => llmOrigins('ftp://example.org')).toThrow(/not an http\(s\) origin/);
  });

  it('writes the <meta> policy from the same source: every directive a meta can carry, no http: to any host, no blob: workers', () => {
    for (const options of [
      { connect: DEFAULT_CONNECT },
      { connect: llmOrigins('https://api.openai.com'), dev: true },
    ]) {
      const header = contentSecurityPolicy(options);
      expect(metaContentSecurityPolicy(options)).toBe(header.replace("; frame-ancestors 'none'", ''));
    }
    const meta = metaContentSecurityPolicy({ connect: DEFAULT_CONNECT });
    expect(meta).not.toMatch(/\bhttp: |blob:/);
    expect(meta).toContain("worker-src 'self';");
  });

  it('knows what its connect-src allows, as the browser matches it', () => {
    const page = new URL('http://127.0.0.1:4173/');
    const allows = (url: string, connect: readonly string[] = DEFAULT_CONNECT) =>
      connectAllows(new URL(url), connect, page);
    expect(allows('http://127.0.0.1:4173/assets/x.json')).toBe(true);
    expect(allows('https://api.openai.com/v1')).toBe(true);
    expect(allows('http://127.0.0.1:8089/v1')).toBe(true);
    expect(allows('http://localhost/v1')).toBe(true);
    expect(allows('http://192.168.1.20:8000/v1')).toBe(false);
    expect(allows('http://api.openai.com/v1')).toBe(false);
    const named = llmOrigins('https://api.openai.com, http://10.0.0.5:8000');
    expect(allows('https://api.openai.com:443/v1', named)).toBe(true);
    expect(allows('https://api.openai.com:8443/v1', named)).toBe(false);
    expect(allows('http://10.0.0.5:8000/v1', named)).toBe(true);
    expect(allows('https://10.0.0.5:8000/v1', named)).toBe(true);
    expect(allows('http://10.0.0.5:8001/v1', named)).toBe(false);
  });

  it('writes the static host’s _headers file from the same policy', () => {
    const file = staticHostHeadersFile({ connect: ['https://api.openai.com'] });
    expect(file.split('\n')[0]).toBe('/*');
    expect(file).toContain("  Content-Security-Policy: default-src 'self';");
    expect(file).toContain('  X-Frame-Options: DENY');
  });
});

describe('the worker’s fetch for the LLM client', () => {
  it('reaches the endpoint’s origin only', async () => {
    const seen: Array<{ url: string; redirect: RequestRedirect | undefined }> = [];
    const guarded = originGuardedFetch('http://127.0.0.1:8089', async (input, init) => {
      seen.push({ url: String(input), redirect: init?.redirect });
      return new Response('{}');
    });
    await guarded('http://127.0.0.1:8089/v1/chat/completions', { method: 'POST' });
    expect(seen).toEqual([{ url: 'http://127.0.0.1:8089/v1/chat/completions', redirect: 'manual' }]);
    const error = await rejected(guarded(new URL('https://attacker.example/collect'), {}), ForeignOriginError);
    expect(error.message).toMatch(/https:\/\/attacker\.example is another origin/);
    expect(seen).toHaveLength(1);
  });

  it('never follows a redirect, and says it was one (in the browser an opaque redirect, in Node the 3xx)', async () => {
    const node = originGuardedFetch('http://127.0.0.1:8089', async () =>
      Response.redirect('http://127.0.0.1:9999/v1/chat/completions', 307),
    );
    const error = await rejected(node('http://127.0.0.1:8089/v1/chat/completions'), RedirectRefusedError);
    expect([error.status, error.location]).toEqual([307, 'http://127.0.0.1:9999/v1/chat/completions']);
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response;
    const browser = originGuardedFetch('http://127.0.0.1:8089', async () => opaque);
    expect(
      (await rejected(browser('http://127.0.0.1:8089/v1/chat/completions'), RedirectRefusedError)).location,
    ).toBeNull();
  });
});
