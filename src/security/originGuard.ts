/**
 * A fetch for the LLM client that reaches one origin only: the endpoint the user set. Whatever else
 * asks it for a request (a base URL changed under it, a redirect to another host) is refused, so the
 * key cannot travel anywhere else even where the page's Content-Security-Policy allows more (a
 * worker's policy comes from its own response headers, which cannot know the user's endpoint).
 */
export class ForeignOriginError extends Error {
  constructor(readonly origin: string) {
    super(
      `the inspector only sends requests to the LLM endpoint you set; ${origin} is another origin, so the request was refused`,
    );
    this.name = 'ForeignOriginError';
  }
}

/** The endpoint answered with a redirect, which is never followed (the key would travel with it). */
export class RedirectRefusedError extends Error {
  constructor(
    readonly status: number,
    /** Where it pointed, when the browser lets us see it (not for another origin's redirects). */
    readonly location: string | null,
  ) {
    super(
      `the endpoint answered with a redirect${location ? ` to ${location}` : ''}, which the inspector does not follow`,
    );
    this.name = 'RedirectRefusedError';
  }
}

export function originGuardedFetch(
  allowedOrigin: string,
  baseFetch: typeof fetch = (...args) => fetch(...args),
): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.origin !== allowedOrigin) throw new ForeignOriginError(url.origin);
    // A redirect could lead elsewhere: never followed. 'manual' (not 'error') so that it can be told
    // from a network failure: the browser hands back an opaque redirect, Node the 3xx itself.
    const response = await baseFetch(input, { ...init, redirect: 'manual' });
    if (
      response.type === 'opaqueredirect' ||
      (response.status >= 300 && response.status < 400 && response.headers.has('location'))
    ) {
      void response.body?.cancel().catch(() => undefined);
      throw new RedirectRefusedError(response.status, response.headers.get('location'));
    }
    return response;
  };
}
