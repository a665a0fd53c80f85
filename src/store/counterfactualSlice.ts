import { agentSettingsOf } from './agentSettings.ts';
import { endpointArgs, safeText } from './llmSlice.ts';
import { sessionReplayRequest } from './replayRequest.ts';
import type { CounterfactualSlice, GetState, SetState, StoreDeps } from './types.ts';

export function createCounterfactualSlice(set: SetState, get: GetState, deps: StoreDeps): CounterfactualSlice {
  let controller: AbortController | null = null;
  /** The run still being shown (a newer one, or closing, lets an older one's late updates go). */
  let current = 0;

  return {
    counterfactual: null,

    async askCounterfactual(samples) {
      const { active, llmSettings, step, config } = get();
      if (!active) return;
      const run = ++current;
      const base = { sessionId: active.record.id, step, samples, config, result: null };
      const model = llmSettings?.model.trim() ?? '';
      if (!model) {
        const error = 'Set the model in the LLM settings first: the answers are asked of it and kept by it.';
        set({ counterfactual: { ...base, running: null, error } });
        return;
      }
      // Without a key the answers come from the session only (an imported session replays offline).
      const online = Boolean(llmSettings?.apiKey.trim() && llmSettings.baseURL.trim());
      controller?.abort();
      const signal = (controller = new AbortController()).signal;
      const update = (patch: Partial<NonNullable<AppCounterfactual>>) => {
        const shown = get().counterfactual;
        if (run === current && shown) set({ counterfactual: { ...shown, ...patch } });
      };
      set({ counterfactual: { ...base, running: 'Building both requests…', error: null } });
      try {
        const result = await deps.engine.call(
          'counterfactual',
          {
            step,
            candidate: { ...sessionReplayRequest(get()), config, onMissing: 'placeholder' },
            agent: agentSettingsOf(active),
            samples,
            model,
            endpoint: online && llmSettings ? endpointArgs(llmSettings) : null,
          },
          {
            signal,
            progress: (progress) => {
              if (progress.kind === 'status') return update({ running: progress.message });
              // Kept as each answer arrives: a cancelled or failed run keeps what it paid for.
              void get().keepPaidAnswers(base.sessionId, { [progress.key]: progress.answer });
              const shown = get().active;
              if (shown?.record.id === base.sessionId)
                set({ active: { ...shown, answers: { ...shown.answers, [progress.key]: progress.answer } } });
            },
          },
        );
        update({ running: null, result });
      } catch (error) {
        const text = signal.aborted ? 'Cancelled; the answers received were kept.' : safeText(error, llmSettings);
        const hint = !online && !signal.aborted ? ' (no key is set: only answers the session holds are used)' : '';
        update({ running: null, error: `${text}${hint}` });
      } finally {
        if (run === current) controller = null;
      }
    },

    cancelCounterfactual() {
      controller?.abort();
    },

    closeCounterfactual() {
      controller?.abort();
      current++;
      set({ counterfactual: null });
    },
  };
}

type AppCounterfactual = ReturnType<GetState>['counterfactual'];
