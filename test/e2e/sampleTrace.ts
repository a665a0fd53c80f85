import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT, replayCli } from '../helpers/cli.ts';

export const SAMPLE_LOG = join(ROOT, 'sample-sessions', 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json');
const SAMPLE_SESSION = join(ROOT, 'sample-sessions', 'oh-utils-185.session.json');

export interface TraceStep {
  readonly view: readonly unknown[];
  readonly view_tokens?: number;
  readonly usage?: { prompt_tokens: number; cache_read_tokens: number; cache_write_tokens: number };
  readonly recorded_usage?: { prompt_tokens: number; cache_read_tokens: number; cache_write_tokens: number };
  readonly messages?: unknown[];
}

/**
 * `npm run replay` on the bundled sample, as the app opens it: as recorded, or re-simulated with the
 * sample session's configuration answered by the log's own summaries; `extra` adds trace fields.
 */
export function sampleTrace(mode: 'recorded' | 'resimulate', ...extra: string[]): TraceStep[] {
  const tmp = mkdtempSync(join(tmpdir(), 'e2e-trace-'));
  const args = [SAMPLE_LOG, ...extra];
  if (mode === 'recorded') args.push('--recorded');
  else {
    const session = JSON.parse(readFileSync(SAMPLE_SESSION, 'utf8')) as { session: { config: unknown } };
    const log = JSON.parse(readFileSync(SAMPLE_LOG, 'utf8')) as {
      trajectory: Array<{ action?: string; args?: { summary?: string } }>;
    };
    const summaries = log.trajectory
      .filter((event) => event.action === 'condensation' && event.args?.summary)
      .map((event) => ({ content: event.args!.summary! }));
    writeFileSync(join(tmp, 'config.json'), JSON.stringify(session.session.config));
    writeFileSync(join(tmp, 'script.json'), JSON.stringify(summaries));
    args.push('--config', join(tmp, 'config.json'), '--llm-script', join(tmp, 'script.json'));
  }
  const result = replayCli(...args);
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { steps: TraceStep[] }).steps;
}
