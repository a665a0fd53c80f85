import { useId, useState } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';
import '../kept-work/keptWork.css';

interface Base {
  readonly text: string;
  readonly revision: number;
}

/** Both versions of notes two tabs changed on the same lines, and the user's choice between them. */
function NotesConflict({ onResolved }: { onResolved: (stored: Base) => void }) {
  const conflict = useAppState((s) => s.notesConflict);
  const sessionId = useAppState((s) => s.active?.record.id);
  const { resolveNotesConflict } = useActions();
  if (!conflict || conflict.sessionId !== sessionId) return null;
  const pick = async (choice: 'mine' | 'theirs' | 'both') => {
    const stored = await resolveNotesConflict(choice);
    if (stored) onResolved(stored);
  };
  return (
    <div className="edit-conflict" role="alert">
      <p>
        Another tab changed these notes while you edited them, on the same lines. Nothing is lost: pick what to keep.
      </p>
      <p>The other tab’s notes (stored now):</p>
      <pre>{conflict.theirs || '(empty)'}</pre>
      <p>Yours:</p>
      <pre>{conflict.mine || '(empty)'}</pre>
      <div className="form-actions">
        <button type="button" onClick={() => void pick('both')}>
          Keep both
        </button>
        <button type="button" onClick={() => void pick('mine')}>
          Keep mine
        </button>
        <button type="button" onClick={() => void pick('theirs')}>
          Keep theirs
        </button>
      </div>
    </div>
  );
}

/**
 * The session's notes. The draft remembers which stored notes it started from: untouched, it follows
 * what storage holds (another tab's edit shows at once); edited, its save is merged with what another
 * tab wrote meanwhile. Focusing and leaving the box without typing writes nothing.
 */
export function NotesEditor({ saved, revision }: { saved: string; revision: number }) {
  const { setNotes } = useActions();
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState<Base>({ text: saved, revision });
  const id = useId();
  const storedChanged = base.text !== saved || base.revision !== revision;
  if (storedChanged && draft === base.text) {
    // Untouched: follow storage (set during render, so the old text never shows).
    setDraft(saved);
    setBase({ text: saved, revision });
  }
  const resolved = (stored: Base) => {
    setBase(stored);
    setDraft(stored.text);
  };
  const save = async () => {
    if (draft === base.text) return;
    const sent = draft;
    const stored = await setNotes(sent, base);
    if (!stored) return;
    setBase(stored);
    setDraft((current) => (current === sent ? stored.text : current));
  };
  return (
    <details className="notes">
      <summary>Notes{saved ? ' ✎' : ''}</summary>
      <label htmlFor={id}>Notes on this session (exported with it)</label>
      <textarea id={id} rows={4} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={() => void save()} />
      {storedChanged && draft !== base.text && (
        <p className="help">
          Changed in another tab while you were typing: your notes will be merged with that when you leave the box.
        </p>
      )}
      <NotesConflict onResolved={resolved} />
    </details>
  );
}
