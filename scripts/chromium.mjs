// The browser tests drive Debian's Chromium (test/e2e/browser.ts). On a fresh machine it is not there
// yet: as root we install it with apt-get; otherwise one line says what to run.
//
//   CHROMIUM_PATH               the browser the tests start (default /usr/bin/chromium)
//   CHROMIUM_INSTALL_DRY_RUN=1  print the install commands instead of running them (to check this
//                               path without changing the machine)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const INSTALL = [
  ['apt-get', ['update', '-qq']],
  ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']],
];

const commandLine = (prefix) => INSTALL.map(([command, args]) => `${prefix}${command} ${args.join(' ')}`).join(' && ');

/** Makes sure the browser is there; returns { ok, path, message }. */
export function ensureChromium(env = process.env, isRoot = process.getuid?.() === 0) {
  const path = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (existsSync(path)) return { ok: true, path, message: null };
  const say = (message) => {
    process.stdout.write(`${message}\n`);
    return { ok: false, path, message };
  };
  if (!isRoot)
    return say(
      `Chromium is missing at ${path}; the browser tests need it: run \`${commandLine('sudo ')}\`, then npm test again.`,
    );
  process.stdout.write(`\n== installing Debian's Chromium for the browser tests (${path} is missing)\n`);
  for (const [command, args] of INSTALL) {
    if (env.CHROMIUM_INSTALL_DRY_RUN === '1') {
      process.stdout.write(`(dry run) ${command} ${args.join(' ')}\n`);
      continue;
    }
    const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0)
      return say(
        `Installing Chromium failed (${command} ${args.join(' ')} exited with ${result.status ?? result.signal}); run \`${commandLine('')}\` by hand, then npm test again.`,
      );
  }
  if (existsSync(path)) return { ok: true, path, message: null };
  return say(
    `Chromium is still missing at ${path} after the install; apt-get puts it at ${DEFAULT_CHROMIUM}: unset CHROMIUM_PATH or point it there.`,
  );
}
