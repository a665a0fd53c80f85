import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Trace } from '../../src/inspect/index.ts';

export const CONFORMANCE_DIR = join(import.meta.dirname, '..', 'fixtures', 'conformance');

export interface ConformanceCase {
  name: string;
  log: string;
  config: unknown;
  recorded?: boolean;
  llm_script?: unknown[];
  expect_config_error?: boolean;
  expected?: Trace;
}

export function loadCases(): ConformanceCase[] {
  const dir = join(CONFORMANCE_DIR, 'cases');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json.gz'))
    .sort()
    .map((file) => JSON.parse(gunzipSync(readFileSync(join(dir, file))).toString('utf8')) as ConformanceCase);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The conformance checker's comparison (shared/conformance/check.mjs): null when the traces agree. */
export function firstDifference(expected: Trace, actual: Trace): string | null {
  const e = expected.steps;
  const a = actual.steps;
  const conds = (step: Trace['steps'][number]) =>
    step.condensations.map((c) => ({ f: c.forgotten_event_ids, s: c.summary ?? null, o: c.summary_offset ?? null }));
  for (let i = 0; i < e.length; i++) {
    const x = e[i]!;
    const y = a[i];
    if (!y) return `step ${i}: missing (expected ${e.length} steps, got ${a.length})`;
    const at = `step ${i} (before event ${x.before_event_id})`;
    if (y.before_event_id !== x.before_event_id) return `${at}: before_event_id ${y.before_event_id}`;
    if (!same(conds(x), conds(y))) return `${at}: condensations differ: ${JSON.stringify(conds(y)).slice(0, 300)}`;
    if ('error' in x) {
      if (!('error' in y)) return `${at}: expected the condenser to fail here (${x.error})`;
      return a.length === i + 1 ? null : `${at}: replay must stop at a failing step`;
    }
    if ('error' in y) return `${at}: unexpected error ${y.error}`;
    if (!same(x.view, y.view)) return `${at}: view differs`;
    if (!!x.unhandled_condensation_request !== !!y.unhandled_condensation_request) return `${at}: request flag differs`;
  }
  return a.length === e.length ? null : `expected ${e.length} steps, got ${a.length}`;
}
