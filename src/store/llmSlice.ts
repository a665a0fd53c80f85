import { withoutKey } from '../llm/llmErrors.ts';
import type { RecordedAnswers } from '../engine/index.ts';
import { type LlmSettings, SessionGoneError, StorageFullError } from '../storage/index.ts';
import { errorText } from './errorText.ts';
import { sessionReplayRequest } from './replayRequest.ts';
import type { GetState, LlmSlice, SetState, StoreDeps } from './types.ts';
import type { LlmEndpointArgs } from '../worker/index.ts';
import { keptWrite } from './keptWrite.ts';

/** A message about an LLM failure, with the key taken out whatever produced it. */
export function safeText(error: unknown, settings: LlmSettings | null): string {
  return withoutKey(errorText(error), settings?.apiKey ?? '');
}

/** What the engine needs to call the endpoint: where, with what key, within which limits. */
export function endpointArgs(settings: LlmSettings): LlmEndpointArgs {
  return {
    baseURL: settings.baseURL.trim().replace(/\/+$/, ''),
    model: settings.model.trim(),
    apiKey: settings.apiKey.trim(),
    ...(settings.deadlineMs !== undefined ? { deadlineMs: settings.deadlineMs } : {}),
    ...(settings.maxAnswerBytes !== undefined ? { maxAnswerBytes: settings.maxAnswerBytes } : {}),
  };
}

const answersText = (count: number) => (count === 1 ? '1 paid answer' : `${count} paid answers`);

