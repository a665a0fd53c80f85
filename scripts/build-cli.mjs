#!/usr/bin/env node
// Builds the command line's bin, dist/cli.js (`node dist/cli.js replay ...`, `npx condenser-inspector
// sweep ...`): an esbuild bundle split by command, so that a run loads only what its command needs,
// minified (less to parse at every start), with no npm or transpiler in front of it.
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from './bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
mkdirSync(outdir, { recursive: true });
rmSync(join(outdir, 'cli'), { recursive: true, force: true });
const options = bundleOptions(root);
await build({
  ...options,
  entryPoints: { cli: join(root, 'src', 'cli', 'bin.ts') },
  outdir,
  splitting: true,
  chunkNames: 'cli/[name]-[hash]',
  minify: true,
  banner: { js: `#!/usr/bin/env node\n${options.banner.js}` },
});
chmodSync(join(outdir, 'cli.js'), 0o755);
