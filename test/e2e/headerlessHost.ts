import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * The built app served as a static host that ignores `_headers` does: files and their types, no
 * security header at all (only the page's `<meta>` policy applies). Started before the file's tests.
 */
export function headerlessHostForFile(): () => string {
  let url: string | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const root = inject('distDir');
    const server = createServer((request, response) => {
      const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
      const file = join(root, path === '/' ? 'index.html' : path);
      readFile(file).then(
        (body) =>
          response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
        () => response.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
  });
  afterAll(async () => {
    await close?.();
  });
  return () => {
    if (!url) throw new Error('the host is not started yet (use it inside a test)');
    return url;
  };
}
