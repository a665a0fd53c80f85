import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLog } from '../../bench/generateLog.ts';
import { readV0Log } from '../../src/formats/index.ts';
import { CONTENT_LATER_CHARS } from '../../src/formats/v0PayloadLater.ts';
import { LlmCallError } from '../../src/llm/llmErrors.ts';
import { countEventTokens, loadTokenizer } from '../../src/llm/tokenCount.ts';
import { Inspector } from '../../src/inspect/inspector.ts';
import type { AgentRun } from '../../src/inspect/agentRun.ts';
import { REAL_LOGS } from '../helpers/logs.ts';
import { ROOT } from '../helpers/cli.ts';
import { sampleSessionText } from '../helpers/appStore.ts';
import { wideRangeLog } from '../helpers/hostileLogs.ts';

const sample = JSON.parse(sampleSessionText()) as {
  log: { kind: 'file'; file: { path: string; text: string } };
  config: unknown;
  answers: Record<string, { content: string }>;
  session: { config: unknown };
};

/** A re-simulation of `config` where every unrecorded LLM answer is a placeholder. */
const withPlaceholders = (config: unknown) =>
  ({ config, mode: 'resimulate', answers: {}, onMissing: 'placeholder' }) as const;

/**
 * The sample replayed with its placeholders, its tokens counted, on a clock that moves on at every look
 * (background work pauses after each step and each condenser call).
 */
async function replayedWithMovingClock() {
  let now = 0;
  const host = new Inspector(() => (now += 20));
  await host.open({ input: sample.log, instance: null });
  await host.countTokens();
  const request = withPlaceholders(sample.session.config);
  const agent = { profile: 'anthropic' as const, templates: {} };
  await host.replay(request);
  return { host, request, agent };
}

async function openedHost() {
  const host = new Inspector(() => 0);
  const opened = await host.open({ input: sample.log, instance: null });
  return { host, opened };
}

