import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Runs scripts/chromium.mjs's check in a child process, as npm test does, with a browser path that does not exist. */
function ensure(asRoot: boolean, env: Record<string, string>) {
  const script = `import { ensureChromium } from './scripts/chromium.mjs'; process.stdout.write('RESULT' + JSON.stringify(ensureChromium(process.env, ${asRoot})));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const [printed, json] = result.stdout.split('RESULT');
  return { printed: printed!, result: JSON.parse(json!) as { ok: boolean; path: string; message: string | null } };
}

const missing = '/nonexistent/chromium-for-this-test';

describe('npm test on a machine without Chromium', () => {
  it('says in one line what to run when it cannot install (not root)', () => {
    const { printed, result } = ensure(false, { CHROMIUM_PATH: missing });
    expect(result.ok).toBe(false);
    expect(printed.trim().split('\n')).toHaveLength(1);
    expect(printed).toContain(`Chromium is missing at ${missing}`);
    expect(printed).toContain(
      'sudo apt-get update -qq && sudo apt-get install -y -qq --no-install-recommends chromium',
    );
  });

  it('installs Debian’s chromium with apt-get as root (dry run), then checks the browser is there', () => {
    const { printed, result } = ensure(true, { CHROMIUM_PATH: missing, CHROMIUM_INSTALL_DRY_RUN: '1' });
    expect(printed).toContain('(dry run) apt-get update -qq');
    expect(printed).toContain('(dry run) apt-get install -y -qq --no-install-recommends chromium');
    // The dry run installed nothing, so the path is still missing and says so.
    expect(result.ok).toBe(false);
    expect(result.message).toContain('still missing');
  });

  it('finds a browser that is there without installing anything', () => {
    const { printed, result } = ensure(true, { CHROMIUM_PATH: process.execPath, CHROMIUM_INSTALL_DRY_RUN: '1' });
    expect(result).toEqual({ ok: true, path: process.execPath, message: null });
    expect(printed).toBe('');
  });
});
