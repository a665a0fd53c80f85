import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Inspector } from '../../src/inspect/inspector.ts';
import type { ReplayQuality, UsageReport } from '../../src/inspect/types.ts';
import { receivedResult, resultToSend } from '../../src/worker/wireColumns.ts';
import { qualityColumns, qualityStepsOf, usageColumns, usageStepsOf } from '../../src/worker/wireReports.ts';
import { REAL_LOGS, SAMPLE_SESSIONS } from '../helpers/logs.ts';
import { acrossThreads, replayedAsRecorded } from '../helpers/wire.ts';

describe('wireReports: usage and facts lost per step as columns between the worker and the page', () => {
  it('gives back the same reports of real V0 and SDK replays (recorded usage, costs, nulls)', async () => {
    const host = new Inspector();
    for (const path of [
      join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'),
      join(REAL_LOGS, 'v1_benchmarks_conversation_88ca1e54_218ev_4cond'),
    ]) {
      await replayedAsRecorded(host, path);
      const usage = await host.agentUsage({ agent: { profile: 'auto', templates: {} } });
      const quality = await host.replayQuality();
      expect(usage.steps.length).toBeGreaterThan(40);
      expect(usage.steps.some((step) => step.recorded !== null)).toBe(true);
      expect(quality.steps.length).toBe(usage.steps.length);
      for (const [method, report] of [
        ['agentUsage', usage],
        ['replayQuality', quality],
      ] as const) {
        const sent = resultToSend(method, report);
        expect(Array.isArray((sent.result as { steps: unknown }).steps)).toBe(false);
        expect(sent.transfer.length).toBeGreaterThanOrEqual(3);
        expect(receivedResult(method, acrossThreads(sent.result, sent.transfer))).toStrictEqual(report);
      }
    }
  });

  it('keeps nulls, failed steps and odd figures exactly', async () => {
    const usage: UsageReport['steps'] = [
      { estimate: null, recorded: null, recordedCost: null, messages: null, model: null },
      {
        estimate: { promptTokens: 0, cacheReadTokens: 0.5, cacheWriteTokens: 2 ** 53 },
        recorded: { promptTokens: 1, completionTokens: 2, cacheReadTokens: 3, cacheWriteTokens: 4 },
        recordedCost: 0,
        messages: 0,
        model: 'gpt-5 😀',
      },
      { estimate: null, recorded: null, recordedCost: 1e-9, messages: 7, model: 'gpt-5 😀' },
      { estimate: null, recorded: null, recordedCost: null, messages: 3, model: 'claude' },
    ];
    expect(usageStepsOf(usageColumns(usage))).toStrictEqual(usage);
    // Not recorded stays null, never $0.
    expect((await usageStepsOf(usageColumns(usage)))[0]!.recordedCost).toBeNull();
    const quality: ReplayQuality['steps'] = [
      null,
      { seen: 0, in_view: 0, missing_used: [] },
      { seen: 9, in_view: 3, missing_used: ['path:/a/b', 'command:echo "a\u0000b"', 'error:FAILED 😀'] },
      null,
      { seen: 10, in_view: 10, missing_used: ['path:/a/b'] },
    ];
    expect(qualityStepsOf(qualityColumns(quality))).toStrictEqual(quality);
    expect(qualityStepsOf(qualityColumns([]))).toStrictEqual([]);
    expect(usageStepsOf(usageColumns([]))).toStrictEqual([]);
  });
});
