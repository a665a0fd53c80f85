import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { llmOrigins, metaContentSecurityPolicy, securityHeaders, staticHostHeadersFile } from './src/security/csp.ts';

const connect = llmOrigins(process.env.INSPECTOR_LLM_ORIGINS);

/** Writes the static host's `_headers` (Netlify, Cloudflare Pages) beside the built app, from the same policy. */
function staticHostHeaders(): Plugin {
  return {
    name: 'static-host-headers',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: staticHostHeadersFile({ connect }) });
    },
  };
}

/**
 * The policy as a `<meta>` tag in index.html, written from the same source as the headers: on a host
 * that ignores `_headers`, the meta is all there is (as strict as a meta can be).
 */
function policyMetaTag(): Plugin {
  let dev = false;
  const charset = '<meta charset="UTF-8" />';
  return {
    name: 'csp-meta-tag',
    configResolved(config) {
      dev = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(charset))
          throw new Error(`index.html: no ${charset} to put the Content-Security-Policy after`);
        const content = metaContentSecurityPolicy({ connect, dev }).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        // Right after the charset, before any script or style: a meta policy covers only what follows it.
        return html.replace(
          charset,
          `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${content}" />`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), staticHostHeaders(), policyMetaTag()],
  // The endpoints the policy lets the app reach, so that the app can say so before a request is blocked.
  define: { __INSPECTOR_CONNECT__: JSON.stringify(connect) },
  worker: { format: 'es' },
  // The tokenizer's tables (2 MB) are a chunk of their own, loaded after the first render.
  build: { chunkSizeWarningLimit: 2500 },
  // The policy as response headers (frame-ancestors only works there); the dev server's allows Vite's hot reload.
  server: { host: '127.0.0.1', headers: securityHeaders({ connect, dev: true }) },
  preview: { host: '127.0.0.1', headers: securityHeaders({ connect }) },
  test: {
    restoreMocks: true,
    // Vitest leaves one core free by default: on a 2-core machine that is one test file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: [
            'test/engine/**/*.test.ts',
            'test/scripts/**/*.test.ts',
            'test/formats/**/*.test.ts',
            'test/templates/**/*.test.ts',
            'test/cli/**/*.test.ts',
            'test/llm/**/*.test.ts',
            'test/fake-llm/**/*.test.ts',
            'test/inspect/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          // Most of these start the real store on the 185-event sample (a replay, then its usage): on a loaded
          // 2-core machine that alone can pass the default 5 s.
          testTimeout: 15_000,
          include: [
            'test/ui/**/*.test.{ts,tsx}',
            'test/store/**/*.test.{ts,tsx}',
            'test/storage/**/*.test.ts',
            'test/worker/**/*.test.ts',
          ],
          setupFiles: ['test/setup.ts'],
        },
      },
    ],
  },
});
