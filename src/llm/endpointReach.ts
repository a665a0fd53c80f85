import { connectAllows } from '../security/csp.ts';

/** Where the page runs and what its policy lets it reach: enough to tell why an endpoint was not reached. */
export interface PagePolicy {
  /** The page's (or worker's) own address. */
  readonly page: string;
  /** The connect-src origins of its Content-Security-Policy besides itself. */
  readonly connect: readonly string[];
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const PRIVATE =
  /^(10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|169\.254(\.\d{1,3}){2}|\[f[cd][0-9a-f]{2}:[^\]]*\]|\[fe80:[^\]]*\]|[^.]+\.local|[^.]+)$/i;

/** Loopback, a private-network address (RFC 1918, link-local, unique-local, `.local`, a bare host name), or public. */
export function addressSpace(hostname: string): 'loopback' | 'private' | 'public' {
  if (LOOPBACK.test(hostname)) return 'loopback';
  return PRIVATE.test(hostname) ? 'private' : 'public';
}

/** What the page's policy allows, in words, for the message. */
function allowedText(connect: readonly string[]): string {
  if (connect.includes('https:')) return 'https endpoints, and http only on this machine (127.0.0.1, localhost)';
  return connect.join(', ');
}

/**
 * Why the browser will refuse to send this page's requests to `baseURL` before any goes out, or null:
 * the page's Content-Security-Policy does not list it, or an https page would call plain http
 * (mixed content). Said before the request, since a blocked request fails as if the server were down.
 */
export function endpointBlocked(baseURL: string, policy: PagePolicy): string | null {
  let url: URL;
  let page: URL;
  try {
    url = new URL(baseURL);
    page = new URL(policy.page);
  } catch {
    return `${baseURL} is not a URL; the base URL looks like https://api.openai.com/v1.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `${baseURL} is not an http(s) address; the base URL looks like https://api.openai.com/v1.`;
  if (!connectAllows(url, policy.connect, page)) {
    return `This page's Content-Security-Policy does not let it reach ${url.origin}: it allows ${allowedText(policy.connect)}. Use an https address (a reverse proxy in front of the server), or serve the inspector with INSPECTOR_LLM_ORIGINS naming ${url.origin}.`;
  }
  if (page.protocol === 'https:' && url.protocol === 'http:' && addressSpace(url.hostname) !== 'loopback') {
    return `This page is served over https, so the browser refuses plain http requests to ${url.origin} (mixed content). Use an https address for the endpoint.`;
  }
  return null;
}

/**
 * The message for an endpoint that could not be reached at all (no answer, no status): the server or
 * the address, the browser's Private Network Access rule for a private address seen from a public page,
 * or CORS.
 */
export function unreachableText(baseURL: string, policy: PagePolicy | null): string {
  const host = (() => {
    try {
      return new URL(baseURL).hostname;
    } catch {
      return '';
    }
  })();
  const space = addressSpace(host);
  const pageSpace = policy ? addressSpace(new URL(policy.page).hostname) : 'public';
  if (policy && space !== 'public' && pageSpace === 'public') {
    return `Could not reach ${baseURL}, ${space === 'loopback' ? 'on this machine' : 'a private-network address'}: the server may be down, or the browser blocked a public page from reaching it (Private Network Access: the server must answer the preflight with Access-Control-Allow-Private-Network: true and CORS headers).`;
  }
  return `Could not reach ${baseURL}: the server may be down or the address wrong, or it does not allow requests from this page (CORS). Check the base URL, or use a proxy that sends CORS headers.`;
}
