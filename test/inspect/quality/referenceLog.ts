/**
 * Logs read as `quality_facts.py` reads them (its `load`), for comparing with its output: a list or
 * {"trajectory": [...]} file, a gzipped list (logs copied into test/fixtures/quality/logs), or a folder
 * whose events/*.json (else *.json but base_state.json) are taken in sorted file-name order, which
 * for V0 session folders is 0, 1, 10, 11, ..., 2: the reference's order, not the event ids'.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
export const QUALITY_FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'quality');

export function readGzipJson(path: string): unknown {
  return JSON.parse(gunzipSync(readFileSync(path)).toString('utf8'));
}

/** The events of a log given by its path from the repository root. */
export function readReferenceLog(relativePath: string): unknown[] {
  const path = join(REPO_ROOT, relativePath);
  if (statSync(path).isDirectory()) {
    const nested = join(path, 'events');
    const folder = existsSync(nested) && readdirSync(nested).some((name) => name.endsWith('.json')) ? nested : path;
    const names = readdirSync(folder).filter((name) => name.endsWith('.json') && name !== 'base_state.json');
    // Python's sorted(): by code point, which for these ASCII names is the default sort.
    return names.sort().map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as unknown);
  }
  const raw = path.endsWith('.gz') ? readGzipJson(path) : (JSON.parse(readFileSync(path, 'utf8')) as unknown);
  if (Array.isArray(raw)) return raw;
  const trajectory = (raw as { trajectory?: unknown }).trajectory;
  if (!Array.isArray(trajectory))
    throw new Error(`${relativePath} is neither a list of events nor {"trajectory": [...]}`);
  return trajectory;
}