describe('Inspector', () => {
  it('lists an eval run being imported without letting go of the open log, and hands over one instance', async () => {
    const { host } = await openedHost();
    const text = readFileSync(join(REAL_LOGS, 'v0_openhands_multi-swe-bench_example_output.jsonl'), 'utf8');
    const imported = await host.importLog({ input: { kind: 'file', file: { path: 'output.jsonl', text } } });
    expect(imported.kind === 'instances' && imported.instances.map((i) => i.eventCount)).toEqual([49, 70, 103]);
    // The open log is still the sample's.
    expect(JSON.parse(await host.eventJson({ index: 85 }))).toMatchObject({ id: 85, action: 'condensation' });
    const one = await host.instanceInput({ instance: 'ponylang__ponyc-4593' });
    expect((await host.open({ input: one, instance: null })).rows).toHaveLength(70);
    await expect(host.instanceInput({ instance: 'ponylang__ponyc-4593' })).rejects.toThrow('no eval run is waiting');
    const single = await host.importLog({ input: sample.log });
    expect(single.kind === 'opened' && single.opened.rows).toHaveLength(185);
  });

  it('reads a big picked file where it is: the same log, events and replay as read whole, its bytes read from the file', async () => {
    const bytes = new TextEncoder().encode(sample.log.file.text);
    const blob = new Blob([bytes]);
    const reads: Array<[number, number]> = [];
    const readRange = (from: Blob, start: number, end: number) => {
      expect(from).toBe(blob);
      reads.push([start, end]);
      return bytes.slice(start, end);
    };
    const input = { kind: 'unread', path: 'run.json', blob } as const;
    const inPlace = new Inspector(() => 0, null, null, { readRange, fromBytes: bytes.length });
    const whole = new Inspector(() => 0);
    const [a, b] = [await inPlace.importLog({ input }), await whole.importLog({ input })];
    expect(reads.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
    const request = {
      config: { type: 'recent', max_events: 40, keep_first: 2 },
      mode: 'recorded',
      answers: {},
      onMissing: 'stop',
    } as const;
    expect(await inPlace.replay(request)).toEqual(await whole.replay(request));
    // Every event as the file has it, and its text (a long observation's content read again from the file).
    for (const index of [0, 1, 84, 85, 184]) {
      expect(await inPlace.eventJson({ index })).toBe(await whole.eventJson({ index }));
      expect(await inPlace.eventText({ index })).toBe(await whole.eventText({ index }));
    }
    const read = reads.length;
    await inPlace.eventText({ index: 3 });
    expect(reads.length).toBe(read); // one block of the file, still kept
    // A stored session's log handed over unread opens the same way.
    reads.length = 0;
    expect(await inPlace.open({ input, instance: null })).toEqual(await whole.open({ input, instance: null }));
    expect(reads.length).toBeGreaterThan(0);
    // A smaller file is read whole, as before.
    const small = new Inspector(() => 0, null, null, { readRange, fromBytes: bytes.length + 1 });
    reads.length = 0;
    expect(await small.importLog({ input })).toEqual(b);
    expect(reads).toEqual([]);
    // A file that cannot be read any more says so, by name.
    const gone = new Inspector(() => 0, null, null, {
      readRange: () => {
        throw new Error('NotReadableError');
      },
      fromBytes: 0,
    });
    await expect(gone.importLog({ input })).rejects.toThrow(
      'run.json: the file could not be read at byte 0 (NotReadableError): it may have been moved or changed since it was picked',
    );
    // Once the session is stored, the log is read from the stored copy: the picked file may go.
    const stored = new Blob([bytes]);
    const picked = new Blob([bytes]);
    let readable = picked;
    const moving = new Inspector(() => 0, null, null, {
      readRange: (from, start, end) => {
        if (from !== readable) throw new Error('NotReadableError');
        return bytes.slice(start, end);
      },
      fromBytes: 0,
      // Small blocks: most of the file is read again from the copy, not from those still kept.
      blockBytes: 1024,
    });
    await moving.importLog({ input: { kind: 'unread', path: 'run.json', blob: picked } });
    expect(await moving.readLogFrom({ input: { kind: 'unread', path: 'run.json', blob: stored } })).toBe(true);
    readable = stored;
    for (let index = 0; index < 185; index++)
      expect(await moving.eventJson({ index })).toBe(await whole.eventJson({ index }));
    // The stored copy unreadable (storage cleared by the browser) is named as such.
    readable = new Blob();
    const failed = await Promise.all(
      Array.from({ length: 185 }, (_, index) =>
        moving.eventJson({ index }).then(
          () => null,
          (error: Error) => error.message,
        ),
      ),
    );
    expect(failed.find((message) => message !== null)).toMatch(
      /^run\.json: its stored copy could not be read at byte \d+ \(NotReadableError\)$/,
    );
    // A log held in memory has nothing to move; a copy of another size is refused.
    expect(await whole.readLogFrom({ input: { kind: 'unread', path: 'run.json', blob: stored } })).toBe(false);
    await expect(
      moving.readLogFrom({ input: { kind: 'unread', path: 'run.json', blob: new Blob([bytes.subarray(1)]) } }),
    ).rejects.toThrow(`the copy has ${bytes.length - 1} bytes, the log ${bytes.length}`);
  });

  it('opens 150 condensations of the range 0..9,999,999 without expanding them, each counted against the log’s ids (issue 21)', async () => {
    const host = new Inspector(() => 0);
    const text = JSON.stringify(wideRangeLog(150));
    expect(text.length).toBeGreaterThan(1.2e6);
    const before = process.memoryUsage().heapUsed;
    const opened = await host.open({ input: { kind: 'file', file: { path: 'wide.json', text } }, instance: null });
    expect(opened.recordedCondensations).toBe(150);
    const outcome = await host.replay({ config: { type: 'noop' }, mode: 'recorded', answers: {}, onMissing: 'stop' });
    const condensations = outcome.ok ? outcome.summary.condensations : [];
    expect(condensations).toHaveLength(150);
    // Every event of the log has an id under 10 million: each condensation forgets all 451 of them, the first listed.
    expect(condensations[0]).toMatchObject({
      forgottenCount: 451,
      forgottenEventIds: Array.from({ length: 451 }, (_, id) => id),
    });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 ** 2);
  });

  it('stops where the condenser raises (replay.md §3): no later step, and the failed one has no view, messages or estimate', async () => {
    const host = new Inspector(() => 0);
    const text = readFileSync(
      join(ROOT, 'test', 'fixtures', 'conformance', 'logs', 'synthetic-c-requests.json'),
      'utf8',
    );
    await host.open({ input: { kind: 'file', file: { path: 'c.json', text } }, instance: null });
    const outcome = await host.replay({
      config: { type: 'amortized', max_size: 20, keep_first: 2 },
      mode: 'resimulate',
      answers: {},
      onMissing: 'stop',
    });
    const steps = outcome.ok ? outcome.summary.steps : [];
    // OpenHands' own run of this case (the conformance corpus) fails at its 53rd step, on min([]).
    expect(steps).toHaveLength(53);
    expect(steps.findIndex((step) => step.failure !== null)).toBe(52);
    expect(steps[52]!.failure).toMatch(/min\(\) arg is an empty sequence/);
    expect(await host.stepView({ step: 52 })).toEqual([]);
    const agent = { profile: 'anthropic' as const, templates: {} };
    expect(await host.agentTranscript({ step: 52, agent })).toMatchObject({
      messages: [],
      error: 'This step failed, so the agent made no call.',
    });
    const usage = await host.agentUsage({ agent });
    expect(usage.steps).toHaveLength(53);
    expect(usage.steps[52]!.estimate).toBeNull();
  });

  it('opens a log into table rows and the log’s own summaries', async () => {
    const { opened } = await openedHost();
    expect(opened.rows).toHaveLength(185);
    expect(opened.shape).toBe('v0-trajectory');
    expect(opened.recordedSummaries).toHaveLength(3);
    expect(opened.rows[85]).toMatchObject({
      id: 85,
      kind: 'action',
      type: 'condensation',
      inHistory: { recorded: true, resimulate: false },
    });
    expect(opened.rows[2]!.summary.length).toBeLessThanOrEqual(160);
  });

  it('replays with recorded answers, and gives a step’s view and a condensation’s prompt', async () => {
    const { host } = await openedHost();
    const outcome = await host.replay({
      config: sample.session.config,
      mode: 'resimulate',
      answers: sample.answers,
      onMissing: 'stop',
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { summary } = outcome;
    expect(summary.condensations.map((c) => c.id)).toEqual([185, 186, 187]);
    expect(summary.llm).toMatchObject({ calls: 3, recorded: 3, placeholders: 0, live: 0 });
    const view = await host.stepView({ step: 39 });
    expect(view.slice(0, 5).map((item) => item.kind)).toEqual(['event', 'event', 'event', 'event', 'summary']);
    const prompt = await host.prompt({ condensationId: 186 });
    expect(prompt?.condenser).toBe('llm');
    expect(prompt?.messages[0]!.content).toContain('<PREVIOUS SUMMARY>');
    expect(prompt?.messages[0]!.content).toContain('<EVENT id=50>');
    expect(await host.prompt({ condensationId: 999 })).toBeNull();
  });

  it('walks facts lost of the shown replay in the background: the figures of a fresh replay, stopped once a newer replay makes them moot', async () => {
    // A clock that moves on at every look: the walk pauses after each step.
    let now = 0;
    const host = new Inspector(() => (now += 20));
    await host.open({ input: sample.log, instance: null });
    const request = withPlaceholders({ type: 'recent', max_events: 40, keep_first: 2 });
    await host.replay(request);
    const walked = await host.replayQuality({});
    expect(walked.total.missing_used).toBe(6);
    expect(walked).toEqual(await host.quality(request));
    const moot = host.replayQuality({});
    await host.replay({ ...request, config: { type: 'noop' } });
    await expect(moot).rejects.toMatchObject({ name: 'AbortError' });
    expect((await host.replayQuality({})).total.missing_used).toBe(0);
  });

  it('answers which condensation dropped the missing facts only about the replay they were walked on: after another replay took its place, the question is moot', async () => {
    const { host } = await openedHost();
    const request = withPlaceholders(sample.session.config);
    await host.replay(request);
    await expect(host.factsDroppedBy({ missing: [] })).rejects.toThrow(
      "the last replay's facts lost have not been walked yet",
    );
    const walked = await host.replayQuality({});
    const missing = walked.steps.flatMap((step, index) =>
      step && step.missing_used.length > 0 ? [{ step: index, facts: step.missing_used }] : [],
    );
    const lastStep = Math.max(...missing.map(({ step }) => step));
    const dropped = await host.factsDroppedBy({ missing });
    // The recorded condensation 186 forgot both facts the agent used later (spec/quality.md's public example).
    expect(dropped).toEqual({
      186: missing.flatMap(({ step, facts }) => facts.map((fact) => ({ step, fact }))),
    });

    // A live run's replay, say, that stopped before the steps asked about: not an error about a step it lacks.
    const stopped = await host.replay({
      ...request,
      config: { type: 'llm', max_size: 20, keep_first: 1 },
      onMissing: 'stop',
    });
    expect(stopped.ok && stopped.summary.steps.length).toBeLessThanOrEqual(lastStep);
    await expect(host.factsDroppedBy({ missing })).rejects.toMatchObject({ name: 'AbortError' });

    await host.replay(request);
    await host.replayQuality({});
    expect(await host.factsDroppedBy({ missing })).toEqual(dropped);
  });

  it(
    'estimates usage in the background, the condenser’s calls included, stopped once a newer replay makes it moot',
    { timeout: 60_000 },
    async () => {
      const { host, request, agent } = await replayedWithMovingClock();
      const progress: string[] = [];
      const usage = await host.agentUsage(
        { agent },
        { progress: (p) => progress.push(p.kind === 'status' ? p.message : p.kind) },
      );
      expect(usage.condenserCalls.map((call) => call.placeholder)).toEqual([true, true, true]);
      expect(progress.at(-1)).toMatch(/^Estimating usage: step \d+ of \d+$/);
      const moot = host.agentUsage({ agent });
      await host.replay({ ...request, config: { type: 'noop' } });
      await expect(moot).rejects.toMatchObject({ name: 'AbortError' });
      expect((await host.agentUsage({ agent })).condenserCalls).toEqual([]);
    },
  );

  it('starts background work only once the engine has been left alone a moment: a setting changed at once finds none begun', async () => {
    const { host, request, agent } = await replayedWithMovingClock();
    // Whether the estimate's work began (its first part prepares the run).
    let began = false;
    const hooked = host as unknown as { agentRun: (...args: unknown[]) => Promise<AgentRun | null> };
    const agentRun = hooked.agentRun.bind(host);
    hooked.agentRun = async (...args) => {
      const run = await agentRun(...args);
      if (run) {
        const prepare = run.prepareUsage.bind(run);
        run.prepareUsage = function* () {
          began = true;
          return yield* prepare();
        };
      }
      return run;
    };
    // As the page does after a replay: the step's view, then the usage in the background.
    await host.stepView({ step: 10 });
    const moot = host.agentUsage({ agent });
    await host.replay({ ...request, config: { type: 'noop' } });
    await expect(moot).rejects.toMatchObject({ name: 'AbortError' });
    expect(began).toBe(false);
    // Left alone, it runs.
    expect((await host.agentUsage({ agent })).steps.length).toBeGreaterThan(0);
    expect(began).toBe(true);
  });

  it('reports an invalid configuration instead of throwing', async () => {
    const { host } = await openedHost();
    expect(
      await host.replay({
        config: { type: 'amortized', max_size: 4, keep_first: 2 },
        mode: 'resimulate',
        answers: {},
        onMissing: 'stop',
      }),
    ).toEqual({
      ok: false,
      configError: expect.stringMatching(/^keep_first: must be less than half/),
    });
  });

  it('stops at the first unanswered call when asked to, with a plain message', async () => {
    const { host } = await openedHost();
    const outcome = await host.replay({
      config: { type: 'llm', max_size: 30, keep_first: 2 },
      mode: 'resimulate',
      answers: {},
      onMissing: 'stop',
    });
    expect(outcome.ok && outcome.summary.steps.at(-1)!.failure).toMatch(/^No recorded answer for LLM call 1/);
  });

  it('searches the raw JSON and returns an event’s JSON as text', async () => {
    const { host } = await openedHost();
    const matches = await host.search({ query: 'TRAJECTORY NOT FOUND' });
    expect(matches.length).toBeGreaterThan(0);
    expect(JSON.parse(await host.eventJson({ index: matches[0]! })).id).toBe(matches[0]);
    expect(await host.search({ query: '  ' })).toHaveLength(0);
  });

  it('counts tokens once and uses them in the replay', async () => {
    const host = new Inspector(() => 0);
    const text = readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), 'utf8');
    await host.open({ input: { kind: 'file', file: { path: 'basic.json', text } }, instance: null });
    const tokens = await host.countTokens();
    expect(tokens).toHaveLength(4);
    expect(tokens[0]).toBeGreaterThan(0);
    const outcome = await host.replay({ config: { type: 'noop' }, mode: 'resimulate', answers: {}, onMissing: 'stop' });
    expect(outcome.ok && outcome.summary.steps[1]!.viewTokens).toBe(tokens[0]! + tokens[1]! + tokens[2]!);
  });

  it('answers summarizer calls with the log summary of exactly the same events, and no other', async () => {
    const { host } = await openedHost();
    const used = await host.recordLogSummaries({ config: sample.session.config });
    const contents = Object.fromEntries(Object.entries(used.answers).map(([key, a]) => [key, { content: a.content }]));
    expect(contents).toEqual(sample.answers);
    // Each carries the usage the provider recorded for the condenser call that wrote it.
    expect(Object.values(used.answers).map((a) => a.usage?.promptTokens)).toEqual([15_795, 13_856, 12_170]);
    expect(used.matched).toBe(Object.keys(sample.answers).length);
    // Another max_size forgets other ranges: no recorded summary may stand in for them.
    const other = await host.recordLogSummaries({
      config: { type: 'llm', keep_first: 4, max_size: 60 },
    });
    expect(other.calls).toBeGreaterThan(0);
    expect(other.matched).toBe(0);
    expect(other.answers).toEqual({});
  });

  it('asks again for a recorded answer the condenser cannot use, and never reports a live one that fails the check', async () => {
    const asked: string[] = [];
    let answerWith: { content: string | null } = { content: null };
    const host = new Inspector(
      () => 0,
      () => async (request) => {
        asked.push(request.identity);
        const answer = answerWith;
        const problem = answer.content === null ? 'the model answered with no text' : null;
        if (problem)
          throw new LlmCallError(
            'invalid-answer',
            `m's answer cannot be used: ${problem}. It was not kept; run again to ask again.`,
          );
        return answer;
      },
    );
    await host.open({ input: sample.log, instance: null });
    const keys = Object.keys(sample.answers);
    const broken = { ...sample.answers, [keys[0]!]: { content: null } };
    const reported: string[] = [];
    const request = {
      config: sample.session.config,
      mode: 'resimulate' as const,
      answers: broken,
      onMissing: 'stop' as const,
      endpoint: { baseURL: 'http://127.0.0.1:1/v1', model: 'm', apiKey: 'k' },
    };
    const progress = (p: { kind: string; key?: string }) => p.kind === 'answer' && reported.push(p.key!);
    const failed = await host.liveReplay(request, { progress });
    expect(asked).toHaveLength(1);
    expect(reported).toEqual([]);
    expect(failed.ok && failed.summary.steps.find((step) => step.failure)?.failure).toMatch(
      /answer cannot be used: the model answered with no text/,
    );
    answerWith = { content: 'USER_CONTEXT: a fresh summary' };
    const fixed = await host.liveReplay(request, { progress });
    // The fresh summary differs from the recorded one, so the later prompts (which quote it) are new too.
    expect(reported[0]).toBe(keys[0]);
    expect(fixed.ok && fixed.summary.llm.live).toBe(reported.length);
  });

  it('counts tokens in slices beside other requests: a replay asked for meanwhile is answered first', async () => {
    const host = new Inspector();
    // The tokenizer loaded once, so the count below starts at once.
    await host.open({ input: sample.log, instance: null });
    await host.countTokens();
    const log = generateLog(4000);
    await host.open({ input: { kind: 'file', file: { path: 'big.json', text: JSON.stringify(log) } }, instance: null });
    let counted = 0;
    const counting = host.countTokens(
      {},
      { progress: (progress) => progress.kind === 'status' && (counted = progress.done) },
    );
    let countedWhenReplayed = -1;
    const replaying = host
      .replay({ config: { type: 'noop' }, mode: 'resimulate', answers: {}, onMissing: 'stop' })
      .then(() => (countedWhenReplayed = counted));
    const [counts] = await Promise.all([counting, replaying]);
    // The replay was answered after the first slice, with most of the log still to count.
    expect(countedWhenReplayed).toBeGreaterThan(0);
    expect(countedWhenReplayed).toBeLessThan(log.length / 2);
    const whole = countEventTokens(
      readV0Log({ kind: 'file', file: { path: 'big.json', text: JSON.stringify(log) } }).events,
      await loadTokenizer(),
    );
    expect([...counts]).toEqual([...whole]);
  });

  it('answers the same from a log read from bytes, whose big observations are read again when asked for', async () => {
    const events = generateLog(600, 11, { realistic: true });
    expect(events.some((e) => typeof e.content === 'string' && e.content.length >= CONTENT_LATER_CHARS)).toBe(true);
    const text = JSON.stringify(events);
    const agent = { profile: 'anthropic' as const, templates: {} };
    const answers = async (file: { path: string; text: string } | { path: string; bytes: Uint8Array }) => {
      const host = new Inspector(() => 0);
      const opened = await host.open({ input: { kind: 'file', file }, instance: null });
      const tokens = [...(await host.countTokens())];
      const recorded = await host.replay({ config: null, mode: 'recorded', answers: {}, onMissing: 'placeholder' });
      const resimulated = await host.replay({
        config: opened.suggestedConfig,
        mode: 'resimulate',
        answers: {},
        onMissing: 'placeholder',
        measureLlm: true,
      });
      const steps = resimulated.ok ? resimulated.summary.steps.length : 0;
      const transcripts = [];
      for (const step of [1, Math.floor(steps / 2), steps - 1])
        transcripts.push(await host.agentTranscript({ step, agent }));
      const usage = await host.agentUsage({ agent });
      return {
        tokens,
        recorded: recorded.ok && recorded.summary.steps,
        resimulated: resimulated.ok && { ...resimulated.summary, durationMs: 0 },
        transcripts,
        usage,
        quality: await host.replayQuality(),
      };
    };
    const fromBytes = await answers({ path: 'log.json', bytes: new TextEncoder().encode(text) });
    expect(fromBytes.transcripts[2]!.messages.length).toBeGreaterThan(10);
    expect(fromBytes).toEqual(await answers({ path: 'log.json', text }));
  });
});
