import { type ModelPrices } from '../engine/index.ts';
import {
  type AgentTemplateSources,
  TemplateError,
  agentTemplateNameOf,
  compileAgentTemplates,
} from '../templates/index.ts';
import { agentSettingsOf } from './agentSettings.ts';
import { coalesce } from './coalesce.ts';
import { errorText, isAbort } from './errorText.ts';
import type { AgentSlice, GetState, SetState, StoreDeps } from './types.ts';
import { keptWrite } from './keptWrite.ts';
import { fetchTranscript } from './stepTranscript.ts';
import { estimateError } from './usageSelectors.ts';
import { sessionPrices } from './sessionPrices.ts';

export function createAgentSlice(set: SetState, get: GetState, deps: StoreDeps): AgentSlice {
  let usageController: AbortController | null = null;

  const loadTranscript = coalesce(async () => {
    const { active, summary, step } = get();
    if (!active || !summary || summary.steps.length === 0) {
      set({ transcript: null });
      return;
    }
    if (get().engineHolds !== active.record.id) return;
    const transcript = await fetchTranscript(get, deps, step);
    if (transcript && get().step === step && get().active?.record.id === active.record.id) set({ transcript });
  });

  const refreshUsage = async () => {
    usageController?.abort();
    const controller = new AbortController();
    usageController = controller;
    const { active, summary } = get();
    // Another log is being opened in the engine: its answer would not be about this session.
    if (!active || !summary || get().engineHolds !== active.record.id) return;
    let lastProgress = 0;
    set({ usageProgress: summary.steps.length > 0 ? { done: 0, total: summary.steps.length } : null });
    try {
      const usage = await deps.engine.call(
        'agentUsage',
        { agent: agentSettingsOf(active) },
        {
          signal: controller.signal,
          progress: (progress) => {
            // A few updates a second are news; one per slice of work would re-render the page for nothing.
            const now = Date.now();
            if (progress.kind !== 'status' || usageController !== controller || now - lastProgress < 250) return;
            lastProgress = now;
            set({ usageProgress: { done: progress.done, total: progress.total ?? summary.steps.length } });
          },
        },
      );
      if (usageController === controller && get().active?.record.id === active.record.id) {
        // Measured as recorded; kept while the session re-simulates, where estimates cannot be checked.
        const measured = estimateError(usage);
        set(measured ? { usage, estimateErrorOnLog: measured } : { usage });
      }
    } catch (error) {
      // Another log opened meanwhile: the engine answered about that one, not this session.
      if (!isAbort(error) && usageController === controller && get().engineHolds === active.record.id)
        set({ notice: { kind: 'error', text: `The usage estimate failed: ${errorText(error)}` } });
    } finally {
      if (usageController === controller) set({ usageProgress: null });
    }
  };

  const saveAgent = async (agent: ReturnType<typeof agentSettingsOf>) => {
    const active = get().active;
    if (!active) return;
    set({ active: { ...active, record: { ...active.record, agent } }, usage: null });
    await keptWrite(set, 'The agent settings were not saved', () => deps.sessions.update(active.record.id, { agent }));
    await Promise.all([loadTranscript(), refreshUsage()]);
  };

  return {
    transcript: null,
    usage: null,
    usageProgress: null,
    estimateErrorOnLog: null,
    prices: {},
    focusedEvent: null,

    loadTranscript,
    refreshUsage,

    cancelUsage() {
      // Another log is about to replace this one in the engine: its estimate no longer answers anything.
      usageController?.abort();
      usageController = null;
      set({ usageProgress: null });
    },

    async loadPrices() {
      set({ prices: await deps.settings.prices() });
    },

    async setAgentProfile(profile) {
      await saveAgent({ ...agentSettingsOf(get().active), profile });
    },

    async loadAgentTemplates(files) {
      const templates: AgentTemplateSources = { ...agentSettingsOf(get().active).templates };
      const unknown: string[] = [];
      for (const file of files) {
        const name = agentTemplateNameOf(file.name);
        if (name) templates[name] = file.text;
        else unknown.push(file.name);
      }
      if (unknown.length)
        return `${unknown.join(', ')}: not one of the agent's templates (system_prompt.j2, additional_info.j2, microagent_info.j2)`;
      try {
        compileAgentTemplates(templates);
      } catch (error) {
        return error instanceof TemplateError ? error.message : errorText(error);
      }
      await saveAgent({ ...agentSettingsOf(get().active), templates });
      return null;
    },

    async resetAgentTemplates() {
      await saveAgent({ ...agentSettingsOf(get().active), templates: {} });
    },

    async setModelPrices(model: string, prices: ModelPrices | null) {
      // The session keeps its own table (it travels in its file); the user's defaults learn the same change,
      // for sessions that have no table of their own.
      const change = (table: Readonly<Record<string, ModelPrices>>) => {
        const next = { ...table };
        if (prices) next[model] = prices;
        else delete next[model];
        return next;
      };
      const active = get().active;
      if (active) {
        const own = change(sessionPrices(get()));
        set({ active: { ...active, record: { ...active.record, prices: own } } });
        await keptWrite(set, `The prices of ${model} were not saved with the session`, () =>
          deps.sessions.update(active.record.id, { prices: own }),
        );
      }
      const defaults = change(get().prices);
      if (await keptWrite(set, `The prices of ${model} were not saved`, () => deps.settings.savePrices(defaults)))
        set({ prices: defaults });
    },

    focusEvent(id) {
      set({ focusedEvent: id });
    },
  };
}
