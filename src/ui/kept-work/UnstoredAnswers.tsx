import { answersAtRisk } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { downloadParts } from '../shared/download.ts';
import './keptWork.css';

/**
 * Paid answers storage refused stay in this tab: this line stays too (notices come and go) until they
 * are stored or exported.
 */
export function UnstoredAnswers() {
  const count = useAppState(answersAtRisk);
  const theirSession = useAppState((s) => s.unsavedAnswers?.sessionId ?? null);
  const activeId = useAppState((s) => s.active?.record.id ?? null);
  const sessionName = useAppState(
    (s) => s.sessions.find((session) => session.id === s.unsavedAnswers?.sessionId)?.name ?? null,
  );
  const { exportSession } = useActions();
  if (count === 0) return null;
  const onExport = async () => {
    const file = await exportSession();
    if (file) downloadParts(file.fileName, file.parts);
  };
  return (
    <div className="unstored-answers" role="alert">
      <span>
        {count === 1 ? '1 answer' : `${count} answers`} not stored
        {theirSession !== activeId && sessionName ? ` (session “${sessionName}”)` : ''}: they are only in this tab.
      </span>
      {theirSession === activeId ? (
        <button type="button" onClick={() => void onExport()}>
          Export
        </button>
      ) : (
        <span>Open that session and export it to keep them.</span>
      )}
    </div>
  );
}
