import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogInput } from '../../src/cli/readInput.ts';
import { loadLog } from '../../src/formats/index.ts';
import { type EventRow, type OpenedLog, openLog } from '../../src/inspect/index.ts';
import type { StepSummary } from '../../src/inspect/types.ts';
import { Inspector } from '../../src/inspect/inspector.ts';
import {
  receivedResult,
  resultToSend,
  rowColumns,
  rowsOf,
  stepColumns,
  stepsOf,
} from '../../src/worker/wireColumns.ts';
import { ITEMS_PER_SLICE } from '../../src/worker/slicedList.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';
import { acrossThreads, replayedAsRecorded } from '../helpers/wire.ts';

const opened = async (path: string): Promise<OpenedLog> => {
  const log = openLog(await loadLog(readLogInput(path), {}));
  return { ...log.opened, rows: log.rows() };
};

describe('rowColumns: a log’s rows as columns between the worker and the page', () => {
  it('gives back the same rows, V0 (integer ids) and SDK (string ids)', async () => {
    for (const path of [
      join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'),
      join(REAL_LOGS, 'v1_benchmarks_conversation_7a4bfe2d_203ev_3cond'),
    ]) {
      const { rows } = await opened(path);
      expect(rows.length).toBeGreaterThan(100);
      expect(rowsOf(rowColumns(rows))).toEqual(rows);
    }
  });

  it('keeps any summary text and odd ids exactly', () => {
    const rows: EventRow[] = [
      {
        index: 0,
        id: 0,
        kind: 'action',
        type: 'run',
        source: 'agent',
        summary: '',
        inHistory: { recorded: true, resimulate: false },
      },
      {
        index: 1,
        id: 2 ** 52 - 1,
        kind: 'observation',
        type: 'run',
        source: null,
        summary: 'a\u0000b 😀 \ud800',
        inHistory: { recorded: false, resimulate: true },
      },
      {
        index: 2,
        id: 7,
        kind: 'other',
        type: 'state',
        source: 'environment',
        summary: 'é'.repeat(300),
        inHistory: { recorded: false, resimulate: false },
      },
    ];
    expect(rowsOf(rowColumns(rows))).toEqual(rows);
    expect(rowsOf(rowColumns([]))).toEqual([]);
  });

  it('sends an opened log’s rows as columns (their arrays transferred) and the page reads the same opened log', async () => {
    const log = await opened(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'));
    for (const [method, result] of [
      ['open', log],
      ['importLog', { kind: 'opened', opened: log }],
    ] as const) {
      const sent = resultToSend(method, result);
      const sentRows = (method === 'open' ? sent.result : (sent.result as { opened: OpenedLog }).opened) as OpenedLog;
      expect(Array.isArray(sentRows.rows)).toBe(false);
      expect(sent.transfer.length).toBeGreaterThanOrEqual(6);
      expect(receivedResult(method, acrossThreads(sent.result, sent.transfer))).toEqual(result);
    }
    // Results without an opened log go as they are.
    const instances = { kind: 'instances', instances: [], shapeLabel: 'eval' };
    expect(resultToSend('importLog', instances)).toEqual({ result: instances, transfer: [] });
    expect(receivedResult('importLog', instances)).toBe(instances);
    expect(resultToSend('stepView', [1, 2])).toEqual({ result: [1, 2], transfer: [] });
    // A typed array (token counts) goes with its own buffer.
    const counts = new Uint32Array([3, 1, 4]);
    expect(resultToSend('countTokens', counts)).toEqual({ result: counts, transfer: [counts.buffer] });
  });

  it('gives back a replay’s steps: their condensations, failures and ids of either engine', async () => {
    const host = new Inspector();
    for (const path of [
      join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'),
      join(REAL_LOGS, 'v1_benchmarks_conversation_7a4bfe2d_203ev_3cond'),
    ]) {
      const outcome = await replayedAsRecorded(host, path);
      const { steps } = outcome.summary;
      expect(steps.some((step) => step.condensationIds.length > 0)).toBe(true);
      expect(stepsOf(stepColumns(steps))).toEqual(steps);
      const sent = resultToSend('replay', outcome);
      expect(sent.transfer.length).toBeGreaterThanOrEqual(6);
      expect(receivedResult('replay', acrossThreads(sent.result, sent.transfer))).toEqual(outcome);
    }
    const odd: StepSummary[] = [
      {
        index: 0,
        beforeEventId: 'a',
        beforeEventIndex: 3,
        viewLength: 0,
        viewTokens: 0,
        condensationIds: ['x', 'y'],
        unhandledCondensationRequest: true,
        failure: 'the LLM is unavailable',
      },
      {
        index: 1,
        beforeEventId: 'b',
        beforeEventIndex: 4,
        viewLength: 9,
        viewTokens: 1e12,
        condensationIds: [],
        unhandledCondensationRequest: false,
        failure: null,
      },
    ];
    expect(stepsOf(stepColumns(odd))).toEqual(odd);
    // A refused configuration goes as it is.
    const refused = { ok: false, configError: 'no' };
    expect(resultToSend('replay', refused)).toEqual({ result: refused, transfer: [] });
    expect(receivedResult('liveReplay', refused)).toBe(refused);
  });

  it('makes a long list a slice per task, answering once all of it is made (rows and steps past a slice)', async () => {
    const count = ITEMS_PER_SLICE * 2 + 7;
    const steps: StepSummary[] = Array.from({ length: count }, (_, i) => ({
      index: i,
      beforeEventId: i * 2 + 1,
      beforeEventIndex: i * 2 + 1,
      viewLength: i % 50,
      viewTokens: i * 10,
      condensationIds: i % 1000 === 999 ? [i * 2] : [],
      unhandledCondensationRequest: false,
      failure: i === count - 1 ? 'the last step failed' : null,
    }));
    const outcome = { ok: true, summary: { steps, condensations: [] } };
    const sent = resultToSend('replay', outcome);
    const received = receivedResult('replay', acrossThreads(sent.result, sent.transfer));
    expect(received).toBeInstanceOf(Promise);
    expect(await received).toEqual(outcome);
    const rows: EventRow[] = Array.from({ length: count }, (_, i) => ({
      index: i,
      id: i,
      kind: i % 2 ? 'observation' : 'action',
      type: 'run',
      source: i % 3 ? 'agent' : null,
      summary: `event ${i}`,
      inHistory: { recorded: i % 2 === 0, resimulate: i % 3 === 0 },
    }));
    const log = { rows } as unknown as OpenedLog;
    const sentRows = resultToSend('importLog', { kind: 'opened', opened: log });
    const receivedRows = receivedResult('importLog', acrossThreads(sentRows.result, sentRows.transfer));
    expect(receivedRows).toBeInstanceOf(Promise);
    expect(await receivedRows).toEqual({ kind: 'opened', opened: log });
  });
});
