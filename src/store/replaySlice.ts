import { presetById } from '../engine/index.ts';
import { ConfigTextError, withoutSecrets } from '../formats/index.ts';
import { coalesce } from './coalesce.ts';
import { errorText } from './errorText.ts';
import { configProblem, configText, readConfigText, sessionReplayRequest } from './replayRequest.ts';
import type { AppState, GetState, ReplaySlice, SetState, StoreDeps } from './types.ts';
import { keptWrite } from './keptWrite.ts';
import { createConfigEdits } from './configEdits.ts';
import { markShown } from './shownMarks.ts';
import { fetchTranscript } from './stepTranscript.ts';

/** How many earlier configurations undo can go back through. */
const UNDO_DEPTH = 30;
/**
 * How long a step change waits for the engine's view and messages before the step moves alone (its
 * panes dimmed until they come): the engine answers in a few milliseconds unless a replay holds it.
 */
export const STEP_ALONE_AFTER_MS = 60;

export function createReplaySlice(set: SetState, get: GetState, deps: StoreDeps): ReplaySlice {
  /**
   * Replays the engine has answered, and whether the last one is not in the store yet: a step view
   * asked for meanwhile is of that replay, and would be shown beside the previous replay's summary.
   */
  let replaysAnswered = 0;
  let replayNotShown = false;

  const runReplay = coalesce(async () => {
    const { active, config } = get();
    // While another log is opened or imported, the engine does not hold this session's log.
    if (!active || get().engineHolds !== active.record.id) return;
    set({ running: true });
    const generation = deps.logGeneration?.();
    try {
      const outcome = await deps.engine.call('replay', { ...sessionReplayRequest(get()), config });
      if (get().active?.record.id !== active.record.id) return;
      if (!outcome.ok) {
        set({ configError: outcome.configError });
        return;
      }
      // From here the engine answers step views from this replay, which the store does not show yet.
      replaysAnswered++;
      replayNotShown = true;
      const last = Math.max(0, outcome.summary.steps.length - 1);
      const step = Math.min(get().stepAsked, last);
      // The step's view and messages under this replay come with it: the page draws the new replay
      // once, not once without them and again with them. Should they fail, they are asked for again below.
      const shown =
        outcome.summary.steps.length > 0
          ? await stepState(step).catch(() => null)
          : { stepView: null, transcript: null };
      if (get().active?.record.id !== active.record.id) return;
      const current = Math.min(get().stepAsked, last);
      // The step whose view came with the replay; one asked for meanwhile follows with its own view
      // (unless the step has already moved there alone: it does not go back).
      const shownStep = shown === null || get().step === current ? current : step;
      if (shownStep === current) stopWaitingAlone();
      else moveAloneLater();
      set({
        summary: outcome.summary,
        step: shownStep,
        stepAsked: current,
        ...shown,
        usage: null,
        quality: null,
        appliedConfig: config,
        // The lives follow the replay: the picked event's at once, the lanes when the lane view asks again.
        eventLanes: null,
      });
      replayNotShown = false;
      void get().loadEventLife();
      if (shown === null || current !== step) await loadStepView();
      else if (outcome.summary.steps.length > 0) markShown('step');
      markShown('replay');
      // Usage over the whole run can take a while on long logs: it runs after, and a newer replay cancels it.
      void get().refreshUsage();
      void get().refreshQuality();
    } catch (error) {
      // Another log was opened meanwhile: this replay's answers are moot.
      if (deps.logGeneration?.() !== generation || get().active?.record.id !== active.record.id) return;
      set({ notice: { kind: 'error', text: `The replay failed: ${errorText(error)}` } });
    } finally {
      replayNotShown = false;
      set({ running: false });
    }
  });

  /** The store's fields for `step` of the engine's last replay: its view and messages, asked at once and shown together. */
  async function stepState(step: number): Promise<Partial<AppState>> {
    const [view, transcript] = await Promise.all([
      deps.engine.call('stepView', { step }),
      fetchTranscript(get, deps, step),
    ]);
    const stepView = { step, items: view };
    return transcript ? { stepView, transcript } : { stepView };
  }

  const loadStepView = coalesce(async () => {
    const { summary, stepAsked: step, active } = get();
    if (!summary || summary.steps.length === 0) {
      set({ stepView: null, transcript: null });
      return;
    }
    if (!active || get().engineHolds !== active.record.id) return;
    const asked = replaysAnswered;
    const generation = deps.logGeneration?.();
    let shown: Partial<AppState>;
    try {
      shown = await stepState(step);
    } catch (error) {
      // Said once, not thrown: a throw here would end the coalesced loop and drop a step asked meanwhile.
      if (deps.logGeneration?.() === generation && get().active?.record.id === active.record.id)
        set({ notice: { kind: 'error', text: `Step ${step + 1} could not be shown: ${errorText(error)}` } });
      return;
    }
    // A replay came in meanwhile: it shows its own step's view.
    if (replaysAnswered !== asked || replayNotShown) return;
    if (get().active?.record.id !== active.record.id) return;
    const { step: shownStep, stepAsked } = get();
    if (stepAsked === step) stopWaitingAlone();
    // Another step was asked for meanwhile (its answer follows): this one is shown only if it lies on
    // the way there, as while → is held; not once the user has come back, or the step moved alone.
    else if (!((shownStep < step && step < stepAsked) || (stepAsked < step && step < shownStep))) return;
    set({ step, ...shown });
    markShown('step');
  });

  /** Moves the step alone, if the engine has not answered for it in time (a replay holds it). */
  let aloneTimer: ReturnType<typeof setTimeout> | null = null;
  const stopWaitingAlone = () => {
    if (aloneTimer) clearTimeout(aloneTimer);
    aloneTimer = null;
  };
  const moveAloneLater = () => {
    // Counted from the first move not yet answered: a key held down moves the step alone too.
    if (aloneTimer) return;
    aloneTimer = setTimeout(() => {
      aloneTimer = null;
      const { step, stepAsked } = get();
      if (step !== stepAsked) set({ step: stepAsked });
    }, deps.stepAloneAfterMs ?? STEP_ALONE_AFTER_MS);
  };

  let saveStepTimer: ReturnType<typeof setTimeout> | null = null;
  const configEdits = createConfigEdits(set, get, deps);

  return {
    configConflict: configEdits.configConflict,
    resolveConfigConflict: configEdits.resolveConfigConflict,
    config: null,
    appliedConfig: null,
    configHistory: [],
    configError: null,
    mode: 'resimulate',
    onMissing: 'placeholder',
    summary: null,
    running: false,
    step: 0,
    stepAsked: 0,
    stepView: null,

    setConfig(raw) {
      const config = withoutSecrets(raw);
      const previous = get().config;
      if (previous !== null && JSON.stringify(previous) !== JSON.stringify(config))
        set({ configHistory: [...get().configHistory, previous].slice(-UNDO_DEPTH) });
      const problem = configProblem(config, get().active);
      set({ config, configError: problem });
      const active = get().active;
      if (problem || !active) return;
      // Versioned: another tab's change made meanwhile is merged, never overwritten.
      void configEdits.saveConfig();
      void runReplay();
    },

    undoConfig() {
      const history = get().configHistory;
      const previous = history[history.length - 1];
      if (previous === undefined) return;
      get().setConfig(previous);
      // setConfig remembered the config it replaced; undo must not be undone by itself.
      set({ configHistory: history.slice(0, -1) });
    },

    setMode(mode) {
      set({ mode });
      const active = get().active;
      if (!active) return;
      void keptWrite(set, 'The mode was not saved', () => deps.sessions.update(active.record.id, { mode }));
      // Re-simulating a log that summarized: its own summaries answer the LLM condenser's calls.
      if (mode === 'resimulate' && active.opened.recordedSummaries.length > 0 && !get().configError)
        void get().recordLogSummaries();
      else void runReplay();
    },

    async setSdkRules(sdkRules) {
      const active = get().active;
      if (!active) return;
      const updated = { ...active, record: { ...active.record, sdkRules } };
      set({ active: updated, configError: configProblem(get().config, updated) });
      await keptWrite(set, 'The SDK rules were not saved', () => deps.sessions.update(active.record.id, { sdkRules }));
      await runReplay();
    },

    setOnMissing(onMissing) {
      set({ onMissing });
      void runReplay();
    },

    setStep(step) {
      const steps = get().summary?.steps.length ?? 0;
      const clamped = Math.max(0, Math.min(step, steps - 1));
      const { step: shown, stepAsked, stepView } = get();
      const shownWithView = clamped === shown && stepView?.step === clamped;
      // Already shown with its view, or already asked for (its answer is on its way). A step that moved
      // alone and kept another step's view (its answer failed, or the engine was away) is asked again.
      if (clamped === stepAsked && (clamped !== shown || shownWithView)) return;
      set({ stepAsked: clamped });
      if (shownWithView) {
        // Back to the step shown before its neighbour's answer came: nothing to wait for.
        stopWaitingAlone();
      } else {
        moveAloneLater();
        void loadStepView();
      }
      const active = get().active;
      if (!active) return;
      if (saveStepTimer) clearTimeout(saveStepTimer);
      // Only where the session reopens: not worth a notice when storage refuses it.
      saveStepTimer = setTimeout(
        () => void deps.sessions.update(active.record.id, { lastStep: clamped }).catch(() => undefined),
        400,
      );
    },

    moveStep(to) {
      const target = to(get().stepAsked);
      if (target !== undefined) get().setStep(target);
    },

    async applyPreset(id, options = {}) {
      const preset = presetById(id);
      const active = get().active;
      if (!preset || !active) return;
      if (preset.flavor !== active.opened.flavor) {
        set({
          configError: `${preset.label} is a configuration of ${preset.flavor === 'sdk' ? 'the Agent SDK' : 'OpenHands V0'}; this log is replayed by the other engine.`,
        });
        return;
      }
      // SDK presets are the pinned SDK's: their keys (max_tokens) exist only under its rules.
      const rules = active.record.sdkRules ?? active.opened.sdkRules;
      if (preset.sdkRules && rules !== preset.sdkRules) await get().setSdkRules(preset.sdkRules);
      const config = preset.build({ agentMaxInputTokens: active.opened.agentMaxInputTokens, ...options });
      if (get().mode !== 'resimulate') get().setMode('resimulate');
      get().setConfig(config);
    },

    applyConfigText(text) {
      try {
        get().setConfig(readConfigText(text, get().active));
        return null;
      } catch (error) {
        return error instanceof ConfigTextError ? error.message : errorText(error);
      }
    },

    configAsText() {
      return configText(get().config, get().active);
    },

    rerun() {
      if (get().configError && get().mode === 'resimulate') return Promise.resolve();
      return runReplay();
    },
  };
}
