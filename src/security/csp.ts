/**
 * The Content-Security-Policy the app is served with: by `vite preview`, by the dev server, and on a
 * static host through the `_headers` file the build writes (Netlify and Cloudflare Pages read it; the
 * README shows the same header for nginx). Scripts, workers, styles and images come from the app's
 * own origin only; the page cannot be framed; requests go to the app itself and to the LLM endpoints
 * the deployment names (INSPECTOR_LLM_ORIGINS), or, when it names none, to any https origin and to
 * loopback (the key stays in the browser and goes only to the endpoint the user set; the engine
 * worker refuses every other origin in code, see originGuard.ts).
 */

/** Where the app may send requests when the deployment names no LLM endpoint. */
export const DEFAULT_CONNECT = ['https:', 'http://127.0.0.1:*', 'http://localhost:*'] as const;

/** Origins from a space- or comma-separated list (`https://api.openai.com, http://127.0.0.1:8089`); anything else is refused. */
export function llmOrigins(list: string | undefined): string[] {
  if (!list?.trim()) return [...DEFAULT_CONNECT];
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const url = new URL(entry);
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw new Error(`INSPECTOR_LLM_ORIGINS: ${entry} is not an http(s) origin`);
      return url.origin;
    });
}

export interface CspOptions {
  /** Origins the app may call besides itself (the LLM endpoints). */
  readonly connect: readonly string[];
  /** The dev server: Vite's hot reload needs its websocket and injects styles and a React preamble inline. */
  readonly dev?: boolean;
}

function directives({ connect, dev = false }: CspOptions): Array<[string, string[]]> {
  return [
    ['default-src', ["'self'"]],
    ['script-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['worker-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...connect, ...(dev ? ['ws:', 'wss:'] : [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

const joined = (list: Array<[string, string[]]>) =>
  list.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');

export function contentSecurityPolicy(options: CspOptions): string {
  return joined(directives(options));
}

/** Directives a `<meta>` policy may not carry (browsers ignore them there, with a console warning). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/**
 * The same policy for the page's `<meta http-equiv>` tag, for hosts that send no headers: every
 * directive a meta tag can carry (framing is refused by the app itself there, see frameGuard.ts).
 */
export function metaContentSecurityPolicy(options: CspOptions): string {
  return joined(directives(options).filter(([name]) => !HEADER_ONLY.has(name)));
}

/** Every security header the app is served with. */
export function securityHeaders(options: CspOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}

/** The `_headers` file of Netlify and Cloudflare Pages: the same headers on every path. */
export function staticHostHeadersFile(options: CspOptions): string {
  const lines = Object.entries(securityHeaders(options)).map(([name, value]) => `  ${name}: ${value}`);
  return `/*\n${lines.join('\n')}\n`;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
const portOf = (url: URL) => url.port || DEFAULT_PORTS[url.protocol] || '';
/** CSP lets a source of one scheme match its secure upgrade (http: matches https:, ws: matches wss:). */
const schemeMatches = (source: string, actual: string) =>
  source === actual || (source === 'http:' && actual === 'https:') || (source === 'ws:' && actual === 'wss:');

/** Whether one connect-src source (as this file writes them: 'self', a scheme, an origin, `origin:*`) allows `url`. */
function sourceAllows(source: string, url: URL, self: URL): boolean {
  if (source === "'self'") return url.origin === self.origin;
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return schemeMatches(source.toLowerCase(), url.protocol);
  const found = /^([a-z][a-z0-9+.-]*:)\/\/(\*\.)?([^/:]+)(?::(\*|\d+))?\/?$/i.exec(source);
  if (!found) return false;
  const [, scheme, wildcard, host, port] = found;
  if (!schemeMatches(scheme!.toLowerCase(), url.protocol)) return false;
  const hostname = url.hostname.toLowerCase();
  const hostOk = wildcard ? hostname.endsWith(`.${host!.toLowerCase()}`) : hostname === host!.toLowerCase();
  if (!hostOk) return false;
  if (port === '*') return true;
  return (port ?? DEFAULT_PORTS[scheme!.toLowerCase()]) === portOf(url);
}

/** Whether the policy's connect-src (the app itself and `connect`) lets a page at `self` send requests to `url`. */
export function connectAllows(url: URL, connect: readonly string[], self: URL): boolean {
  return ["'self'", ...connect].some((source) => sourceAllows(source, url, self));
}
