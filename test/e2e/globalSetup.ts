import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build, preview } from 'vite';

const root = join(import.meta.dirname, '..', '..');

/** Builds the app as users get it and serves it on loopback for the browser tests. */
export async function setup(project: TestProject) {
  const outDir = join(root, 'node_modules', '.cache', 'e2e-dist');
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 4317, strictPort: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server has no URL');
  project.provide('baseUrl', url);
  project.provide('distDir', outDir);
  return async () => {
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The built app's folder, for a test that serves it as a host without headers would. */
    distDir: string;
  }
}
