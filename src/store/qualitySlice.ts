import { errorText, isAbort } from './errorText.ts';
import type { GetState, QualitySlice, SetState, StoreDeps } from './types.ts';

/** Facts lost (spec/quality.md) over the session's replay, computed after each replay, and where a fact had gone. */
export function createQualitySlice(set: SetState, get: GetState, deps: StoreDeps): QualitySlice {
  /** The engine's walk for the replay shown last: stopped when a newer replay asks again. */
  let asked: AbortController | null = null;
  return {
    quality: null,
    factOrigin: null,
    droppedFacts: null,

    async refreshQuality() {
      const { active } = get();
      if (!active || get().engineHolds !== active.record.id) return;
      // The walk for an earlier replay is moot: stopped in the engine, not left waiting there.
      asked?.abort();
      const ticket = new AbortController();
      asked = ticket;
      const { signal } = ticket;
      try {
        // The replay just shown, walked again in the background: a step change or the next replay goes first.
        const quality = await deps.engine.call('replayQuality', {}, { signal });
        // A newer replay asked again meanwhile: only its answer describes what is shown.
        if (ticket !== asked || get().active?.record.id !== active.record.id) return;
        // The fact being looked at stays in sight if this replay still loses it there, asked about again.
        const shown = get().factOrigin;
        const still = shown !== null && (quality.steps[shown.step]?.missing_used.includes(shown.fact) ?? false);
        set({ quality, factOrigin: still ? shown : null, droppedFacts: null });
        if (still) void get().explainFact(shown.step, shown.fact);
        const missing = quality.steps.flatMap((step, index) =>
          step && step.missing_used.length > 0 ? [{ step: index, facts: step.missing_used }] : [],
        );
        const droppedFacts = missing.length ? await deps.engine.call('factsDroppedBy', { missing }, { signal }) : {};
        if (ticket === asked) set({ droppedFacts });
      } catch (error) {
        // Stopped in the engine because a newer replay made it moot: that replay asks again.
        if (isAbort(error)) return;
        if (ticket === asked)
          set({ quality: null, notice: { kind: 'error', text: `Facts lost: ${errorText(error)}` } });
      }
    },

    async explainFact(step, fact) {
      try {
        set({ factOrigin: { step, ...(await deps.engine.call('factOrigin', { step, fact })) } });
      } catch (error) {
        set({ notice: { kind: 'error', text: `Where "${fact}" went could not be found: ${errorText(error)}` } });
      }
    },
  };
}
