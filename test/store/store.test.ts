import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REAL_LOGS } from '../helpers/logs.ts';
import { answerHolder, createTestStore, settledStore, startedStore } from '../helpers/appStore.ts';

const basicLog = () => readFileSync(join(REAL_LOGS, 'v0_openhands_tests-runtime-trajs_basic.json'), 'utf8');

describe('app store', () => {
  it('imports and opens the bundled sample session on first start, reproducing its three condensations', async () => {
    const { store } = await startedStore();
    const state = store.getState();
    expect(state.sessions).toHaveLength(1);
    expect(state.active?.record.name).toMatch(/^Sample:/);
    expect(state.summary?.steps).toHaveLength(84);
    expect(
      state.summary?.condensations.map((c) => [c.stepIndex, c.forgottenEventIds[0], c.forgottenEventIds.at(-1)]),
    ).toEqual([
      [39, 7, 49],
      [60, 50, 92],
      [80, 93, 135],
    ]);
    expect(state.summary?.llm).toMatchObject({ calls: 3, recorded: 3, placeholders: 0 });
    // The file asks to open at its first condensation.
    expect(state.step).toBe(39);
    expect(state.stepView?.items[4]).toMatchObject({ kind: 'summary' });
  });

  it('does not import the sample again once sessions exist', async () => {
    const { store } = await startedStore();
    await store.getState().init();
    expect(store.getState().sessions).toHaveLength(1);
  });

  it('re-simulates when max_size changes: placeholders where no answer was recorded', async () => {
    const { store } = await startedStore();
    const config = structuredClone(store.getState().config) as { condensers: Array<Record<string, unknown>> };
    config.condensers[2]!.max_size = 40;
    store.getState().setConfig(config);
    await store.getState().rerun();
    const summary = store.getState().summary!;
    expect(summary.condensations.length).toBeGreaterThan(3);
    // Condensing at 40 events: the view never exceeds max_size at a step.
    expect(Math.max(...summary.steps.map((s) => s.viewLength))).toBeLessThanOrEqual(40);
    expect(summary.condensations.every((c) => c.placeholder)).toBe(true);
  });

  it('shows a new replay together with its step’s view and messages (never the old view beside the new replay)', async () => {
    const { store } = await settledStore();
    const seen: Array<{
      masked: boolean;
      viewStep: number | undefined;
      transcriptStep: number | undefined;
      step: number;
    }> = [];
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.summary !== previous.summary)
        seen.push({
          masked: state.stepView?.items.some((item) => item.kind === 'masked') ?? false,
          viewStep: state.stepView?.step,
          transcriptStep: state.transcript?.step,
          step: state.step,
        });
    });
    store.getState().setConfig({ type: 'observation_masking', attention_window: 3 });
    await store.getState().rerun();
    unsubscribe();
    expect(seen.length).toBeGreaterThan(0);
    // At step 40 masking hides observations: the view that arrives with the replay is already masked.
    for (const moment of seen) expect(moment).toEqual({ masked: true, viewStep: 39, transcriptStep: 39, step: 39 });
  });

  it('never shows one replay’s view beside another’s summary when the step moves while a replay comes in', async () => {
    const views = answerHolder('stepView');
    const { store } = await settledStore({ wrapEngine: views.wrapEngine });
    const before = store.getState().summary;
    const masked = () => store.getState().stepView?.items.some((item) => item.kind === 'masked') ?? false;
    const mismatched: string[] = [];
    const shownSteps: number[] = [];
    const unsubscribe = store.subscribe((state) => {
      const newSummary = state.summary !== before;
      if (newSummary !== masked())
        mismatched.push(`${newSummary ? 'new' : 'old'} summary, view of step ${state.stepView?.step}`);
      if (shownSteps.at(-1) !== state.step) shownSteps.push(state.step);
    });
    // The replay's own view (of step 39) is held; meanwhile the step moves, and its view is asked for.
    views.holdNext();
    store.getState().setConfig({ type: 'observation_masking', attention_window: 3 });
    const replayed = store.getState().rerun();
    await waitFor(() => expect(views.caught()).toBe(true));
    store.getState().setStep(50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    views.letGo();
    await replayed;
    await waitFor(() => expect(store.getState().stepView?.step).toBe(50));
    unsubscribe();
    expect(masked()).toBe(true);
    expect(store.getState().transcript?.step).toBe(50);
    expect(mismatched).toEqual([]);
    // The engine held, the step moved alone to 50 and stayed there (never back to the replay's own step).
    expect(shownSteps).toEqual([39, 50]);
  });

  it('shows a replay with the view that came with it, then the step asked for meanwhile with its own', async () => {
    const views = answerHolder('stepView');
    // However slow this machine, the step waits for its view (it never moves alone here).
    const { store } = await settledStore({ wrapEngine: views.wrapEngine, stepAloneAfterMs: 60_000 });
    const before = store.getState().summary;
    const drawn: string[] = [];
    const unsubscribe = store.subscribe((state) => {
      if (state.summary !== before) drawn.push(`step ${state.step}, view of ${state.stepView?.step}`);
    });
    views.holdNext();
    store.getState().setConfig({ type: 'observation_masking', attention_window: 3 });
    const replayed = store.getState().rerun();
    await waitFor(() => expect(views.caught()).toBe(true));
    store.getState().setStep(50);
    views.letGo();
    await replayed;
    await waitFor(() => expect(store.getState().step).toBe(50), { timeout: 10_000 });
    unsubscribe();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.filter((line) => !/^step (\d+), view of \1$/.test(line))).toEqual([]);
    expect(store.getState().stepView?.step).toBe(50);
  });

  it('says so when a step cannot be shown, and shows the next step asked for', async () => {
    let failNext = false;
    const { store } = await settledStore({
      wrapEngine: (engine) => ({
        ...engine,
        call: ((name, args, context) => {
          if (name === 'stepView' && failNext) {
            failNext = false;
            return Promise.reject(new Error('the engine lost its view'));
          }
          return engine.call(name, args, context);
        }) as typeof engine.call,
      }),
    });
    failNext = true;
    store.getState().setStep(10);
    await waitFor(() =>
      expect(store.getState().notice).toEqual({
        kind: 'error',
        text: 'Step 11 could not be shown: the engine lost its view',
      }),
    );
    // Meanwhile the step moved alone, over the last step's view: asked again, it is built again.
    await waitFor(() => expect(store.getState().step).toBe(10));
    expect(store.getState().stepView?.step).not.toBe(10);
    store.getState().setStep(10);
    await waitFor(() => expect(store.getState().stepView?.step).toBe(10));
    store.getState().setStep(11);
    await waitFor(() => expect(store.getState().stepView?.step).toBe(11));
    expect(store.getState().step).toBe(11);
  });

  it('refuses an invalid setting with a message, keeping the last replay', async () => {
    const { store } = await startedStore();
    // Once token counts are in, the session has replayed with them: nothing else is under way.
    await waitFor(() => expect(store.getState().active?.tokens && !store.getState().running).toBe(true));
    const before = store.getState().summary;
    store.getState().setConfig({ type: 'llm', max_size: 10, keep_first: 5 });
    expect(store.getState().configError).toMatch(/^keep_first: must be less than half of max_size/);
    await store.getState().rerun();
    expect(store.getState().summary).toBe(before);
  });

  it('carries the configuration’s notes with the replay: a pipeline member without type', async () => {
    const { store } = await startedStore();
    store.getState().setConfig({ type: 'pipeline', condensers: [{ max_size: 40 }] });
    await store.getState().rerun();
    expect(store.getState().summary?.notes).toEqual([
      expect.stringMatching(/^condensers\.0 has no "type": pydantic's union reads it as amortized/),
    ]);
  });

  it('imports a log, renames and deletes sessions', async () => {
    const { store } = await startedStore();
    const id = await store
      .getState()
      .importLog({ kind: 'file', file: { path: 'basic.json', text: basicLog() } }, 'basic', 26_389);
    expect(id).not.toBeNull();
    expect(store.getState().active?.record.id).toBe(id);
    expect(store.getState().sessions.map((s) => s.name)).toContain('basic');
    await store.getState().renameSession(id!, 'renamed basic');
    expect(store.getState().sessions.find((s) => s.id === id)?.name).toBe('renamed basic');
    await store.getState().deleteSession(id!);
    expect(store.getState().sessions.map((s) => s.id)).not.toContain(id);
    // The other session opens in its place.
    expect(store.getState().active?.record.name).toMatch(/^Sample:/);
  });

  it('leaves stored sessions untouched when a file is bad, and keeps none of its bytes', async () => {
    const { store, sessions, db } = await startedStore();
    const before = await sessions.list();
    const chunksBefore = await db.logChunks.count();
    const id = await store
      .getState()
      .importLog({ kind: 'file', file: { path: 'cut.json', text: basicLog().slice(0, 500) } }, 'cut', 500);
    expect(id).toBeNull();
    expect(store.getState().notice?.text).toMatch(/cut was not imported: .*truncated/);
    expect(await sessions.list()).toEqual(before);
    // Its bytes were written while the engine read them, and removed when it refused them.
    await waitFor(async () => expect(await db.logChunks.count()).toBe(chunksBefore));
    // The open session still works.
    store.getState().setStep(10);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().stepView?.items.length).toBeGreaterThan(0);
  });

  it('exports a reproduction file that replays identically after the session is deleted', async () => {
    const { store } = await startedStore();
    const config = structuredClone(store.getState().config) as { condensers: Array<Record<string, unknown>> };
    config.condensers[2]!.max_size = 60;
    store.getState().setConfig(config);
    await store.getState().rerun();
    await store.getState().setNotes('the fix lost its requirements at step 52');
    const original = store.getState().summary!;
    const exported = (await store.getState().exportSession())!;
    expect(exported.fileName).toMatch(/\.session\.json$/);
    await store.getState().deleteSession(store.getState().active!.record.id);
    const id = await store.getState().importSessionFile(exported.parts.join(''));
    expect(id).not.toBeNull();
    const reopened = store.getState();
    expect(reopened.active?.record.notes).toBe('the fix lost its requirements at step 52');
    expect(reopened.summary?.condensations).toEqual(original.condensations);
    expect(reopened.summary?.steps.map((s) => s.viewLength)).toEqual(original.steps.map((s) => s.viewLength));
  });

  it('never exports or copies a credential of the condenser’s llm_config, even from a session stored before they were removed', async () => {
    const { store, sessions } = await startedStore();
    const id = store.getState().active!.record.id;
    const secrets = ['sk-proj-abcdefghijklmnopqrstuv', 'AKIAABCDEFGHIJKLMNOP', 'hunter2-password', 'k-in-header-777'];
    const stale = {
      type: 'llm',
      max_size: 40,
      llm_config: {
        model: 'm',
        api_key: secrets[0],
        aws_access_key_id: secrets[1],
        base_url: `https://me:${secrets[2]}@proxy.example.com/v1`,
        extra_headers: { 'X-Api-Key': secrets[3] },
      },
    };
    // As an older version stored it, unfiltered.
    await sessions.update(id, { config: stale });
    await store.getState().openSession(id);
    const exported = (await store.getState().exportSession())!.parts.join('');
    const copied = store.getState().configAsText().text;
    for (const secret of secrets) {
      expect(exported).not.toContain(secret);
      expect(copied).not.toContain(secret);
    }
    expect(copied).toContain('max_size = 40');
    // A pasted configuration is cleaned before it is stored.
    store.getState().setConfig(stale);
    await waitFor(async () => expect(JSON.stringify((await sessions.get(id))!.config)).not.toContain(secrets[0]));
    for (const secret of secrets) expect(JSON.stringify((await sessions.get(id))!.config)).not.toContain(secret);
  });

  it('says plainly when a session file comes from a newer version, and imports nothing', async () => {
    const { store, sessions } = await startedStore();
    const newer = JSON.parse((await store.getState().exportSession())!.parts.join('')) as Record<string, unknown>;
    newer.version = 99;
    const id = await store.getState().importSessionFile(JSON.stringify(newer));
    expect(id).toBeNull();
    expect(store.getState().notice?.text).toMatch(/newer Condenser Inspector \(file format 99\)/);
    expect(await sessions.list()).toHaveLength(1);
  });

  it('reports a sample that cannot load instead of crashing', async () => {
    const { store } = createTestStore({ loadSample: async () => '{"format": "something else"}' });
    await store.getState().init();
    expect(store.getState().sessions).toHaveLength(0);
    expect(store.getState().notice?.kind).toBe('error');
  });

  it('records the log’s own summaries as answers for the current configuration', async () => {
    const { store } = createTestStore();
    await store.getState().init();
    const text = JSON.parse((await store.getState().exportSession())!.parts.join('')) as {
      log: { file: { text: string } };
    };
    const id = await store
      .getState()
      .importLog({ kind: 'file', file: { path: 'log.json', text: text.log.file.text } }, 'raw log', 1);
    expect(store.getState().active?.record.id).toBe(id);
    // A log that condensed opens as recorded, its three condensations credited to their steps.
    expect(store.getState().mode).toBe('recorded');
    expect(store.getState().summary?.condensations.map((c) => c.stepIndex)).toEqual([39, 60, 80]);
    store.getState().setMode('resimulate');
    store.getState().setConfig({
      type: 'pipeline',
      condensers: [
        { type: 'conversation_window' },
        { type: 'browser_output_masking', attention_window: 2 },
        { type: 'llm', keep_first: 4, max_size: 80 },
      ],
    });
    await store.getState().rerun();
    expect(store.getState().summary?.llm.placeholders).toBe(3);
    await store.getState().recordLogSummaries();
    expect(store.getState().summary?.llm).toMatchObject({ calls: 3, recorded: 3, placeholders: 0 });
  });

  it('moves the step together with its view and messages: a step change is drawn once, never the step over the last one’s panes', async () => {
    // Settled: no replay of its own (the tokens counted) answers meanwhile. However slow this machine, the step waits for its view.
    const { store } = await settledStore({ stepAloneAfterMs: 60_000 });
    const seen: Array<[number, number | undefined, number | undefined]> = [];
    const stop = store.subscribe((state) => seen.push([state.step, state.stepView?.step, state.transcript?.step]));
    const from = store.getState().step;
    // Faster than the engine answers: each press moves on from the step asked for, not the one shown.
    for (let k = 1; k <= 3; k++) store.getState().setStep(store.getState().stepAsked + 1);
    expect(store.getState().stepAsked).toBe(from + 3);
    expect(store.getState().step).toBe(from);
    await waitFor(() => expect(store.getState().step).toBe(from + 3), { timeout: 10_000 });
    stop();
    expect(store.getState().stepView?.step).toBe(from + 3);
    expect(store.getState().transcript?.step).toBe(from + 3);
    // Every state the page could have drawn shows a step with its own view and messages.
    for (const [step, viewStep, transcriptStep] of seen) expect([viewStep, transcriptStep]).toEqual([step, step]);
    // Steps passed on the way may be shown while the last is built, only forward, towards it.
    const shownSteps = seen.map(([step]) => step);
    expect(
      shownSteps.every((step, k) => step >= from && step <= from + 3 && (k === 0 || step >= shownSteps[k - 1]!)),
    ).toBe(true);

    // Asked and taken back before the engine answered: the step it left is never shown.
    seen.length = 0;
    const restart = store.subscribe((state) => seen.push([state.step, state.stepView?.step, state.transcript?.step]));
    store.getState().setStep(from + 4);
    store.getState().setStep(from + 3);
    expect(store.getState().stepAsked).toBe(from + 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    restart();
    expect(seen.some(([step, viewStep]) => step === from + 4 || viewStep === from + 4)).toBe(false);
    expect([store.getState().step, store.getState().stepView?.step]).toEqual([from + 3, from + 3]);
  });
});
