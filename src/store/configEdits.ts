import { type VersionedWrite, revisionOf } from '../storage/index.ts';
import { errorText } from './errorText.ts';
import { mergeJson } from './mergeEdits.ts';
import { configProblem } from './replayRequest.ts';
import type { GetState, ReplaySlice, SetState, StoreDeps } from './types.ts';

const MERGE_TRIES = 3;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The configuration edited in two tabs at once. Each write names the revision this tab last read; when
 * another tab wrote the configuration since, the two are merged setting by setting (A's max_size and B's
 * keep_first both stay), and settings both changed differently are offered (configConflict) with nothing
 * written until the user picks. Writes run one at a time, each with the newest configuration.
 */
export function createConfigEdits(
  set: SetState,
  get: GetState,
  deps: StoreDeps,
): Pick<ReplaySlice, 'configConflict' | 'resolveConfigConflict'> & { saveConfig(): Promise<void> } {
  let writing: Promise<void> | null = null;
  let again = false;

  /** What storage holds now becomes this tab's base (the session record's config and revision). */
  const adopt = (sessionId: string, config: unknown, revision: number) => {
    const active = get().active;
    if (active?.record.id !== sessionId) return;
    set({
      active: {
        ...active,
        record: { ...active.record, config, revisions: { ...active.record.revisions, config: revision } },
      },
    });
  };

  const tryWrite = async (
    sessionId: string,
    config: unknown,
    revision: number,
  ): Promise<VersionedWrite<unknown> | null> => {
    try {
      return await deps.sessions.updateVersioned(sessionId, 'config', config, revision);
    } catch (error) {
      set({ notice: { kind: 'error', text: `The settings change was not saved: ${errorText(error)}` } });
      return null;
    }
  };

  /** The merged configuration replaces the one shown, with any edit made since laid on top of it. */
  const showMerged = async (mine: unknown, merged: unknown) => {
    const current = get().config;
    const rebased = same(current, mine) ? { merged } : mergeJson(mine, current, merged);
    if (!('merged' in rebased)) return;
    set({ config: rebased.merged, configError: configProblem(rebased.merged, get().active) });
    set({
      notice: {
        kind: 'info',
        text: 'Your settings change was merged with one made in another tab meanwhile; both are kept.',
      },
    });
    await get().rerun();
  };

  const writeOnce = async () => {
    const active = get().active;
    if (!active || get().configConflict?.sessionId === active.record.id) return;
    const sessionId = active.record.id;
    const mine = get().config;
    if (configProblem(mine, active)) return;
    const base = { config: active.record.config, revision: revisionOf(active.record, 'config') };
    let value = mine;
    let revision = base.revision;
    for (let attempt = 0; attempt < MERGE_TRIES; attempt++) {
      if (same(value, base.config) && attempt === 0) return;
      const outcome = await tryWrite(sessionId, value, revision);
      if (!outcome) return;
      if (outcome.saved) {
        adopt(sessionId, value, outcome.revision);
        if (attempt > 0) await showMerged(mine, value);
        return;
      }
      adopt(sessionId, outcome.stored, outcome.revision);
      revision = outcome.revision;
      const merged = mergeJson(base.config, mine, outcome.stored);
      if (!('merged' in merged)) {
        set({ configConflict: { sessionId, mine, theirs: outcome.stored, settings: merged.conflicts, revision } });
        return;
      }
      if (same(merged.merged, outcome.stored)) {
        await showMerged(mine, merged.merged);
        return;
      }
      value = merged.merged;
    }
  };

  /** Writes the newest configuration; asked again while a write runs, it writes once more after. */
  const saveConfig = () => {
    if (writing) {
      again = true;
      return writing;
    }
    writing = (async () => {
      do {
        again = false;
        await writeOnce();
      } while (again);
    })().finally(() => {
      writing = null;
    });
    return writing;
  };

  return {
    configConflict: null,
    saveConfig,

    async resolveConfigConflict(choice) {
      const conflict = get().configConflict;
      if (!conflict) return;
      set({ configConflict: null });
      if (get().active?.record.id !== conflict.sessionId) return;
      if (choice === 'theirs') {
        set({ config: conflict.theirs, configError: configProblem(conflict.theirs, get().active) });
        await get().rerun();
        return;
      }
      // The other tab's settings are this tab's base now: this write replaces them knowingly.
      set({ config: conflict.mine });
      await saveConfig();
      await get().rerun();
    },
  };
}
