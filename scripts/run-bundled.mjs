#!/usr/bin/env node
// Runs a TypeScript entry point (the replay CLI, the benchmark) from an esbuild bundle that is rebuilt
// whenever a source file is newer: the code then runs as it does in production, without a
// transpile-on-load layer in the timings.
import { mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleOptions } from './bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: run-bundled.mjs <entry.ts> [args...]\n');
  process.exit(2);
}

function newestMtime(dir) {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const outDir = join(root, 'node_modules', '.cache', 'condenser-inspector');
// Named after the entry's path: src/cli/sweep.ts and bench/sweep.ts must not share a bundle.
const outFile = join(outDir, `${entry.replace(/\.ts$/, '').replace(/[\\/]+/g, '-')}.mjs`);
const sourcesChanged = Math.max(
  newestMtime(join(root, 'src')),
  newestMtime(join(root, 'bench')),
  statSync(join(root, 'package-lock.json')).mtimeMs,
);
let builtAt = 0;
try {
  builtAt = statSync(outFile).mtimeMs;
} catch {
  // not built yet
}
if (builtAt < sourcesChanged) {
  mkdirSync(outDir, { recursive: true });
  // Built beside and renamed into place, so a concurrent run never imports a half-written bundle.
  const partial = `${outFile}.${process.pid}.tmp`;
  const { build } = await import('esbuild');
  await build({ ...bundleOptions(root), entryPoints: [join(root, entry)], outfile: partial });
  renameSync(partial, outFile);
}
process.argv = [process.argv[0], outFile, ...args];
await import(pathToFileURL(outFile).href);
