import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { Inspector } from '../../src/inspect/inspector.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';
import { summaryWith } from '../helpers/summaries.ts';
import {
  type EventRow,
  type ViewItem,
  alignStep,
  condensationSteps,
  describeIds,
  filterRows,
  maxSizeOf,
  summaryHistory,
} from '../../src/store/index.ts';

function row(index: number, kind: 'action' | 'observation' = 'action', type = 'run', source = 'agent'): EventRow {
  return {
    index,
    id: index,
    kind,
    type,
    source,
    summary: `event ${index}`,
    inHistory: { recorded: true, resimulate: type !== 'condensation' },
  };
}

const rows: EventRow[] = [
  row(0, 'action', 'message', 'user'),
  row(1),
  row(2, 'observation'),
  row(3),
  row(4, 'observation'),
  row(5),
  row(6, 'observation'),
  row(7),
];

const event = (id: number): ViewItem => ({ kind: 'event', id, index: id });

describe('alignStep', () => {
  const condensation = {
    id: 100,
    stepIndex: 1,
    forgottenEventIds: [1, 2, 3],
    summary: 'S',
    summaryOffset: 1,
    llmCall: 0,
    placeholder: false,
  };
  const summary = summaryWith([condensation], [1, 5, 7]);

  it('lines the history up against the view: kept, forgotten, the summary in place of what it replaces', () => {
    const view: ViewItem[] = [
      event(0),
      { kind: 'summary', content: 'S', condensationId: 100 },
      event(4),
      event(5),
      event(6),
    ];
    const aligned = alignStep(rows, summary, 2, view, 'resimulate');
    expect(aligned.map((r) => (r.kind === 'event' ? `${r.index}:${r.status}` : r.kind))).toEqual([
      '0:kept',
      'summary',
      '1:forgotten',
      '2:forgotten',
      '3:forgotten',
      '4:kept',
      'condensation',
      '5:kept',
      '6:kept',
    ]);
  });

  it('shows a masked event’s placeholder and repeats a duplicated head', () => {
    const view: ViewItem[] = [
      event(0),
      event(0),
      event(1),
      { kind: 'masked', content: '<MASKED>', targetId: 2, targetIndex: 2 },
      event(3),
      event(4),
    ];
    const aligned = alignStep(rows, summaryWith([], [5]), 0, view, 'resimulate');
    expect(aligned.slice(0, 4)).toEqual([
      { kind: 'event', index: 0, status: 'kept', placeholder: null },
      { kind: 'repeat', index: 0 },
      { kind: 'event', index: 1, status: 'kept', placeholder: null },
      { kind: 'event', index: 2, status: 'masked', placeholder: '<MASKED>' },
    ]);
  });

  it('leaves out events that never enter the history', () => {
    const withHidden = rows.map((r) =>
      r.index === 2 ? { ...r, inHistory: { recorded: false, resimulate: false } } : r,
    );
    const aligned = alignStep(withHidden, summaryWith([], [4]), 0, [event(0), event(1), event(3)], 'resimulate');
    expect(aligned.map((r) => (r.kind === 'event' ? r.index : r.kind))).toEqual([0, 1, 3]);
  });
});

describe('event table filters', () => {
  it('filters by type, source and search matches together', () => {
    expect(filterRows(rows, ['observation:run'], [], null)).toEqual([2, 4, 6]);
    expect(filterRows(rows, [], ['user'], null)).toEqual([0]);
    expect(filterRows(rows, ['observation:run'], [], Int32Array.from([4, 5]))).toEqual([4]);
    expect(filterRows(rows, [], [], null)).toHaveLength(8);
  });
});

describe('small selectors', () => {
  it('describes forgotten ids as ranges', () => {
    expect(describeIds([])).toBe('none');
    expect(describeIds([7])).toBe('7 (1 id)');
    expect(describeIds([4, 6, 7, 8, 10])).toBe('4, 6–8, 10 (5 ids)');
    expect(describeIds(Array.from({ length: 43 }, (_, i) => i + 7))).toBe('7–49 (43 ids)');
    // A V0 range counted against a big log lists only its first ids, and says how many there are.
    expect(
      describeIds(
        Array.from({ length: 1000 }, (_, i) => i),
        150_000,
      ),
    ).toBe('0–999, … (150000 ids)');
  });

  it('finds the max_size to draw, also inside a pipeline', () => {
    expect(maxSizeOf({ type: 'llm', max_size: 40 })).toBe(40);
    expect(maxSizeOf({ type: 'recent', max_events: 12 })).toBe(12);
    expect(
      maxSizeOf({
        type: 'pipeline',
        condensers: [{ type: 'conversation_window' }, { type: 'amortized', max_size: 90 }],
      }),
    ).toBe(90);
    expect(maxSizeOf({ type: 'noop' })).toBeNull();
  });

  it('lists condensations with the summary before each, and the steps that condensed', () => {
    const a = {
      id: 100,
      stepIndex: 0,
      forgottenEventIds: [1],
      summary: 'first',
      summaryOffset: 1,
      llmCall: 0,
      placeholder: false,
    };
    const b = {
      id: 101,
      stepIndex: 2,
      forgottenEventIds: [2, 3],
      summary: null,
      summaryOffset: null,
      llmCall: null,
      placeholder: false,
    };
    const c = {
      id: 102,
      stepIndex: 2,
      forgottenEventIds: [4],
      summary: 'second',
      summaryOffset: 1,
      llmCall: 1,
      placeholder: false,
    };
    const summary = summaryWith([a, b, c], [1, 3, 5]);
    expect(summaryHistory(summary).map((e) => [e.condensation.id, e.beforeEventId, e.previousSummary])).toEqual([
      [100, 1, null],
      [101, 5, 'first'],
      [102, 5, 'first'],
    ]);
    expect(condensationSteps(summary)).toEqual([0, 2]);
  });
});

describe('condensationSteps on real replays', () => {
  it('gives the steps that condensed, V0 and SDK, as recorded and re-simulated', async () => {
    const host = new Inspector();
    const v0 = [
      { type: 'recent', max_events: 30, keep_first: 2 },
      { type: 'llm', max_size: 40, keep_first: 4 },
    ];
    const sdk = [{ kind: 'LLMSummarizingCondenser', max_size: 40, keep_first: 4 }];
    for (const [path, configs] of [
      [join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'), v0],
      [join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond'), sdk],
      [join(REAL_LOGS, 'v1_benchmarks_conversation_3749ed60_132ev_2cond'), sdk],
    ] as const) {
      await host.open({ input: readLogInput(path), instance: null });
      for (const [mode, config] of [['recorded', null] as const, ...configs.map((c) => ['resimulate', c] as const)]) {
        const outcome = await host.replay({ config, mode, answers: {}, onMissing: 'placeholder' });
        if (!outcome.ok) throw new Error(outcome.configError);
        const { steps } = outcome.summary;
        const condensed = steps.filter((step) => step.condensationIds.length > 0).map((step) => step.index);
        // `recent` trims the view without condensation events.
        if (!(config && 'type' in config && config.type === 'recent'))
          expect(condensed.length, `${path} ${mode}`).toBeGreaterThan(0);
        expect(condensationSteps(outcome.summary), `${path} ${mode}`).toEqual(condensed);
      }
    }
  });
});
