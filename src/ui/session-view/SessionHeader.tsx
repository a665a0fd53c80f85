import { useActions, useAppState } from '../app/storeContext.tsx';
import { NotesEditor } from './NotesEditor.tsx';
import { RecordedBill } from './RecordedBill.tsx';
import { downloadParts } from '../shared/download.ts';
import { formatBytes, formatCount } from '../shared/format.ts';
import './sessionView.css';

function Notes() {
  const notes = useAppState((s) => s.active?.record.notes ?? '');
  const revision = useAppState((s) => s.active?.record.revisions?.notes ?? 0);
  const sessionId = useAppState((s) => s.active?.record.id ?? '');
  // Keyed by session: another session's notes start a fresh draft.
  return <NotesEditor key={sessionId} saved={notes} revision={revision} />;
}

export function SessionHeader() {
  const record = useAppState((s) => s.active?.record ?? null);
  const shapeLabel = useAppState((s) => s.active?.opened.shapeLabel ?? '');
  const mode = useAppState((s) => s.mode);
  const { exportSession } = useActions();
  if (!record) return null;
  const onExport = async () => {
    const file = await exportSession();
    if (file) downloadParts(file.fileName, file.parts);
  };
  // The title says which views follow: the recorded ones, or those the settings would give.
  const modeTitle = mode === 'recorded' ? 'As recorded' : 'Re-simulated with the settings';
  const meta = `${shapeLabel} · ${formatCount(record.source.eventCount)} events · ${formatBytes(record.source.sizeBytes)}`;
  return (
    <header className="session-header">
      <div>
        <h2 title={record.name}>{record.name}</h2>
        <p className="session-meta" title={`${modeTitle} · ${meta}`}>
          <strong className="session-mode">{modeTitle}</strong> · {meta}
          {record.source.instance && ` · instance ${record.source.instance}`}
        </p>
        <RecordedBill />
      </div>
      <div className="session-header-actions">
        <button type="button" onClick={() => void onExport()}>
          Export reproduction file
        </button>
        <Notes />
      </div>
    </header>
  );
}
