/**
 * Equality with quality_facts.py, step by step, on every public real log (V0 and SDK), as recorded and
 * re-simulated under every condenser type: the fixtures hold our replay's views (as view deltas) and
 * the reference's quality for each step (see test/fixtures/quality/README.md).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { positionsById, traceQuality, traceViewItem } from '../../../src/inspect/quality/traceQuality.ts';
import type { QualityTotal, StepQuality } from '../../../src/inspect/quality/tracker.ts';
import { QUALITY_FIXTURES, readGzipJson, readReferenceLog } from './referenceLog.ts';

interface ExpectedCase {
  readonly replay_args: string[];
  readonly quality: QualityTotal;
  readonly steps: ({
    before_event_id: unknown;
    view_delta?: unknown;
    error?: string;
    quality: StepQuality | null;
  } & Record<string, unknown>)[];
}
interface ExpectedLog {
  readonly log: string;
  readonly cases: Record<string, ExpectedCase>;
}

const EXPECTED = join(QUALITY_FIXTURES, 'expected');
const files = readdirSync(EXPECTED).filter((name) => name.endsWith('.json.gz'));
const expectedLog = (name: string) => readGzipJson(join(EXPECTED, name)) as ExpectedLog;

describe('the public example (spec/quality.md): the 185-event oh-utils log', () => {
  const { log, cases } = expectedLog('real-oh-utils-185-3cond.json.gz');
  const events = readReferenceLog(log);

  it('as recorded: 2 facts missing, before events 139 and 157; 83 facts in all', () => {
    const { steps, total } = traceQuality(events, cases.recorded!.steps);
    expect(total).toEqual({ missing_used: 2, steps_with_missing_used: 2, facts_seen: 83 });
    const missing = cases.recorded!.steps.flatMap((step, k) =>
      steps[k]!.missing_used.length > 0 ? [[step.before_event_id, steps[k]!.missing_used]] : [],
    );
    expect(missing).toEqual([
      [139, ['command:git checkout main']],
      [157, ['command:git checkout openhands/fix-hardcoded-url-assumptions']],
    ]);
  });

  it('recent 40/2: 6; noop: 0', () => {
    expect(traceQuality(events, cases['recent-40-2']!.steps).total.missing_used).toBe(6);
    expect(traceQuality(events, cases.noop!.steps).total.missing_used).toBe(0);
  });
});

describe.each(files)('%s: every step equals the reference', (file) => {
  const { log, cases } = expectedLog(file);
  const events = readReferenceLog(log);

  it.each(Object.keys(cases))('%s', (name) => {
    const expected = cases[name]!;
    const { steps, total } = traceQuality(events, expected.steps);
    expect(steps).toEqual(expected.steps.map((step) => step.quality));
    expect(total).toEqual(expected.quality);
  });
});

it('the fixtures cover V0 and SDK logs, as recorded and under every condenser type', () => {
  const names = new Set(files.flatMap((file) => Object.keys(expectedLog(file).cases)));
  for (const name of [
    'recorded',
    'noop',
    'recent-40-2',
    'masking-5',
    'window',
    'browser-1',
    'amortized-40-2',
    'llm-20-2',
    'structured-24-3',
    'attention-20-2',
    'pipeline-mask-llm',
    'base-state',
    'summarizing-40-2',
  ]) {
    expect(names, name).toContain(name);
  }
  expect(files.length).toBeGreaterThanOrEqual(24);
});

describe('reading a trace as the reference does', () => {
  const events = [
    { id: 1, action: 'run', args: { command: 'ls /a/b' } },
    { id: 2, observation: 'run', content: 'ValueError: x' },
    { id: 1, action: 'run', args: { command: 'ls /a/b' } },
    { id: 'x', action: 'message' },
  ];

  it('an id names the last event that has it; ids that are neither numbers nor strings name none', () => {
    expect(positionsById([...events, { id: [1] }, { id: null }])).toEqual(
      new Map<unknown, number>([
        [1, 2],
        [2, 1],
        ['x', 3],
      ]),
    );
  });

  it('view items: an unknown id falls through to summary and masked, as in the reference', () => {
    const positions = positionsById(events);
    expect(traceViewItem({ id: 2 }, positions)).toEqual({ kind: 'event', index: 1 });
    expect(traceViewItem({ id: 99, summary: 'text' }, positions)).toEqual({ kind: 'summary', content: 'text' });
    expect(traceViewItem({ masked: 3, content: '<MASKED>' }, positions)).toEqual({
      kind: 'masked',
      content: '<MASKED>',
    });
    for (const item of [{ id: 99 }, { summary: null }, { masked: 3 }, 'id', null])
      expect(traceViewItem(item, positions)).toEqual({ kind: 'other' });
  });

  it('a full and a compact trace of the same views give the same figures as the reference (python3 printed them); failed steps and unknown events give none', () => {
    const full = [
      { before_event_id: 2, view: [{ id: 1 }] },
      { before_event_id: 57, view: [{ id: 1 }, { summary: 'ls /a/b' }] },
      { before_event_id: 'x', view: [{ summary: 'nothing' }] },
      { before_event_id: 'x', error: 'failed' },
    ];
    const compact = [
      { before_event_id: 2, view_delta: { keep: 0, add: [{ id: 1 }] } },
      { before_event_id: 57, view_delta: { keep: 1, add: [{ summary: 'ls /a/b' }] } },
      { before_event_id: 'x', view_delta: { keep: 0, add: [{ summary: 'nothing' }] } },
      { before_event_id: 'x', error: 'failed' },
    ];
    const result = traceQuality(events, full);
    expect(traceQuality(events, compact)).toEqual(result);
    expect(result.steps).toEqual([
      { seen: 2, in_view: 2, missing_used: [] },
      null,
      { seen: 3, in_view: 0, missing_used: [] },
      null,
    ]);
    expect(result.total).toEqual({ missing_used: 0, steps_with_missing_used: 0, facts_seen: 3 });
  });

  it('a malformed trace gets one message naming the step and the field', () => {
    expect(() => traceQuality(events, [{ before_event_id: 2, view: 'x' }])).toThrow('steps[0].view is not a list');
    expect(() => traceQuality(events, [{ before_event_id: 2, view_delta: { keep: 1, add: [] } }])).toThrow(
      'steps[0].view_delta.keep is 1, not a whole number from 0 to 0',
    );
    expect(() => traceQuality(events, [null])).toThrow('steps[0] is not an object');
  });
});
