import { agentSettingsOf } from './agentSettings.ts';
import { coalesce } from './coalesce.ts';
import { errorText, isAbort } from './errorText.ts';
import { keptWrite } from './keptWrite.ts';
import { configProblem, sessionReplayRequest } from './replayRequest.ts';
import type { CompareSlice, GetState, SetState, StoreDeps } from './types.ts';

/** A second configuration to start from: the session's, with max_size halved where there is one. */
export function defaultCompareConfig(config: unknown): unknown {
  const halve = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const record = { ...(value as Record<string, unknown>) };
    if (typeof record.max_size === 'number') record.max_size = Math.max(4, Math.floor(record.max_size / 2));
    if (Array.isArray(record.condensers)) record.condensers = record.condensers.map(halve);
    return record;
  };
  return halve(config);
}

export function createCompareSlice(set: SetState, get: GetState, deps: StoreDeps): CompareSlice {
  const run = coalesce(async () => {
    // A log opened (or the session opened again) meanwhile makes this comparison moot: its slots are gone.
    const claim = get().engineClaim;
    try {
      await compare(claim);
    } catch (error) {
      if (isAbort(error) || get().engineClaim !== claim) return;
      throw error;
    }
  });

  const compare = async (claim: number) => {
    const { active, config, compareConfig } = get();
    if (!active || compareConfig === null) return;
    const problem = configProblem(compareConfig, active);
    if (problem) {
      set({ compareError: problem });
      return;
    }
    const request = { ...sessionReplayRequest(get()), measureLlm: true } as const;
    const agent = agentSettingsOf(active);
    // A and B are kept in slots of their own, so their views can be set side by side step by step.
    const a = await deps.engine.call('replay', { ...request, config, slot: 'compareA' });
    const b = await deps.engine.call('replay', {
      ...request,
      config: compareConfig,
      mode: 'resimulate',
      slot: 'compare',
    });
    const views = a.ok && b.ok ? await deps.engine.call('compareViews', {}) : null;
    const usageA = a.ok ? await deps.engine.call('agentUsage', { agent, slot: 'compareA' }) : null;
    const usageB = b.ok ? await deps.engine.call('agentUsage', { agent, slot: 'compare' }) : null;
    // Facts lost of the very replays compared (kept in their slots): no replay again.
    const factsLost = (slot: 'compareA' | 'compare') => deps.engine.call('replayQuality', { slot }).catch(() => null);
    const lostA = a.ok ? await factsLost('compareA') : null;
    const lostB = b.ok ? await factsLost('compare') : null;
    if (get().engineClaim !== claim || get().active?.record.id !== active.record.id) return;
    if (!a.ok || !b.ok || !views) {
      set({ compareError: !b.ok ? b.configError : !a.ok ? a.configError : null });
      return;
    }
    set({
      comparison: {
        a: a.summary,
        b: b.summary,
        usageA,
        usageB,
        qualityA: lostA?.total ?? null,
        qualityB: lostB?.total ?? null,
        lostFactsA: lostA ? lostA.steps.map((step) => step?.missing_used.length ?? null) : null,
        lostFactsB: lostB ? lostB.steps.map((step) => step?.missing_used.length ?? null) : null,
        views,
      },
      compareStep: null,
      compareError: null,
    });
    void loadStep(get().step);
  };

  let asked = 0;
  /** The events A's and B's views differ by at a step, of the comparison shown. */
  const loadStep = async (step: number) => {
    const comparison = get().comparison;
    if (!comparison) return;
    const ticket = ++asked;
    try {
      const diff = await deps.engine.call('compareStepViews', { step });
      if (ticket === asked && get().comparison === comparison) set({ compareStep: diff });
    } catch (error) {
      if (ticket === asked) set({ compareError: errorText(error) });
    }
  };

  return {
    compareConfig: null,
    comparison: null,
    compareStep: null,
    compareError: null,

    loadCompareStep(step) {
      return loadStep(step);
    },

    setCompareConfig(compareConfig) {
      set({ compareConfig });
      void run();
      const active = get().active;
      if (!active) return;
      // Kept with the session, so that it reopens and exports with the same B.
      set({ active: { ...active, record: { ...active.record, compareConfig } } });
      void keptWrite(set, 'Configuration B was not saved', () =>
        deps.sessions.update(active.record.id, { compareConfig }),
      );
    },

    refreshComparison() {
      if (get().compareConfig === null)
        set({ compareConfig: get().active?.record.compareConfig ?? defaultCompareConfig(get().config) });
      return run();
    },
  };
}
