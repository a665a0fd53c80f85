import type { ModelPrices } from '../engine/index.ts';
import { withoutSecrets, writeSessionFileParts } from '../formats/index.ts';
import { APP_VERSION } from './defaults.ts';
import { statusReport } from './librarySlice.ts';
import { errorText } from './errorText.ts';
import { sessionReplayRequest } from './replayRequest.ts';
import type { GetState, SessionSlice, SetState, StoreDeps } from './types.ts';
import { createNotesEdits } from './notesEdits.ts';
import { markShown } from './shownMarks.ts';
import { pricesToExport } from './sessionPrices.ts';

function fileNameFor(name: string): string {
  const safe = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'session';
  return `${safe}.session.json`;
}
export function createSessionSlice(set: SetState, get: GetState, deps: StoreDeps): SessionSlice {
  /** The session an openSession is opening, and its claim on the engine, until it is open. */
  let inFlight: { readonly id: string; readonly claim: number; readonly done: Promise<void> } | null = null;
  return {
    active: null,
    opening: false,
    openingStatus: null,

    async openSession(id, step = null, alreadyOpened, given) {
      // The session being opened already (a second click while a big log is read): that open goes on,
      // and this one waits for it (a caller goes on with the session open), then moves to its step.
      const under = inFlight;
      if (!alreadyOpened && given === undefined && under?.id === id && under.claim === get().engineClaim) {
        await under.done;
        if (step !== null && get().active?.record.id === id) get().setStep(step);
        return;
      }
      const claim = given ?? get().claimEngine();
      // Overtaken by a later open or import: that one shows its session (and gave the engine its log).
      const overtaken = () => get().engineClaim !== claim;
      if (overtaken()) return;
      set({ opening: true });
      let finished!: () => void;
      inFlight = { id, claim, done: new Promise<void>((resolve) => (finished = resolve)) };
      try {
        const stored = await deps.sessions.get(id);
        // A log the engine holds already is not read back from storage (a big one takes seconds).
        const input = alreadyOpened ? null : await deps.sessions.logToOpen(id);
        if (overtaken()) return;
        const gone = () => set({ notice: { kind: 'error', text: 'That session no longer exists.' } });
        if (!stored || (!alreadyOpened && !input)) return gone();
        if (!alreadyOpened) get().releaseEngine();
        const opened =
          alreadyOpened ??
          (await deps.engine.call(
            'open',
            { input: input!, instance: stored.source.instance },
            { progress: statusReport((message) => set({ openingStatus: message })) },
          ));
        // Read after the log is open: another tab may have renamed or changed the session meanwhile
        // (its news came while this tab had not shown the session yet, and would be undone).
        const [record, answers] = await Promise.all([deps.sessions.get(id), deps.sessions.answers(id)]);
        if (overtaken()) return;
        if (!record) return gone();
        set({
          engineHolds: record.id,
          active: { record, opened, tokens: null, answers },
          config: record.config,
          appliedConfig: null,
          configHistory: [],
          configError: null,
          mode: record.mode,
          summary: null,
          stepView: null,
          step: step ?? record.lastStep ?? 0,
          stepAsked: step ?? record.lastStep ?? 0,
          selectedEvent: null,
          rawJson: null,
          selectedCondensation: null,
          prompt: null,
          search: '',
          searchMatches: null,
          comparison: null,
          compareStep: null,
          compareConfig: record.compareConfig ?? null,
          compareError: null,
          estimate: null,
          transcript: null,
          usage: null,
          estimateErrorOnLog: null,
          quality: null,
          factOrigin: null,
          droppedFacts: null,
          focusedEvent: null,
        });
        await get().rerun();
        void countTokens(id, set, get, deps);
      } catch (error) {
        if (!overtaken())
          set({ notice: { kind: 'error', text: `The session could not be opened: ${errorText(error)}` } });
      } finally {
        if (inFlight?.claim === claim) inFlight = null;
        finished();
        if (!overtaken()) set({ opening: false, openingStatus: null });
      }
    },

    ...createNotesEdits(set, get, deps),

    async exportSession() {
      const active = get().active;
      if (!active) return null;
      const input = await deps.sessions.log(active.record.id);
      if (!input) return null;
      const unsaved = get().unsavedAnswers;
      // Answers storage refused are in the file too: exporting is how they are kept.
      const answers = {
        ...(await deps.sessions.answers(active.record.id)),
        ...(unsaved?.sessionId === active.record.id ? unsaved.answers : {}),
      };
      const { record } = active;
      // Only the session's own data: settings (the endpoint and its key) live elsewhere and never go in.
      const parts = writeSessionFileParts({
        appVersion: APP_VERSION,
        session: {
          name: record.name,
          notes: record.notes,
          // Sessions stored by older versions may still hold credentials: never exported.
          config: withoutSecrets(get().config),
          mode: get().mode,
          prompts: record.prompts,
          instance: record.source.instance,
          step: get().step,
          ...(record.sdkRules ? { sdkRules: record.sdkRules } : {}),
          ...(record.agent ? { agent: record.agent } : {}),
          ...compareOf(get().compareConfig ?? record.compareConfig),
          ...pricesOf(pricesToExport(get())),
        },
        log: input,
        answers,
      });
      // Answers not stored are safe in the file: the page stops warning about them.
      if (unsaved?.sessionId === active.record.id && !unsaved.exported)
        set({ unsavedAnswers: { ...unsaved, exported: true } });
      return { fileName: fileNameFor(record.name), parts };
    },

    async recordLogSummaries() {
      const active = get().active;
      if (!active || active.opened.recordedSummaries.length === 0) return;
      try {
        const used = await deps.engine.call('recordLogSummaries', {
          config: get().config,
          prompts: active.record.prompts,
          sdkRules: sessionReplayRequest(get()).sdkRules,
        });
        const count = used.matched;
        await deps.sessions.addAnswers(active.record.id, used.answers);
        const answers = await deps.sessions.answers(active.record.id);
        // The session as it is now: another tab may have renamed it or changed it meanwhile.
        const now = get().active;
        if (now?.record.id !== active.record.id) return;
        set({ active: { ...now, answers } });
        // A configuration that asks no LLM needs no summaries: nothing to say then.
        if (used.calls > 0) {
          set({
            notice: {
              kind: 'info',
              text:
                count === 0
                  ? `None of this configuration's ${used.calls} LLM calls forgets exactly the events a recorded summary covered, so none takes one (a summary of other events would not be what the model read): placeholders stand in; run them live from the LLM settings.`
                  : `Re-simulating with the log's own summaries: ${count} of this configuration's ${used.calls} LLM calls forget exactly the events a recorded summary covered, and take it. The others get placeholders (a summary of other events would not be what the model read); run them live from the LLM settings.`,
            },
          });
        }
        await get().rerun();
      } catch (error) {
        set({ notice: { kind: 'error', text: errorText(error) } });
      }
    },
  };
}

/** Token counts arrive after the first render; the replay then runs again to chart tokens. */
async function countTokens(id: string, set: SetState, get: GetState, deps: StoreDeps): Promise<void> {
  try {
    if (get().engineHolds !== id) return;
    const tokens = await deps.engine.call('countTokens', {});
    const active = get().active;
    // Counted for another log if one was opened meanwhile.
    if (active?.record.id !== id || get().engineHolds !== id) return;
    set({ active: { ...active, tokens } });
    await get().rerun();
    markShown('tokens');
  } catch {
    // Token estimates are a nicety; the replay stands without them.
  }
}

/** Compare's configuration B for the reproduction file, when the session has one (credentials never go in). */
function compareOf(config: unknown): { compare?: { config: unknown } } {
  return config === null || config === undefined ? {} : { compare: { config: withoutSecrets(config) } };
}

/** The session's prices for the file, when any model has one (a file without them opens in older apps). */
function pricesOf(prices: Record<string, ModelPrices>): { prices?: Record<string, ModelPrices> } {
  return Object.keys(prices).length ? { prices } : {};
}
