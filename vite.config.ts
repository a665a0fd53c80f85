import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { llmOrigins, securityHeaders, staticHostHeadersFile } from './src/security/csp.ts';

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

export default defineConfig({
  plugins: [react(), staticHostHeaders()],
  worker: { format: 'es' },
  // The tokenizer's tables (2 MB) are a chunk of their own, loaded after the first render.
  build: { chunkSizeWarningLimit: 2500 },
  // The policy as response headers (frame-ancestors only works there); the dev server's allows Vite's hot reload.
  server: { host: '127.0.0.1', headers: securityHeaders({ connect, dev: true }) },
  preview: { host: '127.0.0.1', headers: securityHeaders({ connect }) },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['test/engine/**/*.test.ts', 'test/inspect/**/*.test.ts', 'test/scripts/**/*.test.ts', 'test/formats/**/*.test.ts', 'test/templates/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/llm/**/*.test.ts', 'test/fake-llm/**/*.test.ts'],
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
          include: ['test/ui/**/*.test.{ts,tsx}', 'test/store/**/*.test.{ts,tsx}', 'test/storage/**/*.test.ts', 'test/worker/**/*.test.ts'],
          setupFiles: ['test/setup.ts'],
        },
      },
    ],
  },
});
