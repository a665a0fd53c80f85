import { type VersionedWrite, revisionOf } from '../storage/index.ts';
import { errorText } from './errorText.ts';
import { mergeText } from './mergeEdits.ts';
import type { GetState, SessionSlice, SetState, StoreDeps } from './types.ts';

/** How often a merged write is tried again when yet another edit lands in between. */
const MERGE_TRIES = 3;

/**
 * Notes edited in two tabs at once: a write names the revision its draft started from; when another
 * tab wrote the notes since, both edits are merged line by line, or, where they changed the same
 * lines, both are offered (notesConflict) and nothing is written until the user picks.
 */
export function createNotesEdits(
  set: SetState,
  get: GetState,
  deps: StoreDeps,
): Pick<SessionSlice, 'notesConflict' | 'setNotes' | 'resolveNotesConflict'> {
  /** The stored notes are now `text` at `revision`: the open session shows them. */
  const adopt = (sessionId: string, text: string, revision: number) => {
    const active = get().active;
    if (active?.record.id !== sessionId) return;
    set({
      active: {
        ...active,
        record: { ...active.record, notes: text, revisions: { ...active.record.revisions, notes: revision } },
      },
    });
  };

  /** One versioned write; a refusal by storage (full, session gone) is said in a notice. */
  const tryWrite = async (
    sessionId: string,
    text: string,
    revision: number,
  ): Promise<VersionedWrite<string> | null> => {
    try {
      return await deps.sessions.updateVersioned(sessionId, 'notes', text, revision);
    } catch (error) {
      set({ notice: { kind: 'error', text: `The notes were not saved: ${errorText(error)}` } });
      return null;
    }
  };

  /** Writes `mine`, made from `base`; merges with what another tab wrote meanwhile, or offers both. */
  const write = async (sessionId: string, mine: string, base: { text: string; revision: number }) => {
    let from = base;
    for (let attempt = 0; attempt < MERGE_TRIES; attempt++) {
      const text = attempt === 0 ? mine : mergeText(base.text, mine, from.text);
      if (text === null) {
        set({ notesConflict: { sessionId, mine, theirs: from.text, revision: from.revision } });
        return null;
      }
      const outcome = await tryWrite(sessionId, text, from.revision);
      if (!outcome) return null;
      if (outcome.saved) {
        adopt(sessionId, text, outcome.revision);
        set({ notesConflict: null });
        if (attempt > 0)
          set({
            notice: {
              kind: 'info',
              text: 'Your notes were merged with an edit made in another tab meanwhile; both are kept.',
            },
          });
        return { text, revision: outcome.revision };
      }
      from = { text: outcome.stored, revision: outcome.revision };
      adopt(sessionId, from.text, from.revision);
      if (from.text === mine) return from;
    }
    set({ notesConflict: { sessionId, mine, theirs: from.text, revision: from.revision } });
    return null;
  };

  return {
    notesConflict: null,

    async setNotes(notes, base) {
      const active = get().active;
      if (!active) return null;
      const from = base ?? { text: active.record.notes, revision: revisionOf(active.record, 'notes') };
      // Nothing typed: nothing written (a stale copy is never written back on focus and blur).
      if (notes === from.text) return from;
      return write(active.record.id, notes, from);
    },

    async resolveNotesConflict(choice) {
      const conflict = get().notesConflict;
      if (!conflict) return null;
      if (choice === 'theirs') {
        set({ notesConflict: null });
        return { text: conflict.theirs, revision: conflict.revision };
      }
      const text = choice === 'mine' ? conflict.mine : `${conflict.theirs}\n\n${conflict.mine}`;
      return write(conflict.sessionId, text, { text: conflict.theirs, revision: conflict.revision });
    },
  };
}
