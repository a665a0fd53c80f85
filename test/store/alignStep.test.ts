import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import type { ReplayMode } from '../../src/engine/index.ts';
import { Inspector } from '../../src/inspect/index.ts';
import {
  type AlignedRow,
  type CondensationSummary,
  type EventId,
  type EventRow,
  FOLD_FROM_ROWS,
  type ReplaySummary,
  type ViewItem,
  alignStep,
} from '../../src/store/index.ts';
import { REAL_LOGS, SAMPLE_SESSIONS, v0Events } from '../helpers/logs.ts';
import { summaryWith } from '../helpers/summaries.ts';

/**
 * The side-by-side as first written: every history row visited, one row each. The new alignStep must
 * give the same rows, its folds opened.
 */
function everyRow(
  rows: readonly EventRow[],
  summary: ReplaySummary,
  step: number,
  view: readonly ViewItem[],
  mode: ReplayMode,
): AlignedRow[] {
  const current = summary.steps[step];
  if (!current) return [];
  const inView = new Map<EventId, ViewItem>();
  const seen = new Set<EventId>();
  const repeats = new Map<EventId, number>();
  let summaryBefore: EventId | null = null;
  let summaryItem: ViewItem | null = null;
  view.forEach((item, position) => {
    const id = item.kind === 'event' ? item.id : item.kind === 'masked' ? item.targetId : null;
    if (id === null) {
      summaryItem = item;
      const next = view.slice(position + 1).find((later) => later.kind !== 'summary');
      summaryBefore = next ? (next.kind === 'event' ? next.id : next.targetId) : null;
      return;
    }
    if (seen.has(id)) repeats.set(id, (repeats.get(id) ?? 0) + 1);
    else inView.set(id, item);
    seen.add(id);
  });
  const madeBefore = new Map<number, CondensationSummary[]>();
  for (const condensation of summary.condensations) {
    if (condensation.stepIndex > step) break;
    const at = summary.steps[condensation.stepIndex]!.beforeEventIndex;
    madeBefore.set(at, [...(madeBefore.get(at) ?? []), condensation]);
  }
  const aligned: AlignedRow[] = [];
  const pushSummary = () => {
    const item = summaryItem as ViewItem | null;
    if (!item) return;
    aligned.push({
      kind: 'summary',
      content: item.kind === 'summary' || item.kind === 'masked' ? item.content : '',
      masked: item.kind === 'masked',
    });
    summaryItem = null;
  };
  for (let index = 0; index <= current.beforeEventIndex && index < rows.length; index++) {
    for (const condensation of madeBefore.get(index) ?? [])
      aligned.push({ kind: 'condensation', condensation, index: null });
    if (index === current.beforeEventIndex) break;
    const row = rows[index]!;
    if (!row.inHistory[mode]) continue;
    if (row.kind === 'action' && row.type === 'condensation') {
      aligned.push({ kind: 'condensation', condensation: null, index });
      continue;
    }
    if (summaryBefore === row.id) pushSummary();
    const item = inView.get(row.id);
    if (!item) aligned.push({ kind: 'event', index, status: 'forgotten', placeholder: null });
    else if (item.kind === 'masked')
      aligned.push({ kind: 'event', index, status: 'masked', placeholder: item.content });
    else aligned.push({ kind: 'event', index, status: 'kept', placeholder: null });
    for (let r = repeats.get(row.id) ?? 0; r > 0; r--) aligned.push({ kind: 'repeat', index });
  }
  pushSummary();
  const at = aligned.findIndex((row) => row.kind === 'summary');
  if (at < 0) return aligned;
  let to = at;
  while (to > 0) {
    const previous = aligned[to - 1]!;
    if ((previous.kind === 'event' && previous.status === 'forgotten') || previous.kind === 'condensation') to--;
    else break;
  }
  const [summaryRow] = aligned.splice(at, 1);
  aligned.splice(to, 0, summaryRow!);
  return aligned;
}

/** alignStep with every fold opened. */
function opened(...args: Parameters<typeof alignStep>): AlignedRow[] {
  const from = new Set<number>();
  for (;;) {
    const aligned = alignStep(args[0], args[1], args[2], args[3], args[4], from);
    const folds = aligned.filter((row) => row.kind === 'fold');
    if (folds.length === 0) return aligned;
    for (const fold of folds) from.add(fold.from);
  }
}

async function replays(host: Inspector, configs: readonly unknown[]) {
  const out: Array<{ mode: ReplayMode; summary: ReplaySummary }> = [];
  for (const [mode, config] of [['recorded', null] as const, ...configs.map((c) => ['resimulate', c] as const)]) {
    const outcome = await host.replay({ config, mode, answers: {}, onMissing: 'placeholder' });
    if (!outcome.ok) throw new Error(outcome.configError);
    out.push({ mode, summary: outcome.summary });
  }
  return out;
}

