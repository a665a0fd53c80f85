import { type SweepConfig, type SweepRow, parseSweepResult } from '../formats/index.ts';
import type { SessionRecord } from '../storage/index.ts';
import { errorText } from './errorText.ts';
import type { GetState, SetState, SweepSlice } from './types.ts';

const stem = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.(jsonl?|zip|tar\.gz|tgz|gz|tar)$/i, '');

/** The stored session of a sweep row's instance: by instance id, else (one-instance logs) by the log's name. */
function sessionFor(sessions: readonly SessionRecord[], row: SweepRow): SessionRecord | undefined {
  if (row.instance !== null) return sessions.find((session) => session.source.instance === row.instance);
  return sessions.find((session) => session.source.instance === null && stem(session.source.name) === stem(row.source));
}

export function createSweepSlice(set: SetState, get: GetState): SweepSlice {
  /** Replays the open session with the row's configuration (presets rebuilt for this log). */
  const applyRowConfig = async (row: SweepRow, config: SweepConfig | undefined) => {
    if (row.config.startsWith('preset:')) return get().applyPreset(row.config.slice('preset:'.length));
    if (row.config === 'recorded' || !config || config.config === null) return get().setMode('recorded');
    if (get().mode !== 'resimulate') get().setMode('resimulate');
    get().setConfig(config.config);
  };

  return {
    sweep: null,
    pendingJump: null,

    openSweep(text, name) {
      try {
        set({ sweep: { name, result: parseSweepResult(text, name) }, notice: null });
      } catch (error) {
        set({ notice: { kind: 'error', text: `${name} was not opened: ${errorText(error)}` } });
      }
    },

    closeSweep() {
      set({ sweep: null });
    },

    async jumpToSweepRow(index) {
      const sweep = get().sweep;
      const row = sweep?.result.rows[index];
      if (!sweep || !row) return;
      const config = sweep.result.configs.find((candidate) => candidate.name === row.config);
      const session = sessionFor(get().sessions, row);
      set({ sweep: null });
      if (!session) {
        // Logs are never part of a sweep result: the user brings the one that holds the instance.
        set({
          pendingJump: { row, config: config ?? null },
          notice: {
            kind: 'info',
            text: `Import ${row.source} to open ${row.instance ?? 'its log'} with ${row.config}; it opens there as soon as it is imported.`,
          },
        });
        return;
      }
      await get().openSession(session.id);
      await applyRowConfig(row, config);
    },

    async finishPendingJump() {
      const jump = get().pendingJump;
      const active = get().active;
      if (!jump || !active) return;
      if (jump.row.instance !== null && active.record.source.instance !== jump.row.instance) return;
      set({ pendingJump: null });
      await applyRowConfig(jump.row, jump.config ?? undefined);
    },
  };
}
