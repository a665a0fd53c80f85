import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { type MeasuredRequest, noLlm, runSync } from '../../../../src/engine/index.ts';
import {
  V0AgentCalls,
  buildCondenser,
  cachingTextCounts,
  parseCondenserConfig,
  prepareLog,
  replay,
  type LogEvent,
  type ReplayStep,
  type View,
  stepView,
} from '../../../../src/engine/v0/index.ts';
import { readV0Log } from '../../../../src/formats/index.ts';
import { compileAgentTemplates } from '../../../../src/templates/index.ts';
import { readLogInput } from '../../../../src/cli/readInput.ts';
import { join } from 'node:path';
import { CONFORMANCE_DIR } from '../../../helpers/conformance.ts';
import { SAMPLE_SESSIONS, textInput } from '../../../helpers/logs.ts';
import { readFileSync } from 'node:fs';

const LOG = prepareLog(
  readV0Log(readLogInput(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json'))).events,
);

function facts(measured: MeasuredRequest | null) {
  if (!measured) return null;
  const prefix = Array.from({ length: measured.count }, (_, j) => measured.ourPrefix(j));
  return {
    count: measured.count,
    total: measured.totalTokens,
    prefix,
    ids: Array.from(measured.prefixIds).slice(0, measured.count),
    blocks: Array.from(measured.blocks).slice(0, measured.count),
    breakpoints: measured.breakpoints,
  };
}

/** Each step's measure of a re-simulated replay of `log`, counted with `tokens`. */
function measuresOf(log: ReturnType<typeof prepareLog>, tokens: ReturnType<typeof cachingTextCounts>, config: unknown) {
  const condenser = buildCondenser(parseCondenserConfig(config));
  const calls = new V0AgentCalls(log, { profile: 'anthropic', templates: compileAgentTemplates(), tokens });
  const measured: Array<ReturnType<typeof facts>> = [];
  runSync(
    replay({
      log,
      mode: 'resimulate',
      condenser,
      onStep: (step) => measured.push(facts(calls.call(step, stepView(step, condenser)).measured)),
    }),
    (_request, call) => ({ content: `summary ${call}` }),
  );
  return measured;
}

/** Each step of a re-simulated `noop` replay of `log`, with its view and the agent's calls (OpenAI profile). */
function eachNoopStep(
  log: ReturnType<typeof prepareLog>,
  onStep: (step: ReplayStep, view: View, calls: V0AgentCalls) => void,
): void {
  const calls = new V0AgentCalls(log, {
    profile: 'openai',
    templates: compileAgentTemplates(),
    tokens: cachingTextCounts({ event: () => 0, text: countTokens }),
  });
  const condenser = buildCondenser(parseCondenserConfig({ type: 'noop' }));
  runSync(
    replay({ log, mode: 'resimulate', condenser, onStep: (step) => onStep(step, stepView(step, condenser)!, calls) }),
    noLlm,
  );
}

/** `view` as the replay gives it, telling `built` each time its whole entries are built. */
function countingBuilds(view: View, built: () => void): View {
  return {
    length: view.length,
    unhandledCondensationRequest: view.unhandledCondensationRequest,
    position: view.position!,
    range: (start, end) => view.range!(start, end),
    get entries() {
      built();
      return view.entries;
    },
  };
}

/** The agent's actions without their tool calls: a function-calling agent cannot make them messages. */
const withoutToolCalls = (events: readonly LogEvent[]) =>
  events.map((event) => (event.kind === 'action' && event.source === 'agent' ? { ...event, toolCall: null } : event));

describe('measuring each step from the one before', () => {
  for (const [name, config, profile] of [
    ['as recorded, anthropic', null, 'anthropic'],
    [
      'amortized 40/4 (condensations rebuild), anthropic',
      { type: 'amortized', max_size: 40, keep_first: 4 },
      'anthropic',
    ],
    [
      'observation masking (masks move every step), openai',
      { type: 'observation_masking', attention_window: 10 },
      'openai',
    ],
    ['noop (the view only grows), openai', { type: 'noop' }, 'openai'],
    ['recent 30/2 (the window slides), anthropic', { type: 'recent', max_events: 30, keep_first: 2 }, 'anthropic'],
  ] as const) {
    it(`gives what measuring the whole request gives: ${name}`, () => {
      const condenser = config ? buildCondenser(parseCondenserConfig(config)) : null;
      const calls = new V0AgentCalls(LOG, {
        profile,
        templates: compileAgentTemplates(),
        tokens: cachingTextCounts({ event: () => 0, text: countTokens }),
      });
      let compared = 0;
      runSync(
        replay({
          log: LOG,
          mode: condenser ? 'resimulate' : 'recorded',
          condenser: condenser ?? undefined,
          onStep: (step) => {
            const view = stepView(step, condenser);
            const incremental = facts(calls.call(step, view).measured);
            const whole = facts(calls.wholeCall(step, view ? calls.request(step, view) : null).measured);
            expect(incremental, `step ${step.index}`).toEqual(whole);
            compared++;
          },
        }),
        condenser ? (_request, call) => ({ content: `summary ${call}` }) : noLlm,
      );
      expect(compared).toBe(84);
    });
  }

  it('reads only what a growing view adds: its whole entries are built when it starts, not at every step', () => {
    let built = 0;
    let steps = 0;
    let lastCount = 0;
    eachNoopStep(LOG, (step, view, calls) => {
      lastCount = calls.call(
        step,
        countingBuilds(view, () => built++),
      ).measured!.count;
      steps++;
    });
    expect(steps).toBe(84);
    expect(lastCount).toBeGreaterThan(100);
    // The first two steps (a view of fewer than two events is measured whole), then only what each adds.
    expect(built).toBeLessThanOrEqual(2);
  });

  it('a run whose messages OpenHands cannot build fails at every step, without reading its whole view each time', () => {
    const log = prepareLog(
      withoutToolCalls(
        readV0Log(readLogInput(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json')))
          .events,
      ),
    );
    let built = 0;
    const errors: string[] = [];
    eachNoopStep(log, (step, view, calls) => {
      const call = calls.call(
        step,
        countingBuilds(view, () => built++),
      );
      // Each step says what the whole request says.
      const whole = calls.request(step, view);
      expect('error' in whole ? whole.error : null).toBe(call.error);
      if (call.error) errors.push(call.error);
    });
    expect(errors.length).toBeGreaterThan(80);
    expect(errors[0]).toMatch(/tool_call_metadata/);
    expect(built).toBeLessThanOrEqual(3);
  });

  it('starts over where a system message comes after the start, in a run that builds and in one that fails', () => {
    // The 185-event log with its system message moved after event 60: steps before it get OpenHands' own.
    const { trajectory } = JSON.parse(
      readFileSync(join(CONFORMANCE_DIR, 'logs', 'real-oh-utils-185-3cond.json'), 'utf8'),
    ) as { trajectory: Record<string, unknown>[] };
    const at = trajectory.findIndex((event) => event.action === 'system');
    const moved = [...trajectory];
    const [system] = moved.splice(at, 1);
    moved.splice(60, 0, system!);
    const events = readV0Log(textInput(JSON.stringify(moved))).events;
    for (const [name, raw] of [
      ['builds', events],
      ['fails', withoutToolCalls(events)],
    ] as const) {
      let compared = 0;
      eachNoopStep(prepareLog(raw), (step, view, calls) => {
        const call = calls.call(step, view);
        const whole = calls.request(step, view);
        expect([name, step.index, call.error]).toEqual([name, step.index, 'error' in whole ? whole.error : null]);
        if (!call.error)
          expect(facts(call.measured), `${name} step ${step.index}`).toEqual(
            facts(calls.wholeCall(step, whole).measured),
          );
        compared++;
      });
      expect(compared).toBe(84);
    }
  });

  it('measures a logged observation once per counter: later runs, under any configuration, do not read it again', () => {
    const log = prepareLog(
      readV0Log(readLogInput(join(SAMPLE_SESSIONS, 'v0_oh-utils_trajectory-db4bf7df_snapshot_185ev_3cond.json')))
        .events,
    );
    let reads = 0;
    for (const event of log.events) {
      if (event.kind !== 'observation') continue;
      const { content } = event;
      Object.defineProperty(event, 'content', { get: () => (reads++, content), enumerable: true, configurable: true });
    }
    const counter = () => cachingTextCounts({ event: () => 0, text: countTokens });
    const measures = (config: unknown, tokens: ReturnType<typeof counter>) => measuresOf(log, tokens, config);
    const readsOf = (run: () => unknown) => {
      reads = 0;
      run();
      return reads;
    };
    const amortized = { type: 'amortized', max_size: 40, keep_first: 4 };
    const masking = { type: 'observation_masking', attention_window: 10 };
    const tokens = counter();
    let first: Array<ReturnType<typeof facts>> = [];
    expect(readsOf(() => (first = measures(amortized, tokens)))).toBeGreaterThan(0);
    let again: Array<ReturnType<typeof facts>> = [];
    expect(readsOf(() => (again = measures(amortized, tokens)))).toBe(0);
    expect(again).toEqual(first);
    expect(readsOf(() => measures(masking, tokens))).toBe(0);
    // Another counter (another opened log) has no digests: it reads the texts, and measures the same.
    let fresh: Array<ReturnType<typeof facts>> = [];
    expect(readsOf(() => (fresh = measures(amortized, counter())))).toBeGreaterThan(0);
    expect(fresh).toEqual(first);
  });

  it('measures a browsing page with its screenshot once per counter: later runs read neither again', () => {
    const log = prepareLog(
      readV0Log(readLogInput(join(CONFORMANCE_DIR, 'logs', 'synthetic-b-browser-fc.json'))).events,
    );
    // Reads of the browsing pages' texts and screenshots (each read of one parses it from the log).
    const reads = { content: 0, screenshot: 0 };
    let screenshots = 0;
    for (const event of log.events) {
      if (event.kind !== 'observation') continue;
      const { content, extras } = event;
      if (typeof extras.screenshot !== 'string' || !extras.screenshot) continue;
      screenshots++;
      // Real screenshots' size: together more than the engine's memos of converted events hold.
      const screenshot = `data:image/png;base64,${'iVBORw0KGgo'.repeat(60_000)}`;
      Object.defineProperty(event, 'content', {
        get: () => (reads.content++, content),
        enumerable: true,
        configurable: true,
      });
      Object.defineProperty(extras, 'screenshot', {
        get: () => (reads.screenshot++, screenshot),
        enumerable: true,
        configurable: true,
      });
    }
    expect(screenshots).toBeGreaterThan(10);
    const counter = () => cachingTextCounts({ event: () => 0, text: countTokens });
    const tokens = counter();
    const amortized = { type: 'amortized', max_size: 30, keep_first: 2 };
    const masking = { type: 'observation_masking', attention_window: 8 };
    const first = measuresOf(log, tokens, amortized);
    expect(reads.content).toBeGreaterThan(0);
    expect(reads.screenshot).toBeGreaterThan(0);
    reads.content = reads.screenshot = 0;
    const again = measuresOf(log, tokens, masking);
    expect(measuresOf(log, tokens, amortized)).toEqual(first);
    expect(reads).toEqual({ content: 0, screenshot: 0 });
    // The same measures as a counter that reads everything.
    expect(again).toEqual(measuresOf(log, counter(), masking));
  });
});
