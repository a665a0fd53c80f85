/**
 * The SDK benchmark conversations (agent-sdk, September 2025) replayed with the condenser of their own
 * base_state.json and their recorded summaries as the LLM's answers: every recorded Condensation must
 * come back at the same point with the same forgotten ids. Under the 2025-09 rules they all do; under
 * the pinned 1.43.1 rules they come at the same points and differ by exactly one documented rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type LlmAnswer, runSync, scriptedLlm, sdk } from '../../../src/engine/index.ts';
import { type SdkParsedLog, parseSdkCondenserValue, readLog } from '../../../src/formats/index.ts';
import { type CountText, loadTokenizer, sdkAgentLlm } from '../../../src/llm/tokenCount.ts';
import { realLog } from '../../helpers/logs.ts';
import { sdkTraceOf } from '../../helpers/trace.ts';

const CONVERSATIONS = [
  ['v1_benchmarks_conversation_0cf772fb_115ev_1cond', 1],
  ['v1_benchmarks_conversation_47be6561_78ev_0cond', 0],
  ['v1_benchmarks_conversation_7a4bfe2d_203ev_3cond', 3],
] as const;

let countText: CountText;
beforeAll(async () => {
  countText = await loadTokenizer();
});

function readSdk(name: string): SdkParsedLog {
  const log = readLog(realLog(name));
  if (log.flavor !== 'sdk') throw new Error(`${name} is not an SDK log`);
  return log;
}

interface Recorded {
  readonly condensation: sdk.Condensation;
  /** The agent's next LLM call after it: the step where a replay makes its condensation. */
  readonly stepBefore: string;
}

function recordedCondensations(log: SdkParsedLog): Recorded[] {
  const agentEventAfter = (index: number) =>
    log.events.slice(index + 1).find((event) => event.source === 'agent' && event.kind === 'ActionEvent')!.id;
  return log.events.flatMap((event, index) =>
    event.kind === 'Condensation' ? [{ condensation: event, stepBefore: agentEventAfter(index) }] : [],
  );
}

function replayed(log: SdkParsedLog, rules: sdk.SdkRules, mode: 'recorded' | 'resimulate' = 'resimulate') {
  const config = parseSdkCondenserValue(log.recordedCondenser, rules, 'base_state.json');
  const script: LlmAnswer[] = recordedCondensations(log).map(({ condensation }) => ({ content: condensation.summary }));
  const input: sdk.SdkReplayInput = {
    log: sdk.prepareSdkLog(log.events, { leafId: log.leafId }),
    mode,
    condenser: sdk.buildSdkCondenser(config, rules),
    rules,
    agentLlm: sdkAgentLlm(countText, log.agentContextWindow.tokens),
    countViewTokens: true,
  };
  return runSync(sdk.replaySdk(input), scriptedLlm(script));
}

const made = (result: sdk.SdkReplayResult) =>
  result.steps.flatMap((step) => step.condensations.map((c) => ({ step: step.beforeEventId, condensation: c })));

describe.each(CONVERSATIONS)('%s', (name, count) => {
  const log = readSdk(name);
  const recorded = recordedCondensations(log);
  const logIds = new Set(log.events.map((event) => event.id));

  /**
   * The recorded forgotten ids, with the one id the log never holds (the SDK of the time gave the
   * shown summary a fresh random id) replaced by the summary id of the replay's previous condensation.
   */
  function expectedIds(index: number, replay: ReturnType<typeof made>): string[] {
    return recorded[index]!.condensation.forgottenEventIds.map((id) =>
      logIds.has(id) ? id : `${replay[index - 1]!.condensation.id}-summary`,
    );
  }

  it('records the configuration the replay uses (base_state.json: max_size 80, keep_first 4, a 200k-token model)', () => {
    expect(recorded).toHaveLength(count);
    expect(log.recordedCondenser).toMatchObject({ kind: 'LLMSummarizingCondenser', max_size: 80, keep_first: 4 });
    expect(log.agentContextWindow.tokens).toBe(200_000);
    expect(log.generation).toBe('2025');
  });

  it('2025-09 rules: every recorded condensation at the same point, with the same forgotten ids, summary and offset', () => {
    const replay = made(replayed(log, '2025-09'));
    expect(replay).toHaveLength(count);
    replay.forEach(({ step, condensation }, i) => {
      const original = recorded[i]!.condensation;
      expect(step).toBe(recorded[i]!.stepBefore);
      expect(new Set(condensation.forgottenEventIds)).toEqual(new Set(expectedIds(i, replay)));
      expect(condensation.forgottenEventIds).toHaveLength(original.forgottenEventIds.length);
      expect([condensation.summary, condensation.summaryOffset]).toEqual([original.summary, original.summaryOffset]);
    });
  });

  it('2025-09 rules: the re-simulated views equal the recorded ones at every step', () => {
    const resimulated = sdkTraceOf(replayed(log, '2025-09')).steps.map((step) => step.view);
    const asRecorded = sdkTraceOf(replayed(log, '2025-09', 'recorded')).steps.map((step) => step.view);
    expect(resimulated).toEqual(asRecorded);
  });

  it('1.43.1 rules: the model’s 200k window is live, but the views (counted with o200k) stay far below it', () => {
    const tokens = replayed(log, '1.43.1').steps.map((step) => step.viewTokens);
    expect(Math.min(...tokens)).toBeGreaterThan(5_000);
    expect(Math.max(...tokens)).toBeLessThan(100_000);
  });

  it('1.43.1 rules: the same points; each forgotten range ends one event later, taking the observation of its last action', () => {
    const replay = made(replayed(log, '1.43.1'));
    expect(replay).toHaveLength(count);
    const byId = new Map(log.events.map((event) => [event.id, event]));
    replay.forEach(({ step, condensation }, i) => {
      expect(step).toBe(recorded[i]!.stepBefore);
      const expected = new Set(expectedIds(i, replay));
      const extra = condensation.forgottenEventIds.filter((id) => !expected.has(id));
      expect(expected.size + 1).toBe(condensation.forgottenEventIds.length);
      expect(extra).toHaveLength(1);
      // The recorded range stopped between an action and its observation; manipulation indices move
      // the end past the observation (tool-call-aware forgetting, SDK v1.7.1).
      const lastRecorded = byId.get(recorded[i]!.condensation.forgottenEventIds.at(-1)!) as sdk.ActionEvent;
      expect(lastRecorded.kind).toBe('ActionEvent');
      expect(byId.get(extra[0]!)).toMatchObject({ kind: 'ObservationEvent', toolCallId: lastRecorded.toolCallId });
    });
  });
});
