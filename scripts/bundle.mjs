// The esbuild options every bundle of the command line shares (scripts/run-bundled.mjs for npm run
// replay/sweep/bench and the tests, scripts/build-cli.mjs for the bin), written once.
import { join } from 'node:path';

/**
 * zod's namespace import carries every locale's error messages (about a quarter of the bundle, parsed
 * and compiled at every start); the command line speaks English only, so its locales module is English.
 */
function englishOnlyZod(root) {
  return {
    name: 'zod-english-only',
    setup(build) {
      build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
        args.importer.includes(`${join('node_modules', 'zod')}`) ? { path: 'zod-locales', namespace: 'zod-en' } : null,
      );
      build.onLoad({ filter: /.*/, namespace: 'zod-en' }, () => ({
        contents: `export { default as en } from ${JSON.stringify(join(root, 'node_modules/zod/v4/locales/en.js'))};`,
        resolveDir: root,
      }));
    },
  };
}

export function bundleOptions(root) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies bundled too: one file loads faster than hundreds of node_modules files. The
    // tokenizer's tables (megabytes) stay outside, loaded only by the runs that count tokens.
    external: ['gpt-tokenizer', 'gpt-tokenizer/*'],
    plugins: [englishOnlyZod(root)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}
