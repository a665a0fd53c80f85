import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReplayCommand } from '../../src/cli/replayCommand.ts';
import { QUALITY_FIXTURES, REPO_ROOT, readGzipJson } from '../inspect/quality/referenceLog.ts';
import { scratchFiles } from '../helpers/cli.ts';

interface ExpectedCase {
  readonly replay_args: string[];
  readonly quality: unknown;
  readonly steps: ReadonlyArray<{ readonly before_event_id: unknown; readonly quality: unknown }>;
}
interface Expected {
  readonly log: string;
  readonly cases: Readonly<Record<string, ExpectedCase>>;
}

async function replay(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runReplayCommand(args, { stdout: (text) => out.push(text), stderr: (text) => err.push(text) });
  expect(err.join('')).not.toMatch(/unexpected/);
  expect(status).toBe(0);
  return JSON.parse(out.join('')) as {
    quality: unknown;
    steps: Array<{ before_event_id: unknown; quality?: unknown; error?: string }>;
  };
}

/** The reference's answers (quality_facts.py beside our own trace), one file per public log. */
const expectedFiles = readdirSync(join(QUALITY_FIXTURES, 'expected')).map(
  (name) => readGzipJson(join(QUALITY_FIXTURES, 'expected', name)) as Expected,
);
const files = scratchFiles('quality-');
const config = (value: unknown) =>
  files.file(`${JSON.stringify(value).replace(/\W+/g, '-')}.json`, JSON.stringify(value));

function expectSameQuality(trace: Awaited<ReturnType<typeof replay>>, expected: ExpectedCase) {
  expect(trace.quality).toEqual(expected.quality);
  expect(trace.steps.map((step) => [step.before_event_id, step.quality ?? null])).toEqual(
    expected.steps.map((step) => [step.before_event_id, step.quality]),
  );
}

describe('replay --quality equals the reference (shared/conformance/quality_facts.py)', () => {
  it.each(expectedFiles.filter((file) => file.cases.recorded).map((file) => [file.log, file] as const))(
    '%s as recorded',
    async (_log, file) => {
      expectSameQuality(
        await replay([join(REPO_ROOT, file.log), '--recorded', '--quality', '--compact']),
        file.cases.recorded!,
      );
    },
  );

  const log185 = expectedFiles.find((file) => file.log.endsWith('real-oh-utils-185-3cond.json'))!;
  const configs: Record<string, unknown> = {
    noop: { type: 'noop' },
    'recent-40-2': { type: 'recent', max_events: 40, keep_first: 2 },
    'recent-8-1': { type: 'recent', max_events: 8, keep_first: 1 },
    'masking-5': { type: 'observation_masking', attention_window: 5 },
    'masking-default': { type: 'observation_masking' },
    window: { type: 'conversation_window' },
    'browser-1': { type: 'browser_output_masking', attention_window: 1 },
  };
  it.each(Object.entries(configs))(
    'the public 185-event log under %s, in full and compact traces',
    async (name, value) => {
      const expected = log185.cases[name]!;
      expectSameQuality(await replay([join(REPO_ROOT, log185.log), '--config', config(value), '--quality']), expected);
      expectSameQuality(
        await replay([join(REPO_ROOT, log185.log), '--config', config(value), '--quality', '--compact']),
        expected,
      );
    },
  );

  it('prints the spec’s public figures: 2 as recorded, at the steps before events 139 and 157; 83 facts', async () => {
    const trace = await replay([join(REPO_ROOT, log185.log), '--recorded', '--quality']);
    expect(trace.quality).toEqual({ missing_used: 2, steps_with_missing_used: 2, facts_seen: 83 });
    const lost = trace.steps.filter(
      (step) => (step.quality as { missing_used: string[] } | undefined)?.missing_used.length,
    );
    expect(
      lost.map((step) => [step.before_event_id, (step.quality as { missing_used: string[] }).missing_used]),
    ).toEqual([
      [139, ['command:git checkout main']],
      [157, ['command:git checkout openhands/fix-hardcoded-url-assumptions']],
    ]);
  });
});