const rowOf = (index: number, id: EventId): EventRow => ({
  index,
  id,
  kind: 'action',
  type: 'run',
  source: 'agent',
  summary: `event ${index}`,
  inHistory: { recorded: true, resimulate: true },
});
const condensationAtStep1: CondensationSummary = {
  id: 100,
  stepIndex: 1,
  forgottenEventIds: [],
  summary: 'S',
  summaryOffset: 1,
  llmCall: 0,
  placeholder: false,
};

describe('alignStep', () => {
  it('gives every real log’s steps as visiting every history row did, V0 and SDK, as recorded and re-simulated', async () => {
    const host = new Inspector();
    for (const [path, configs] of [
      [
        join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'),
        [
          { type: 'observation_masking', attention_window: 6 },
          { type: 'llm', max_size: 40, keep_first: 4 },
          { type: 'recent', max_events: 30, keep_first: 2 },
        ],
      ],
      [
        join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond'),
        [{ kind: 'LLMSummarizingCondenser', max_size: 40, keep_first: 4 }],
      ],
    ] as const) {
      const { rows } = await host.open({ input: readLogInput(path), instance: null });
      for (const { mode, summary } of await replays(host, configs)) {
        for (let step = 0; step < summary.steps.length; step++) {
          const view = await host.stepView({ step });
          expect(alignStep(rows, summary, step, view, mode), `${path} ${mode} step ${step}`).toEqual(
            everyRow(rows, summary, step, view, mode),
          );
        }
      }
    }
  });

  it('lines up rows that share an id, ids that do not rise, string ids and a view whose positions are off', () => {
    const event = (id: EventId, index: number): ViewItem => ({ kind: 'event', id, index });
    for (const ids of [
      [0, 1, 2, 3, 1, 5, 6, 7, 8, 9],
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
      ['a', 'b', 'c', 'b', 'e', 'f', 'g', 'h', 'i', 'j'],
    ] as EventId[][]) {
      const rows = ids.map((id, index) => rowOf(index, id));
      const summary = summaryWith([condensationAtStep1], [3, 6, 9]);
      // The view names rows 1 (whose id a later row shares), 5, 7 and 8; row 8 by a position that is not its own.
      const view: ViewItem[] = [
        event(ids[0]!, 0),
        { kind: 'summary', content: 'S', condensationId: 100 },
        event(ids[1]!, 1),
        event(ids[5]!, 5),
        event(ids[7]!, 7),
        event(ids[8]!, -1),
      ];
      for (let step = 0; step < 3; step++)
        for (const mode of ['recorded', 'resimulate'] as const)
          expect(alignStep(rows, summary, step, view, mode), `${ids.join()} step ${step}`).toEqual(
            everyRow(rows, summary, step, view, mode),
          );
    }
  });

  it('folds a long stretch of forgotten events and condensations into one row, which opens to them all', async () => {
    const host = new Inspector();
    const events = v0Events(1500);
    const { rows } = await host.open({
      input: { kind: 'file', file: { path: 'long.json', text: JSON.stringify(events) } },
      instance: null,
    });
    const { mode, summary } = (await replays(host, [{ type: 'llm', max_size: 100, keep_first: 4 }]))[1]!;
    const step = summary.steps.length - 1;
    const view = await host.stepView({ step });
    const every = everyRow(rows, summary, step, view, mode);
    const aligned = alignStep(rows, summary, step, view, mode);
    const folds = aligned.filter((row) => row.kind === 'fold');
    expect(folds).toHaveLength(1);
    const fold = folds[0]!;
    // The head kept, the summary in front of what it stands for, the fold, then the recent events kept.
    expect(aligned.slice(0, 6).map((row) => (row.kind === 'event' ? row.status : row.kind))).toEqual([
      'kept',
      'kept',
      'kept',
      'kept',
      'summary',
      'fold',
    ]);
    expect(aligned.length).toBeLessThan(every.length - FOLD_FROM_ROWS);
    // What it folds: the forgotten events and condensations between the summary and the recent events.
    const folded = every.slice(5, 5 + every.length - aligned.length + 1);
    expect(
      folded.every((row) => row.kind === 'condensation' || (row.kind === 'event' && row.status === 'forgotten')),
    ).toBe(true);
    expect(fold.forgotten).toBe(folded.filter((row) => row.kind === 'event').length);
    expect(fold.condensations).toBe(folded.filter((row) => row.kind === 'condensation').length);
    expect(fold.condensations).toBeGreaterThan(10);
    const indexOf = (row: AlignedRow | undefined) => (row && 'index' in row ? row.index : null);
    expect([fold.from, fold.to]).toEqual([
      indexOf(folded.find((row) => indexOf(row) !== null)),
      indexOf(folded.findLast((row) => indexOf(row) !== null)),
    ]);
    expect(aligned.slice(6)).toEqual(every.slice(5 + folded.length));
    // Opened, it is every row again.
    expect(opened(rows, summary, step, view, mode)).toEqual(every);
    // A short history is not folded.
    const early = summary.condensations[0]!.stepIndex + 2;
    const earlyView = await host.stepView({ step: early });
    expect(alignStep(rows, summary, early, earlyView, mode)).toEqual(everyRow(rows, summary, early, earlyView, mode));
  });

  it('lines up summaries no replay makes as the first version did: condensations out of order, rows below the first, steps it lacks', () => {
    const rows = [0, 1, 2].map((index) => rowOf(index, index));
    const made = (id: number, stepIndex: number): CondensationSummary => ({ ...condensationAtStep1, id, stepIndex });
    const withSteps = (ends: number[], condensations: CondensationSummary[]) => summaryWith(condensations, ends);
    const cases: Array<[string, ReplaySummary]> = [
      ['out of step order', withSteps([1, 2], [made(101, 1), made(100, 0)])],
      ['before a row below the first', withSteps([-1, 2], [made(100, 0), made(101, 1)])],
      ['of a step the summary lacks', withSteps([1, 2], [made(100, 0), made(101, 7)])],
    ];
    for (const [what, summary] of cases)
      for (let step = 0; step < summary.steps.length; step++)
        expect(alignStep(rows, summary, step, [], 'recorded'), `${what}, step ${step}`).toEqual(
          everyRow(rows, summary, step, [], 'recorded'),
        );
    expect(alignStep(rows, cases[0]![1], 1, [], 'recorded').map((row) => row.kind)).toEqual([
      'event',
      'condensation',
      'event',
      'condensation',
    ]);
  });

  it('starts a fold at its first row, also when that row is where a condensation was made', () => {
    const rows = Array.from({ length: 1200 }, (_, index) => rowOf(index, index));
    const condensation = { ...condensationAtStep1, stepIndex: 0 };
    // Step 0 is before row 1 (its condensation made there); step 1 before the last row.
    const summary = summaryWith([condensation], [1, 1199]);
    const view: ViewItem[] = [
      { kind: 'event', id: 0, index: 0 },
      { kind: 'summary', content: 'S', condensationId: 100 },
      ...rows.slice(1100, 1199).map((row): ViewItem => ({ kind: 'event', id: row.id, index: row.index })),
    ];
    const aligned = alignStep(rows, summary, 1, view, 'resimulate');
    expect(aligned.slice(0, 3).map((row) => row.kind)).toEqual(['event', 'summary', 'fold']);
    expect(aligned[2]).toEqual({ kind: 'fold', from: 1, to: 1099, forgotten: 1099, condensations: 1 });
    expect(opened(rows, summary, 1, view, 'resimulate')).toEqual(everyRow(rows, summary, 1, view, 'resimulate'));
  });

  it('folds exactly the rows it stands for at every step of a long log, as recorded and re-simulated', async () => {
    const host = new Inspector();
    const text = JSON.stringify(v0Events(1200));
    const { rows } = await host.open({ input: { kind: 'file', file: { path: 'long.json', text } }, instance: null });
    let folds = 0;
    for (const { mode, summary } of await replays(host, [
      { type: 'llm', max_size: 90, keep_first: 3 },
      { type: 'amortized', max_size: 60, keep_first: 1 },
    ])) {
      for (let step = 0; step < summary.steps.length; step += 7) {
        const view = await host.stepView({ step });
        const every = everyRow(rows, summary, step, view, mode);
        const aligned = alignStep(rows, summary, step, view, mode);
        // Walked side by side: a fold stands for the next forgotten + condensations rows, every other row is itself.
        let j = 0;
        for (const row of aligned) {
          if (row.kind !== 'fold') {
            expect(row).toEqual(every[j++]);
            continue;
          }
          folds++;
          const folded = every.slice(j, j + row.forgotten + row.condensations);
          j += folded.length;
          expect(folded.length).toBeGreaterThan(FOLD_FROM_ROWS);
          expect(folded.filter((r) => r.kind === 'event' && r.status === 'forgotten')).toHaveLength(row.forgotten);
          expect(folded.filter((r) => r.kind === 'condensation')).toHaveLength(row.condensations);
          const indexes = folded.flatMap((r) => ('index' in r && r.index !== null ? [r.index] : []));
          expect([row.from, row.to], `${mode} step ${step}`).toEqual([indexes[0], indexes.at(-1)]);
        }
        expect(j).toBe(every.length);
      }
    }
    expect(folds).toBeGreaterThan(50);
  });
});