export function createLlmSlice(set: SetState, get: GetState, deps: StoreDeps): LlmSlice {
  let controller: AbortController | null = null;
  let testController: AbortController | null = null;
  /** Answer writes, one after another: each sees what the one before could not store. */
  let storing: Promise<void> = Promise.resolve();

  const replayRequest = () => ({ ...sessionReplayRequest(get()), config: get().config });

  /**
   * Stores paid answers (with any that could not be stored before). When storage refuses them they
   * stay in memory, are exported with the session, and the user is told how many; the page warns
   * before leaving while any is being stored or not stored.
   */
  const storeAnswers = async (sessionId: string, answers: RecordedAnswers) => {
    const earlier = get().unsavedAnswers;
    const pending = { ...(earlier?.sessionId === sessionId ? earlier.answers : {}), ...answers };
    try {
      await deps.sessions.addAnswers(sessionId, pending);
      if (get().unsavedAnswers?.sessionId === sessionId) set({ unsavedAnswers: null });
    } catch (error) {
      // Answers of another session still unstored are not dropped: the newest session's are kept, and exported.
      set({ unsavedAnswers: { sessionId, answers: pending, exported: false } });
      const count = Object.keys(pending).length;
      const why =
        error instanceof StorageFullError || error instanceof SessionGoneError
          ? error.message
          : `storage refused them (${errorText(error)})`;
      // The storage-full sentence ends with its own full stop.
      set({
        notice: {
          kind: 'error',
          text: `${why.replace(/\.$/, '')}. The ${count === 1 ? '1 paid answer stays' : `${count} paid answers stay`} in this tab until stored: export the session to keep them.`,
        },
      });
    }
  };
  const keepAnswers = (sessionId: string, answers: RecordedAnswers): Promise<void> => {
    set({ answersStoring: get().answersStoring + 1 });
    storing = storing
      .then(() => storeAnswers(sessionId, answers))
      .finally(() => set({ answersStoring: get().answersStoring - 1 }));
    return storing;
  };

  return {
    llmSettings: null,
    live: null,
    estimate: null,
    unsavedAnswers: null,
    answersStoring: 0,

    keepPaidAnswers: keepAnswers,

    async loadLlmSettings() {
      set({ llmSettings: await deps.settings.llm() });
    },

    async saveLlmSettings(settings) {
      const { baseURL, model, apiKey } = endpointArgs(settings);
      const clean: LlmSettings = { ...settings, baseURL, model, apiKey };
      if (!(await keptWrite(set, 'The LLM settings were not saved', () => deps.settings.saveLlm(clean)))) return false;
      set({ llmSettings: clean, estimate: null });
      return true;
    },

    async forgetKey() {
      if (await keptWrite(set, 'The key was not forgotten', () => deps.settings.forgetKey()))
        set({ llmSettings: await deps.settings.llm() });
    },

    async estimateLiveRun() {
      if (!get().active) return;
      try {
        const outcome = await deps.engine.call('replay', {
          ...replayRequest(),
          onMissing: 'placeholder',
          measureLlm: true,
          slot: 'compare',
        });
        set({ estimate: outcome.ok ? outcome.summary.llm : null });
      } catch (error) {
        set({ notice: { kind: 'error', text: errorText(error) } });
      }
    },

    async runLive() {
      const { active, llmSettings } = get();
      if (!active || !llmSettings) return;
      if (!llmSettings.apiKey || !llmSettings.baseURL || !llmSettings.model) {
        set({ notice: { kind: 'error', text: 'Set the LLM endpoint, model and API key first (LLM settings).' } });
        return;
      }
      controller = new AbortController();
      const sessionId = active.record.id;
      let fresh = 0;
      set({ live: { message: `Starting with ${llmSettings.model}…`, answered: 0 }, notice: null });
      try {
        const outcome = await deps.engine.call(
          'liveReplay',
          {
            ...replayRequest(),
            endpoint: endpointArgs(llmSettings),
            expectedCalls: get().estimate?.placeholders ?? get().summary?.llm.placeholders,
          },
          {
            signal: controller.signal,
            progress: (progress) => {
              if (progress.kind === 'status') {
                set({ live: { message: progress.message, answered: fresh } });
                return;
              }
              // Saved as each answer arrives: a cancelled or failed run keeps what it paid for.
              fresh++;
              void keepAnswers(sessionId, { [progress.key]: progress.answer });
              const current = get().active;
              if (current?.record.id === sessionId) {
                set({
                  active: { ...current, answers: { ...current.answers, [progress.key]: progress.answer } },
                  live: { message: `${fresh} new answers`, answered: fresh },
                });
              }
            },
          },
        );
        // The last answers' writes finish first: the notice says how many were stored.
        await storing;
        const unstored =
          get().unsavedAnswers?.sessionId === sessionId ? Object.keys(get().unsavedAnswers!.answers).length : 0;
        const kept = unstored
          ? `${fresh} new answers; ${unstored} of them are not stored (export the session to keep them)`
          : `${fresh} new answers were kept`;
        const failed = outcome.ok ? outcome.summary.steps.find((step) => step.failure) : undefined;
        if (!outcome.ok) set({ configError: outcome.configError });
        else if (failed?.failure) {
          const text = `The live run stopped at step ${failed.index + 1}: ${withoutKey(failed.failure, llmSettings.apiKey)} (${kept}.)`;
          set({ notice: { kind: 'error', text } });
        } else if (unstored) {
          set({ notice: { kind: 'error', text: `Live run finished with ${kept}.` } });
        } else
          set({
            notice: {
              kind: 'info',
              text: `Live run finished: ${outcome.summary.llm.live} new answers from ${llmSettings.model}, ${outcome.summary.llm.recorded} already recorded.`,
            },
          });
      } catch (error) {
        const cancelled = controller?.signal.aborted === true;
        await storing;
        const unstored =
          get().unsavedAnswers?.sessionId === sessionId ? Object.keys(get().unsavedAnswers!.answers).length : 0;
        const kept = unstored
          ? `${answersText(fresh)} received, ${unstored} not stored: export the session to keep them`
          : `the ${fresh} answers received were kept`;
        set({
          notice: cancelled
            ? { kind: unstored ? 'error' : 'info', text: `Live run cancelled; ${kept}.` }
            : { kind: 'error', text: `The live run stopped: ${safeText(error, llmSettings)} (${kept}.)` },
        });
      } finally {
        controller = null;
        set({ live: null, estimate: null });
        await get().rerun();
      }
    },

    async testLlmConnection(settings) {
      testController?.abort();
      const tested = new AbortController();
      testController = tested;
      try {
        return {
          ok: true,
          text: await deps.engine.call('testEndpoint', { endpoint: endpointArgs(settings) }, { signal: tested.signal }),
        };
      } catch (error) {
        if (tested.signal.aborted) return { ok: false, text: 'Test cancelled.' };
        return { ok: false, text: safeText(error, settings) };
      } finally {
        if (testController === tested) testController = null;
      }
    },

    cancelLlmTest() {
      testController?.abort();
    },

    cancelLive() {
      controller?.abort();
    },

    async setPromptTemplate(kind, template) {
      const active = get().active;
      if (!active) return;
      const prompts = { ...active.record.prompts };
      if (template === null) delete prompts[kind];
      else prompts[kind] = template;
      set({ active: { ...active, record: { ...active.record, prompts } }, estimate: null });
      await keptWrite(set, 'The prompt template was not saved', () =>
        deps.sessions.update(active.record.id, { prompts }),
      );
      await get().rerun();
    },
  };
}
